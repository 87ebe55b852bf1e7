import { CREATED_AT_FIELD, ID_FIELD, type ResourceDef } from './types.js'

export const GL_TYPES = ['Cloud Services', 'Hardware', 'Other'] as const
export const RI_OR_RENO = ['RI', 'Reno'] as const

export const companies: ResourceDef = {
  key: 'companies',
  path: 'companies',
  table: 'companies',
  bodyKey: 'company',
  fields: [
    ID_FIELD,
    { name: 'code', label: 'Company Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'country', label: 'Location', type: 'text', maxLength: 100 },
    { name: 'aws_gl', label: 'AWS GL', type: 'text', maxLength: 20 },
    { name: 'gcp_gl', label: 'GCP GL', type: 'text', maxLength: 20 },
    { name: 'azure_gl', label: 'Azure GL', type: 'text', maxLength: 20 },
    { name: 'riOrReno', label: 'RI/Reno', type: 'select', options: RI_OR_RENO },
    { name: 'gl_type', label: 'GL Type', type: 'select', options: GL_TYPES },
    CREATED_AT_FIELD,
  ],
  columns: ['code', 'country', 'aws_gl', 'gcp_gl', 'azure_gl', 'riOrReno', 'gl_type', 'created_at'],
  filters: [{ param: 'by_code', label: 'Company Code', field: 'code', kind: 'text' }],
  defaultSort: 'code',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: {
    prefix: 'companies',
    columns: [
      { header: 'company_code', field: 'code' },
      { header: 'location', field: 'country' },
      'gl_type',
      'aws_gl',
      'gcp_gl',
      'azure_gl',
      'created_at',
    ],
  },
  messages: {
    listTitle: 'Companies Table',
    createTitle: 'Add New Company',
    editTitle: 'Edit Company',
    addLabel: 'Add New Company',
    created: 'Your new company has been added!',
    updated: 'Your company has been updated!',
    deleted: 'The company has been deleted!',
    createFailed: 'There was a problem adding this company record. Please try again.',
    updateFailed: 'There was a problem submitting this company. Please try again.',
    submitFailed: 'There was a problem submitting this company. Please try again.',
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
  },
}
