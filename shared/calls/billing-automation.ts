import { Type } from '@sinclair/typebox'
import { BILL_PROVIDERS } from '../resources/cloud-bills.js'
import { AzureInvoiceSchema, FINALIZE_FLAGS, GoogleInvoiceSchema, inCloudBill, LoadGcpDataSchema } from '../schemas/billing-automation.js'
import type { CallDomain } from './types.js'

const InvoiceAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String(), inserted: Type.Number(), invoices: Type.Number() }) })
const mapValues = <K extends string, V>(record: Record<K, unknown>, to: () => V) =>
  Object.fromEntries(Object.keys(record).map((key) => [key, to()])) as Record<K, V>

/** Spec 000 §7: the Billing Automation page, on the cloud bills (server/upstream/routes/billing-automation/). */
export const billingAutomationCalls = {
  model: 'cloud_bills',
  calls: {
    processAzureInvoice: {
      method: 'POST',
      role: 'admin',
      path: 'cloud_bills/process_azure_invoice',
      summary: 'Process an Azure invoice by its id',
      body: inCloudBill(AzureInvoiceSchema),
      answer: InvoiceAnswerSchema,
    },
    processGoogleInvoice: {
      method: 'POST',
      role: 'admin',
      path: 'cloud_bills/process_google_invoice',
      summary: 'Process a Google invoice by its id and billing month',
      body: inCloudBill(GoogleInvoiceSchema),
      answer: InvoiceAnswerSchema,
    },
    // Finalize Invoice: {cloud_bill:{data, input:{provider, the four flags}}}; the file goes through
    // the gateway's upload target, named after the billing jobs it records
    finalize: {
      method: 'POST',
      role: 'admin',
      path: 'cloud_bills/parse_pre_ap',
      summary: 'Finalize an invoice file (a base64 data URL in data) with its provider and flags',
      upload: {
        target: 'billing_jobs',
        bodyKey: 'cloud_bill',
        fileKey: 'data',
        encoding: 'dataUrl',
        extensions: ['.xlsx', '.csv'],
        extensionMessage: 'The invoice file must be an .xlsx workbook or a .csv file',
        input: { key: 'input', fields: { provider: BILL_PROVIDERS, ...mapValues(FINALIZE_FLAGS, () => 'boolean' as const) } },
      },
    },
    // the GCP Trigger tab
    loadGcpData: {
      method: 'POST',
      role: 'admin',
      path: 'cloud_bills/update_dashboard',
      summary: 'Load the GCP billing data',
      body: inCloudBill(LoadGcpDataSchema),
      answer: InvoiceAnswerSchema,
    },
  },
} as const satisfies CallDomain
