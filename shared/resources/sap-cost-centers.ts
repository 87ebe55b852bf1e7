import { defineResource, OWNER_AND_COMPANY_FIELDS, textFilter } from './define-resource.js'
import { MESSAGES } from '../messages.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const sapCostCenters = defineResource({
  key: 'sap_cost_centers',
  noun: 'cost center',
  title: 'SAP Cost Center',
  fields: [
    ID_FIELD,
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, unique: true, maxLength: 50 },
    ...OWNER_AND_COMPANY_FIELDS,
    CREATED_AT_FIELD,
  ],
  columns: ['identifier', 'company_code', 'aws_gl', 'gcp_gl', 'azure_gl', 'cloud_contact_email'],
  filters: [textFilter('identifier', 'Identifier')],
  defaultSort: 'identifier',
  actions: ['view', 'crud'],
  csv: {
    prefix: 'sap_cost_centers',
    columns: ['identifier', 'company_code', 'aws_gl', 'gcp_gl', 'azure_gl', { header: 'owner', field: 'cloud_contact_email' }],
  },
  messages: {
    createFailed: 'There was a problem adding this sap cost center record. Please try again.',
    updateFailed: 'There was a problem updating this sap cost center record. Please try again.',
    duplicate: MESSAGES.duplicateIdentifier,
  },
})
