import { defineResource, textFilter } from './define-resource.js'
import { ID_FIELD } from './types.js'

/** A cloud project (spec 001 §2, §3), read-only: the list and its CSV. */
export const cloudProjects = defineResource({
  key: 'cloud_projects',
  noun: 'cloud project',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'default_project', label: 'Default Project', type: 'boolean' },
    { name: 'environment', label: 'Environment', type: 'text', maxLength: 100 },
    { name: 'it_org_owner', label: 'IT Org Owner', type: 'text', maxLength: 200 },
    { name: 'cloud_form', label: 'Cloud Form', type: 'text', maxLength: 200 },
    { name: 'cloud_contact_email', label: 'Owner', type: 'email', maxLength: 254 },
  ],
  columns: ['name', 'default_project', 'environment', 'it_org_owner', 'cloud_form', 'cloud_contact_email'],
  filters: [
    textFilter('name', 'Name'),
    textFilter('environment', 'Environment'),
    textFilter('it_org_owner', 'IT Org Owner'),
    textFilter('cloud_form', 'Cloud Form'),
    textFilter('cloud_contact_email', 'Owner'),
  ],
  defaultSort: 'name',
  actions: ['view'],
  csv: {
    prefix: 'cloud_projects',
    columns: ['name', 'default_project', 'environment', 'it_org_owner', 'cloud_form', { header: 'owner', field: 'cloud_contact_email' }],
  },
})
