import { defineResource, textFilter } from './define-resource.js'
import { NAME_ABBREVIATION_FIELDS } from './types.js'

export const departments = defineResource({
  key: 'departments',
  noun: 'department',
  fields: NAME_ABBREVIATION_FIELDS,
  columns: ['name', 'abbreviation'],
  filters: [textFilter('name', 'Name')],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'departments', columns: ['name', 'abbreviation', 'created_at'] },
})
