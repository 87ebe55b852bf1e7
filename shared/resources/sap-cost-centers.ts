import { MESSAGES } from '../messages.js'
import { CREATED_AT_FIELD, ID_FIELD, OWNER_AND_COMPANY_FIELDS, type ResourceDef } from './types.js'

export const sapCostCenters: ResourceDef = {
  key: 'sap_cost_centers',
  path: 'sap_cost_centers',
  table: 'sap_cost_centers',
  bodyKey: 'sap_cost_center',
  fields: [
    ID_FIELD,
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, unique: true, maxLength: 50 },
    ...OWNER_AND_COMPANY_FIELDS,
    CREATED_AT_FIELD,
  ],
  columns: ['identifier', 'company_code', 'aws_gl', 'gcp_gl', 'azure_gl', 'cloud_contact_email'],
  filters: [{ param: 'by_identifier', label: 'Identifier', field: 'identifier', kind: 'text' }],
  defaultSort: 'identifier',
  actions: ['view', 'crud'],
  csv: {
    prefix: 'sap_cost_centers',
    columns: ['identifier', 'company_code', 'aws_gl', 'gcp_gl', 'azure_gl', { header: 'owner', field: 'cloud_contact_email' }],
  },
  messages: {
    listTitle: 'SAP Cost Centers Table',
    createTitle: 'Add New SAP Cost Center',
    editTitle: 'Edit SAP Cost Center',
    addLabel: 'Add New SAP Cost Center',
    created: 'Your new cost center has been added!',
    updated: 'Your cost center has been updated!',
    deleted: 'The cost center has been deleted!',
    createFailed: 'There was a problem adding this sap cost center record. Please try again.',
    updateFailed: 'There was a problem updating this sap cost center record. Please try again.',
    submitFailed: null,
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
    duplicate: MESSAGES.duplicateIdentifier,
  },
}
