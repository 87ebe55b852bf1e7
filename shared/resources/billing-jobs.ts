import { defineResource } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/** What the billing automation does (spec 000 §2 'Billing Automation'), one job kind each. */
export const BILLING_JOB_KINDS = [
  'process_invoice',
  'finalize_invoice',
  'nalo_nagi_invoices',
  'bigquery_update',
  'owner_emails',
  'gcp_data_load',
] as const
export type BillingJobKind = (typeof BILLING_JOB_KINDS)[number]

/** How people read a kind in the jobs table. */
export const BILLING_JOB_LABELS: Record<BillingJobKind, string> = {
  process_invoice: 'Invoice processed',
  finalize_invoice: 'Invoice finalized',
  nalo_nagi_invoices: 'Nalo/Nagi invoices',
  bigquery_update: 'BigQuery data update',
  owner_emails: 'Cost center owner emails',
  gcp_data_load: 'GCP data load',
}

/**
 * The jobs the Billing Automation page ran (server/upstream/routes/billing-automation/): who asked,
 * what, when, and what it did. Written by the upstream only, for work done (a refused request changes
 * nothing and leaves no job); listed newest first on that page.
 */
export const billingJobs = defineResource({
  key: 'billing_jobs',
  noun: 'billing job',
  fields: [
    ID_FIELD,
    { name: 'kind', label: 'Job', type: 'select', required: true, options: BILLING_JOB_KINDS },
    { name: 'provider', label: 'Provider', type: 'select', options: ['aws', 'azure', 'gcp'] },
    { name: 'reference', label: 'Invoice', type: 'text', maxLength: 100 },
    { name: 'details', label: 'Details', type: 'text', maxLength: 2000 },
    { name: 'requested_by', label: 'Requested By', type: 'email', required: true, maxLength: 254 },
    { ...CREATED_AT_FIELD, label: 'When' },
  ],
  columns: ['created_at', 'kind', 'provider', 'reference', 'requested_by', 'details'],
  defaultSort: '-created_at',
  // its screen is the Billing Automation page, not a generic /auth/<action>/<model> one
  actions: [],
  writes: [],
  messages: { listTitle: 'Billing Jobs' },
})
