import { NAME_ABBREVIATION_FIELDS, type ResourceDef } from './types.js'

export const departments: ResourceDef = {
  key: 'departments',
  path: 'departments',
  table: 'departments',
  bodyKey: 'department',
  fields: NAME_ABBREVIATION_FIELDS,
  columns: ['name', 'abbreviation'],
  filters: [{ param: 'by_name', label: 'Name', field: 'name', kind: 'text' }],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'departments', columns: ['name', 'abbreviation', 'created_at'] },
  messages: {
    listTitle: 'Departments Table',
    createTitle: 'Add New Department',
    editTitle: 'Edit Department',
    addLabel: 'Add New Department',
    created: 'Your new department has been added!',
    updated: 'Your department has been updated!',
    deleted: 'The department has been deleted!',
    createFailed: 'There was a problem adding this department record. Please try again.',
    updateFailed: 'There was a problem updating this department record. Please try again.',
    submitFailed: null,
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
  },
}
