import { defineResource, withLabel, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const githubOrganizationApps = defineResource({
  key: 'github_organization_apps',
  // spec 001 §7: the writes wrap the record in the plural key {github_organization_apps: {...}}
  bodyKey: 'github_organization_apps',
  noun: 'GitHub organization app',
  title: 'GitHub Org Application',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'description', label: 'Description', type: 'text', maxLength: 1000 },
    { name: 'app_id', label: 'App ID', type: 'text', maxLength: 50 },
    { name: 'client_id', label: 'Client ID', type: 'text', maxLength: 100 },
    // spec 001 §3: write-only, never in an answer or a CSV; an edit without one keeps the stored key
    { name: 'private_key', label: 'Private Key', type: 'text', writeOnly: true, maxLength: 10_000 },
    ...withLabel(
      {
        name: 'cost_centers_id',
        label: 'Cost Center',
        type: 'lookup',
        required: true,
        lookup: { model: 'cost_centers', labelField: 'identifier' },
      },
      'cost_center',
    ),
    { name: 'team_selection', label: 'Team Selection?', type: 'boolean' },
    { name: 'exclude_form', label: 'Form Excluded?', type: 'boolean' },
    { name: 'copilot_enabled', label: 'Copilot Enabled?', type: 'boolean' },
    CREATED_AT_FIELD,
  ],
  columns: ['name', 'description', 'app_id', 'client_id', 'team_selection', 'exclude_form', 'copilot_enabled', 'cost_center'],
  filters: [textFilter('name', 'Name')],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit'],
  csv: {
    prefix: 'github_organization_apps',
    columns: [
      'name',
      'description',
      'app_id',
      'client_id',
      'team_selection',
      'exclude_form',
      'copilot_enabled',
      'cost_center',
      'created_at',
    ],
  },
  // spec 001 §8: the GitHub app forms say 'company'
  messages: { submitFailed: 'There was a problem submitting this company. Please try again.' },
})
