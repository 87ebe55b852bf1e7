import { defineResource, textFilter } from './define-resource.js'
import { ID_FIELD } from './types.js'

/**
 * The permission sets directory groups grant (spec 000 §3, §7: GET /ad/permission_sets). Read only
 * here, and shown inside the Active Directory pages (no screen of its own); the groups are
 * server/upstream/routes/directory/. The inline policy is JSON text, shown only when at least 5 characters.
 */
export const adPermissionSets = defineResource({
  key: 'ad_permission_sets',
  path: 'ad/permission_sets',
  noun: 'permission set',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'arn', label: 'ARN', type: 'text', maxLength: 500 },
    { name: 'description', label: 'Description', type: 'text', maxLength: 1000 },
    { name: 'duration', label: 'Duration', type: 'text', maxLength: 50 },
    { name: 'managed_policy', label: 'Managed Policy', type: 'text', maxLength: 500 },
    { name: 'inline_policy', label: 'Inline Policy', type: 'text', maxLength: 20_000 },
    { name: 'relay', label: 'Relay', type: 'text', maxLength: 500 },
  ],
  columns: ['name', 'arn', 'description', 'duration', 'managed_policy', 'relay'],
  filters: [textFilter('name', 'Name'), textFilter('arn', 'ARN')],
  defaultSort: 'name',
  actions: [],
  writes: [],
})
