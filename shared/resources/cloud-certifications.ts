import { choiceFilter, defineResource, withLabel, textFilter } from './define-resource.js'
import { CLOUD_LABELS } from '../constants.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/** spec 001 §9: the cloud provider choices */
export const CERTIFIED_CLOUDS = ['aws', 'gcp', 'azure'] as const

/**
 * Cloud certifications (spec 001 §2, §3, §7): a member's certification with the provider it
 * certifies. business_unit is the member's business unit, kept by the database (migration 010) when
 * the certification is written and when the member moves: never written by a client.
 */
export const cloudCertifications = defineResource({
  key: 'cloud_certifications',
  noun: 'cloud certification',
  fields: [
    ID_FIELD,
    ...withLabel(
      { name: 'member_id', label: 'Member', type: 'lookup', required: true, lookup: { model: 'members', labelField: 'name' } },
      'member_name',
      { label: 'Member Name' },
    ),
    { name: 'name', label: 'Certification Name', type: 'text', required: true, maxLength: 200 },
    { name: 'provider', label: 'Certified Cloud', type: 'select', required: true, options: CERTIFIED_CLOUDS, optionLabels: CLOUD_LABELS },
    { name: 'issue_date', label: 'Issue Date', type: 'date', required: true },
    { name: 'expiration_date', label: 'Expiration Date', type: 'date', expiry: true, clearable: true },
    { name: 'business_unit', label: 'Business Unit', type: 'text', readOnly: true },
    CREATED_AT_FIELD,
  ],
  columns: ['member_name', 'name', 'business_unit', 'provider', 'issue_date', 'expiration_date'],
  filters: [
    textFilter('member_name', 'Member Name'),
    textFilter('name', 'Certification Name'),
    choiceFilter('provider', 'Certified Cloud', CERTIFIED_CLOUDS, CLOUD_LABELS),
  ],
  defaultSort: 'member_name',
  actions: ['view', 'create', 'crud'],
  // spec 001 §7: the Export Certificates modal
  csv: { prefix: 'cloud_certifications' },
  messages: {
    addLabel: 'Add New Certification',
    // spec 001 §8, verbatim (the plural is the spec's)
    createFailed: 'There was a problem adding this cloud certifications record. Please try again.',
    updateFailed: 'There was a problem updating this cloud certifications record. Please try again.',
    submitFailed: 'There was a problem submitting this cloud certification. Please try again.',
  },
})
