import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS, CLOUD_LABELS } from '../constants.js'
import { CERTIFIED_CLOUDS } from './cloud-certifications.js'
import { choiceFilter, defineResource, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD, type ComparisonDef } from './types.js'

/** spec 001 §3: still_in_use and can_be_removed are answered Yes or No */
export const YES_NO = ['Yes', 'No'] as const

/**
 * The survey's fields that a cloud parent also has (spec 001 §2: a cell is red where the answer
 * differs from the cloud parent with the same identifier). The upstream computes the differences
 * in SQL; the add form fills these fields from the cloud parent whose identifier is chosen.
 */
export const SURVEY_COMPARISON = {
  model: 'cloud_parents',
  match: { field: 'identifier', other: 'identifier' },
  fields: {
    // the survey names the cloud as the certifications do (spec 001 §9: aws, azure, gcp)
    provider: { other: 'provider_type', values: { AwsCloudParent: 'aws', GcpCloudParent: 'gcp', AzureCloudParent: 'azure' } },
    project_name: 'name',
    distribution_list: 'email',
    account_owner: 'cloud_contact_email',
    business_unit: 'business_unit_name',
    department: 'department',
    cloud_environment: 'environment',
    cost_center: 'cost_center',
    billing_contact: 'billing_contact',
    security_contact: 'security_contact',
    operations_contact: 'operations_contact',
  },
  idField: 'cloud_parent_id',
  hint: 'Differs from the cloud parent',
} as const satisfies ComparisonDef

const COLUMNS = [
  'provider',
  'identifier',
  'project_name',
  'distribution_list',
  'account_owner',
  'business_unit',
  'department',
  'cloud_environment',
  'cost_center',
  'still_in_use',
  'can_be_removed',
  'billing_contact',
  'security_contact',
  'operations_contact',
  'project_summary',
] as const

/**
 * Cloud survey responses (spec 001 §2, §3, §7): what an account's owners answered about it, shown
 * against the cloud parent of the same identifier. Added on a form or inline, edited and deleted inline.
 */
export const cloudSurveyResponses = defineResource({
  key: 'cloud_survey_responses',
  noun: 'cloud survey response',
  fields: [
    ID_FIELD,
    { name: 'provider', label: 'Cloud', type: 'select', required: true, options: CERTIFIED_CLOUDS, optionLabels: CLOUD_LABELS },
    // 100 characters at most: identifiers and names stay on one line in the list (an Azure id is 36)
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, maxLength: 100 },
    { name: 'cloud_parent_id', label: 'Cloud Parent ID', type: 'number', readOnly: true },
    { name: 'project_name', label: 'Project Name', type: 'text', maxLength: 100 },
    { name: 'distribution_list', label: 'DL', type: 'email', maxLength: 254 },
    { name: 'account_owner', label: 'Account Owner', type: 'email', maxLength: 254 },
    { name: 'business_unit', label: 'Business Unit', type: 'select', options: BUSINESS_UNIT_OPTIONS, optionLabels: BUSINESS_UNIT_LABELS },
    { name: 'department', label: 'Department', type: 'text', maxLength: 200 },
    { name: 'cloud_environment', label: 'Cloud Environment', type: 'text', maxLength: 100 },
    { name: 'cost_center', label: 'CC/WBS', type: 'text', maxLength: 100 },
    { name: 'still_in_use', label: 'In Use?', type: 'select', options: YES_NO },
    { name: 'can_be_removed', label: 'Shut Down?', type: 'select', options: YES_NO },
    { name: 'billing_contact', label: 'Billing Contact', type: 'email', maxLength: 254 },
    { name: 'security_contact', label: 'Security Contact', type: 'email', maxLength: 254 },
    { name: 'operations_contact', label: 'Operations Contact', type: 'email', maxLength: 254 },
    { name: 'project_summary', label: 'Project Summary', type: 'text', maxLength: 2000 },
    CREATED_AT_FIELD,
  ],
  columns: COLUMNS,
  filters: [
    textFilter('identifier', 'Identifier'),
    textFilter('project_name', 'Project Name'),
    textFilter('account_owner', 'Account Owner'),
    choiceFilter('provider', 'Cloud', CERTIFIED_CLOUDS, CLOUD_LABELS),
    choiceFilter('business_unit', 'Business Unit', BUSINESS_UNIT_OPTIONS, BUSINESS_UNIT_LABELS),
    // issue 29: the answers to follow up at a glance (Yes: some cell is red; No: all agree or no cloud parent)
    { param: 'by_differences', label: 'Differs from cloud parent', field: 'cloud_parent_id', kind: 'differs', options: ['true', 'false'] },
  ],
  defaultSort: 'identifier',
  // spec 001 §2: create is allowed, and an inline table exists
  actions: ['view', 'create', 'crud'],
  comparison: SURVEY_COMPARISON,
  csv: { prefix: 'cloud_survey_responses', columns: [...COLUMNS, 'created_at'] },
})
