import { defineResource, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const GL_TYPES = ['Cloud Services', 'Hardware', 'Other'] as const
export const RI_OR_RENO = ['RI', 'Reno'] as const

export const companies = defineResource({
  key: 'companies',
  noun: 'company',
  pluralTitle: 'Companies',
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
  filters: [textFilter('code', 'Company Code')],
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
    updateFailed: 'There was a problem submitting this company. Please try again.',
    submitFailed: 'There was a problem submitting this company. Please try again.',
  },
})
