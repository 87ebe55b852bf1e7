import { defineResource, textFilter, withLabel } from './define-resource.js'
import { CLOUD_LABELS } from '../constants.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/** spec 001 §9: the cloud provider choices, as bills store them */
export const BILL_PROVIDERS = ['aws', 'azure', 'gcp'] as const

/** the distinct invoice numbers and identifiers of the bills (migration 030) */
const BILL_TERMS = 'cloud_bill_terms'

/** spec 001 §2: the history table's 12 columns, in order */
const COLUMNS = [
  'date',
  'provider',
  'company_code',
  'currency',
  'reference',
  'account',
  'identifier',
  'amount',
  'business_unit_name',
  'cost_center_network_identifier',
  'activity',
  'line_item',
] as const

/**
 * Cloud bills (spec 001 §2, §3, §7): one charge line of a provider's invoice, booked to a cost
 * center or WBS (identifier) and a GL account. Built for a million rows and more: listed newest
 * first by a (date, id) index, the four text filters served by trigram indexes (migration 017).
 * Creating bills is the upload screen (POST upload); the Export Data dialog mails the CSV.
 */
export const cloudBills = defineResource({
  key: 'cloud_bills',
  noun: 'cloud bill',
  fields: [
    ID_FIELD,
    { name: 'date', label: 'Date', type: 'date', required: true },
    { name: 'provider', label: 'Provider', type: 'select', required: true, options: BILL_PROVIDERS, optionLabels: CLOUD_LABELS },
    { name: 'company_code', label: 'Company Code', type: 'text', maxLength: 20 },
    { name: 'currency', label: 'Currency', type: 'text', maxLength: 10 },
    { name: 'reference', label: 'Reference', type: 'text', maxLength: 100 },
    { name: 'account', label: 'GL Account', type: 'text', maxLength: 50 },
    { name: 'identifier', label: 'Identifier', type: 'text', required: true, maxLength: 100 },
    // numeric(16, 2): credits are negative
    { name: 'amount', label: 'Amount', type: 'number', required: true, range: { min: -1e13, max: 1e13 }, currency: 'currency' },
    ...withLabel(
      { name: 'business_units_id', label: 'Business Unit', type: 'lookup', lookup: { model: 'business_units', labelField: 'name' } },
      'business_unit_name',
    ),
    ...withLabel(
      {
        name: 'cost_center_networks_id',
        label: 'CC Network',
        type: 'lookup',
        lookup: { model: 'cost_center_networks', labelField: 'identifier' },
      },
      'cost_center_network_identifier',
    ),
    { name: 'activity', label: 'Activity', type: 'text', maxLength: 100 },
    { name: 'line_item', label: 'Line Item Txt', type: 'text', maxLength: 255 },
    CREATED_AT_FIELD,
  ],
  columns: COLUMNS,
  // spec 001 §2: date, company code, reference ('Invoice Num'), GL account, identifier; invoice
  // numbers and identifiers are searched among their distinct values first (migration 030)
  filters: [
    { param: 'by_date', label: 'Date', field: 'date', kind: 'exact', input: 'date' },
    textFilter('company_code', 'Company Code'),
    { ...textFilter('reference', 'Reference'), placeholder: 'Invoice Num', terms: BILL_TERMS } as const,
    textFilter('account', 'GL Account'),
    { ...textFilter('identifier', 'Identifier'), terms: BILL_TERMS } as const,
    // spec 001 §7: GET /cloud_bills?key=…&startDate=…&endDate=… (yyyy-MM-dd, both days count), a
    // script's query, not in the filter row; key 'all' (as the dashboard's select says) is every identifier
    { param: 'key', label: 'Identifier (key)', field: 'identifier', kind: 'exact', hidden: true },
    { param: 'startDate', label: 'Start date', field: 'date', kind: 'from', hidden: true },
    { param: 'endDate', label: 'End date', field: 'date', kind: 'until', hidden: true },
  ],
  defaultSort: '-date',
  actions: ['view', 'create', 'crud'],
  csv: { prefix: 'cloud_bills' },
  messages: {
    listTitle: 'Cloud Bills History',
    createTitle: 'Upload Cloud Bills',
    addLabel: 'Upload',
    created: 'Your new data has been submitted!',
    // migration 053's key: a bill entered by hand is refused when the line is stored already
    duplicate:
      'This bill is stored already: another has the same identifier, date, provider, reference, GL account, activity and line item',
  },
})
