import { NAME_ABBREVIATION_FIELDS, type ResourceDef } from './types.js'

export const businessUnits: ResourceDef = {
  key: 'business_units',
  path: 'business_units',
  table: 'business_units',
  bodyKey: 'business_unit',
  fields: NAME_ABBREVIATION_FIELDS,
  columns: ['name', 'abbreviation'],
  filters: [{ param: 'by_name', label: 'Name', field: 'name', kind: 'text' }],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'business_units', columns: ['name', 'abbreviation', 'created_at'] },
  messages: {
    listTitle: 'Business Units Table',
    createTitle: 'Add New business unit',
    editTitle: 'Edit business unit',
    addLabel: 'Add New business unit',
    created: 'Your new business unit has been added!',
    updated: 'Your business unit has been updated!',
    deleted: 'The business unit has been deleted!',
    createFailed: 'There was a problem adding this business unit record. Please try again.',
    updateFailed: 'There was a problem updating this business unit record. Please try again.',
    submitFailed: null,
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
  },
}
