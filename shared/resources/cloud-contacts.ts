import { defineResource, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const cloudContacts = defineResource({
  key: 'cloud_contacts',
  noun: 'contact',
  title: 'Cloud Contact',
  fields: [
    ID_FIELD,
    // spec 001 §5: the email placeholder refers to a company email
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      required: true,
      unique: true,
      maxLength: 254,
      placeholder: 'Company email, e.g. jane.doe@company.com',
    },
    { name: 'name', label: 'Name', type: 'text', maxLength: 200 },
    { name: 'terminated', label: 'Terminated', type: 'boolean' },
    CREATED_AT_FIELD,
  ],
  columns: ['terminated', 'name', 'email'],
  filters: [textFilter('name', 'Name'), textFilter('email', 'Email')],
  defaultSort: 'email',
  actions: ['view', 'create', 'crud'],
  csv: { prefix: 'cloud_contacts', columns: ['terminated', 'name', 'email', 'created_at'] },
  singleAdd: true,
  messages: { submitFailed: 'There was a problem submitting this contact. Please try again.' },
})
