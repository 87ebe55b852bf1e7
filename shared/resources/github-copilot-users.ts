import { defineResource, withLabel, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const githubCopilotUsers = defineResource({
  key: 'github_copilot_users',
  noun: 'GitHub Copilot user',
  title: 'GitHub Copilot User',
  // spec 001 §3, §7: the writes name the cost center `cost_center`, the contact and app by their ids
  fields: [
    ID_FIELD,
    { name: 'github_username', label: 'GitHub Username', type: 'text', required: true, unique: true, maxLength: 100 },
    { name: 'name', label: 'Name', type: 'text', maxLength: 200 },
    ...withLabel(
      {
        name: 'cost_center',
        label: 'Cost Center',
        type: 'lookup',
        lookup: { model: 'cost_centers', labelField: 'identifier', byLabel: true },
      },
      'cost_center_identifier',
    ),
    ...withLabel(
      { name: 'cloud_contact_id', label: 'Cloud Contact', type: 'lookup', lookup: { model: 'cloud_contacts', labelField: 'email' } },
      'cloud_contact_email',
      { type: 'email' },
    ),
    ...withLabel(
      {
        name: 'github_organization_app_id',
        label: 'GitHub Organization',
        type: 'lookup',
        required: true,
        lookup: { model: 'github_organization_apps', labelField: 'name' },
      },
      'github_organization',
    ),
    { name: 'easy_vista_ticket_number', label: 'EasyVista Ticket', type: 'text', maxLength: 50 },
    { name: 'requestor', label: 'Requestor', type: 'text', maxLength: 254 },
    CREATED_AT_FIELD,
  ],
  columns: [
    'github_username',
    'name',
    'cost_center_identifier',
    'cloud_contact_email',
    'github_organization',
    'easy_vista_ticket_number',
    'requestor',
  ],
  filters: [textFilter('github_username', 'GitHub Username')],
  defaultSort: 'github_username',
  actions: ['view', 'crud'],
  csv: {
    prefix: 'github_copilot_users',
    columns: [
      'github_username',
      'name',
      { header: 'cost_center', field: 'cost_center_identifier' },
      'cloud_contact_email',
      'github_organization',
      'easy_vista_ticket_number',
      'requestor',
      'created_at',
    ],
  },
})
