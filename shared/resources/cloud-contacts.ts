import { CREATED_AT_FIELD, ID_FIELD, type ResourceDef } from './types.js'

export const cloudContacts: ResourceDef = {
  key: 'cloud_contacts',
  path: 'cloud_contacts',
  table: 'cloud_contacts',
  bodyKey: 'cloud_contact',
  fields: [
    ID_FIELD,
    { name: 'email', label: 'Email', type: 'email', required: true, unique: true, maxLength: 254 },
    { name: 'name', label: 'Name', type: 'text', maxLength: 200 },
    { name: 'terminated', label: 'Terminated', type: 'boolean' },
    CREATED_AT_FIELD,
  ],
  columns: ['terminated', 'name', 'email'],
  filters: [
    { param: 'by_name', label: 'Name', field: 'name', kind: 'text' },
    { param: 'by_email', label: 'Email', field: 'email', kind: 'text' },
  ],
  defaultSort: 'email',
  actions: ['view', 'create', 'crud'],
  calls: [{ method: 'POST', path: 'by_email' }],
  csv: { prefix: 'cloud_contacts', columns: ['terminated', 'name', 'email', 'created_at'] },
  singleAdd: true,
  messages: {
    listTitle: 'Cloud Contacts Table',
    createTitle: 'Add New Cloud Contact',
    editTitle: 'Edit Cloud Contact',
    addLabel: 'Add New Cloud Contact',
    created: 'Your new contact has been added!',
    updated: 'Your contact has been updated!',
    deleted: 'The contact has been deleted!',
    createFailed: 'There was a problem adding this contact record. Please try again.',
    updateFailed: 'There was a problem updating this contact record. Please try again.',
    submitFailed: 'There was a problem submitting this contact. Please try again.',
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
  },
}
