import { MESSAGES } from '../messages.js'
import { defineResource, textFilter, withLabel } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * Cost center networks (spec 001 §2, §3, §7): a network identifier billed to a cost center, active
 * between two dates, optionally replaced by another network. Edited inline or on its pages; the
 * 'Upload New Network/Project IDs' dialog loads networks and their project IDs from a CSV.
 */
const COLUMNS = ['identifier', 'cost_center_identifier', 'active_at', 'expired_at', 'replacement_network', 'created_at'] as const

export const costCenterNetworks = defineResource({
  key: 'cost_center_networks',
  noun: 'cost center network',
  fields: [
    ID_FIELD,
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, unique: true, maxLength: 50 },
    ...withLabel(
      {
        name: 'cost_center_id',
        label: 'Cost Center',
        type: 'lookup',
        required: true,
        lookup: { model: 'cost_centers', labelField: 'identifier' },
      },
      'cost_center_identifier',
    ),
    { name: 'active_at', label: 'Active', type: 'datetime' },
    { name: 'expired_at', label: 'Expired', type: 'datetime', expiry: true, clearable: true },
    ...withLabel(
      { name: 'new_network_id', label: 'Replacement', type: 'lookup', lookup: { model: 'cost_center_networks', labelField: 'identifier' } },
      'replacement_network',
    ),
    CREATED_AT_FIELD,
  ],
  columns: COLUMNS,
  filters: [textFilter('identifier', 'Identifier')],
  defaultSort: 'identifier',
  actions: ['view', 'create', 'edit', 'crud'],
  // spec 001 §7: POST /cost_center_networks/upload (the gateway's upload target builds its body)
  csv: {
    prefix: 'cost_center_networks',
    // the file says 'cost_center' where the table says the cost center's identifier
    columns: COLUMNS.map((c) => (c === 'cost_center_identifier' ? { header: 'cost_center', field: c } : c)),
  },
  messages: { duplicate: MESSAGES.duplicateIdentifier },
})
