import { MESSAGES } from '../messages.js'
import { defineResource, textFilter, withLabel } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * Project IDs (spec 001 §2, §3, §7): a project of a cost center network with its SAP and PPM names,
 * active between two dates, optionally replaced by another project. Edited inline or on its pages;
 * loaded with networks by the 'Upload New Network/Project IDs' dialog.
 */
const COLUMNS = [
  'identifier',
  'cost_center_network_identifier',
  'sap_project_name',
  'ppm_project_name',
  'active',
  'active_at',
  'expired_at',
  'end_date',
  'replacement_project',
] as const

export const projectIds = defineResource({
  key: 'project_ids',
  noun: 'project ID',
  title: 'Project ID',
  fields: [
    ID_FIELD,
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, unique: true, maxLength: 50 },
    ...withLabel(
      {
        name: 'cost_center_network_id',
        label: 'Cost Center Network',
        type: 'lookup',
        required: true,
        lookup: { model: 'cost_center_networks', labelField: 'identifier' },
      },
      'cost_center_network_identifier',
    ),
    { name: 'sap_project_name', label: 'SAP Project Name', type: 'text', maxLength: 200 },
    { name: 'ppm_project_name', label: 'PPM Project Name', type: 'text', maxLength: 200 },
    { name: 'active', label: 'Active', type: 'boolean' },
    { name: 'active_at', label: 'Active From', type: 'datetime' },
    { name: 'expired_at', label: 'Expired', type: 'datetime', expiry: true, clearable: true },
    { name: 'end_date', label: 'End Date', type: 'date', clearable: true },
    ...withLabel(
      { name: 'new_project_id', label: 'Replacement', type: 'lookup', lookup: { model: 'project_ids', labelField: 'identifier' } },
      'replacement_project',
    ),
    CREATED_AT_FIELD,
  ],
  columns: COLUMNS,
  filters: [textFilter('identifier', 'Identifier')],
  defaultSort: 'identifier',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: {
    prefix: 'project_ids',
    // the file says 'network' where the table says the network's identifier
    columns: COLUMNS.map((c) => (c === 'cost_center_network_identifier' ? { header: 'network', field: c } : c)),
  },
  messages: { duplicate: MESSAGES.duplicateIdentifier },
})
