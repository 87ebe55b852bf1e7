import { defineResource, textFilter } from './define-resource.js'
import { NAME_ABBREVIATION_FIELDS } from './types.js'

export const businessUnits = defineResource({
  key: 'business_units',
  noun: 'business unit',
  fields: NAME_ABBREVIATION_FIELDS,
  columns: ['name', 'abbreviation'],
  filters: [textFilter('name', 'Name')],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'business_units', columns: ['name', 'abbreviation', 'created_at'] },
  // spec 001 §8 writes these in lower case
  messages: {
    createTitle: 'Add New business unit',
    editTitle: 'Edit business unit',
    addLabel: 'Add New business unit',
  },
})
