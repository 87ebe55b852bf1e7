/**
 * The Billing Automation calls' bodies (spec 000 §7), inside their {"cloud_bill": …} envelope: the
 * web checks its forms with these objects and the upstream validates the bodies with them.
 */
import { Type } from '@sinclair/typebox'

/** spec 000 §2: the Google form's date is a billing month, month style such as 202204 */
export const BILLING_MONTH = '^[0-9]{4}(0[1-9]|1[0-2])$'

const invoiceId = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'must name an invoice' })

/** POST /cloud_bills/process_azure_invoice: {"cloud_bill":{"data":"<invoice id>"}} */
export const AzureInvoiceSchema = Type.Object({ data: invoiceId }, { additionalProperties: false })

/** POST /cloud_bills/process_google_invoice: {"cloud_bill":{"data":"<invoice id>","date":"202204"}} */
export const GoogleInvoiceSchema = Type.Object(
  { data: invoiceId, date: Type.String({ pattern: BILLING_MONTH, description: 'must be a month like 202204' }) },
  { additionalProperties: false },
)

/** POST /cloud_bills/update_dashboard (the GCP Trigger tab): {"cloud_bill":{"provider":"gcp"}} */
export const LoadGcpDataSchema = Type.Object({ provider: Type.Literal('gcp') }, { additionalProperties: false })

/** spec 000 §2: the Finalize tab's four checkboxes, as the body's `input` names them, with their labels */
export const FINALIZE_FLAGS = {
  send_nalo_nagi_invoices: 'Send Nalo/Nagi invoices',
  populate_cloud_bills: 'Populate cloud bills table',
  update_bigquery: 'Update the BigQuery data',
  email_cost_center_owners: 'Email cost center owners',
} as const
export type FinalizeFlag = keyof typeof FINALIZE_FLAGS

/** Wraps a body schema in the calls' envelope, as the upstream validates it. */
export const inCloudBill = <T extends ReturnType<typeof Type.Object>>(inner: T) =>
  Type.Object({ cloud_bill: inner }, { additionalProperties: false })
