import { defineResource, OWNER_BY_EMAIL_AND_COMPANY_FIELDS, withLabel, textFilter } from './define-resource.js'
import { MESSAGES } from '../messages.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const CREATED_WITHIN_DAYS = ['All', '30', '60', '90'] as const

/** The cost centers whose owner is terminated: the list's filter, as a CSV of its own file name. */
export const TERMINATED_OWNERS_CSV = { param: 'by_owner_terminated', value: 'true', prefix: 'terminated_owner_cost_centers' } as const

export const costCenters = defineResource({
  key: 'cost_centers',
  noun: 'cost center',
  fields: [
    ID_FIELD,
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, unique: true, maxLength: 50 },
    ...OWNER_BY_EMAIL_AND_COMPANY_FIELDS,
    {
      name: 'owner_terminated',
      label: 'Owner Terminated',
      type: 'boolean',
      readOnly: true,
      join: { via: 'cloud_contact_id', column: 'terminated' },
    },
    ...withLabel(
      {
        name: 'business_units_id',
        label: 'Business Unit',
        type: 'lookup',
        required: true,
        lookup: { model: 'business_units', labelField: 'name' },
      },
      'business_unit_name',
    ),
    ...withLabel(
      { name: 'departments_id', label: 'Department', type: 'lookup', required: true, lookup: { model: 'departments', labelField: 'name' } },
      'department_name',
    ),
    { name: 'approved', label: 'Approved', type: 'boolean' },
    { name: 'active_at', label: 'Active', type: 'datetime' },
    // spec 001 §4: the expiry date can be cleared
    { name: 'expired_at', label: 'Expired', type: 'datetime', expiry: true, clearable: true },
    ...withLabel(
      { name: 'new_cost_center_id', label: 'Replacement', type: 'lookup', lookup: { model: 'cost_centers', labelField: 'identifier' } },
      'new_cost_center_identifier',
    ),
    ...withLabel(
      {
        name: 'alt_cost_center_id',
        label: 'Backup (WBS only)',
        type: 'lookup',
        lookup: { model: 'cost_centers', labelField: 'identifier' },
      },
      'alt_cost_center_identifier',
      { label: 'Backup' },
    ),
    CREATED_AT_FIELD,
  ],
  columns: [
    'identifier',
    'company_code',
    'aws_gl',
    'gcp_gl',
    'azure_gl',
    'cloud_contact_email',
    'approved',
    'owner_terminated',
    'business_unit_name',
    'department_name',
    'active_at',
    'expired_at',
    'new_cost_center_identifier',
    'alt_cost_center_identifier',
    'created_at',
  ],
  filters: [
    textFilter('identifier', 'Identifier'),
    {
      param: 'by_created_within',
      label: 'Created within (days)',
      field: 'created_at',
      kind: 'createdWithin',
      options: CREATED_WITHIN_DAYS,
    },
    // spec 001 §2: "a separate CSV of cost centers whose owner is terminated" is this filter on the CSV
    { param: 'by_owner_terminated', label: 'Owner terminated', field: 'owner_terminated', kind: 'exact', options: ['true', 'false'] },
  ],
  defaultSort: 'identifier',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: {
    prefix: 'cost_centers',
    // spec 001 §2: "a separate CSV of cost centers whose owner is terminated", a file of its own name
    subsets: [TERMINATED_OWNERS_CSV],
    columns: [
      'identifier',
      'company_code',
      'aws_gl',
      'gcp_gl',
      'azure_gl',
      { header: 'owner', field: 'cloud_contact_email' },
      'approved',
      'owner_terminated',
      'business_unit_name',
      'department_name',
      'active_at',
      'expired_at',
      { header: 'replacement', field: 'new_cost_center_identifier' },
      { header: 'backup', field: 'alt_cost_center_identifier' },
      'created_at',
    ],
  },
  messages: {
    submitFailed: 'There was a problem submitting this cost center. Please try again.',
    duplicate: MESSAGES.duplicateIdentifier,
  },
})
