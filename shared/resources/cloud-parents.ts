import { choiceFilter, defineResource, textFilter } from './define-resource.js'
import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS, CLOUD_LABELS } from '../constants.js'
import { ID_FIELD } from './types.js'

/** The cloud of a cloud parent, as the upstream types them (spec 000 §6). */
export const CLOUD_PARENT_PROVIDERS = ['AwsCloudParent', 'GcpCloudParent', 'AzureCloudParent'] as const

/**
 * A cloud parent: an AWS account, a GCP project or an Azure subscription (spec 001 §2, §3). Read-only
 * here: the list and its CSV (spec 001 §7: GET /cloud_parents); the records come from the clouds.
 */
export const cloudParents = defineResource({
  key: 'cloud_parents',
  noun: 'cloud parent',
  fields: [
    ID_FIELD,
    { name: 'provider_type', label: 'Cloud', type: 'select', required: true, options: CLOUD_PARENT_PROVIDERS, optionLabels: CLOUD_LABELS },
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'name', label: 'Name', type: 'text', maxLength: 200 },
    { name: 'email', label: 'Email', type: 'email', maxLength: 254 },
    { name: 'cloud_contact_email', label: 'Owner', type: 'email', maxLength: 254 },
    {
      name: 'business_unit_name',
      label: 'Business Unit',
      type: 'select',
      options: BUSINESS_UNIT_OPTIONS,
      optionLabels: BUSINESS_UNIT_LABELS,
    },
    { name: 'department', label: 'Department', type: 'text', maxLength: 200 },
    { name: 'environment', label: 'Environment', type: 'text', maxLength: 100 },
    { name: 'cost_center', label: 'Cost Center', type: 'text', maxLength: 100 },
    { name: 'terminated', label: 'Terminated', type: 'boolean' },
    { name: 'billing_contact', label: 'Billing Contact', type: 'email', maxLength: 254 },
    { name: 'security_contact', label: 'Security Contact', type: 'email', maxLength: 254 },
    { name: 'operations_contact', label: 'Operations Contact', type: 'email', maxLength: 254 },
  ],
  columns: [
    'terminated',
    'provider_type',
    'identifier',
    'name',
    'email',
    'cloud_contact_email',
    'business_unit_name',
    'department',
    'environment',
    'cost_center',
  ],
  filters: [
    textFilter('identifier', 'Identifier'),
    textFilter('name', 'Name'),
    textFilter('email', 'Email'),
    textFilter('cloud_contact_email', 'Owner'),
    textFilter('department', 'Department'),
    textFilter('environment', 'Environment'),
    textFilter('cost_center', 'Cost Center'),
    choiceFilter('provider_type', 'Cloud', CLOUD_PARENT_PROVIDERS, CLOUD_LABELS),
    choiceFilter('business_unit_name', 'Business Unit', BUSINESS_UNIT_OPTIONS, BUSINESS_UNIT_LABELS),
  ],
  // its record page is headed with the account's name, not its cloud (issue 39 item 11)
  labelField: 'name',
  defaultSort: 'identifier',
  actions: ['view'],
  // spec 000 §2/§9: the Cloud Account Posture page's counts (server/upstream/routes/cloud-parents/posture.ts)
  csv: {
    prefix: 'cloud_parents',
    columns: [
      'terminated',
      { header: 'cloud', field: 'provider_type' },
      'identifier',
      'name',
      'email',
      { header: 'owner', field: 'cloud_contact_email' },
      { header: 'business_unit', field: 'business_unit_name' },
      'department',
      'environment',
      'cost_center',
      'billing_contact',
      'security_contact',
      'operations_contact',
    ],
  },
})
