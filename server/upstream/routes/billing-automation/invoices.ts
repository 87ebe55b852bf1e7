import type { Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { formatTotals, totalsByCurrency, type CurrencyTotal } from '../../../../shared/amounts.js'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { plural } from '../../../../shared/plural.js'
import { rows, type Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { compareBills, numbered, writeBills, type BillLine } from '../cloud-bills/stored-bills.js'
import { declaredRoute } from '../declared.js'
import { requesterOf, type Requester } from '../crud/author.js'
import { recordJobs } from './jobs.js'

const calls = CALLS.billingAutomation.calls

type InvoiceProvider = 'azure' | 'gcp'
const PROVIDER_NAMES: Record<InvoiceProvider, string> = { azure: 'Azure', gcp: 'Google' }

interface Invoice {
  id: number
  invoice_id: string
  month: string | null
  processed_at: string | null
}

/**
 * Turns one waiting invoice's lines into cloud bills (dated the invoice's day, its id as the bills'
 * reference, the business unit of the cost center a line names), with their change-log entries, and
 * marks it processed; the caller's transaction holds the invoice row locked, so two people processing
 * it at once make one set of bills. A line stored before (a file of the same invoice uploaded) is
 * updated or left as it is, never doubled (stored-bills.ts).
 */
async function billInvoice(
  tx: Executor,
  author: Requester,
  invoice: Invoice,
): Promise<{ inserted: number; lines: number; totals: CurrencyTotal[] }> {
  const lines = await rows<BillLine>(
    tx,
    sql`SELECT to_char(i.issued_on, 'YYYY-MM-DD') AS date, i.provider, l.company_code, i.currency, i.invoice_id AS reference,
               l.account, l.identifier, l.amount::text AS amount, cc.business_units_id::float8 AS business_units_id,
               NULL::float8 AS cost_center_networks_id, l.activity, l.line_item
        FROM provider_invoice_lines l
        JOIN provider_invoices i ON i.id = l.provider_invoices_id
        LEFT JOIN cost_centers cc ON lower(cc.identifier) = lower(l.identifier)
        WHERE l.provider_invoices_id = ${invoice.id}
        ORDER BY l.id`,
  )
  const changes = await compareBills(tx, numbered(lines))
  await writeBills(tx, author, changes)
  await tx.execute(sql`UPDATE provider_invoices SET processed_at = now() WHERE id = ${invoice.id}`)
  return { inserted: changes.add.length, lines: lines.length, totals: totalsByCurrency(lines) }
}

/**
 * POST /cloud_bills/process_azure_invoice {"cloud_bill":{"data":"<invoice id>"}}
 * POST /cloud_bills/process_google_invoice {"cloud_bill":{"data":"<invoice id>","date":"202204"}}
 *   → 200 {"data":{"message":"Your new data has been submitted!","inserted":N,"invoices":1}}
 *   → 404 naming the field when no such invoice (for that month) is waiting; 409 when it was processed.
 * POST /cloud_bills/update_dashboard {"cloud_bill":{"provider":"gcp"}} (the GCP Trigger tab's 'Load
 * GCP Data'): every Google invoice still waiting becomes bills, in one transaction; 200 with the counts
 * (0 when nothing was waiting, and then no job is recorded).
 * Each records a billing job (who, which invoices, how many lines, their total).
 */
export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.database.db
  const schemaErrorFormatter = bodyErrorFormatter({ data: 'Invoice id', date: 'Date', provider: 'Provider' })

  async function processOne(provider: InvoiceProvider, invoiceId: string, month: string | undefined, by: Requester) {
    return db().transaction(async (tx) => {
      const [invoice] = await rows<Invoice>(
        tx,
        sql`SELECT id, invoice_id, month, processed_at::text FROM provider_invoices
            WHERE provider = ${provider} AND lower(invoice_id) = lower(${invoiceId.trim()}) FOR UPDATE`,
      )
      const name = `${PROVIDER_NAMES[provider]} invoice ${invoiceId.trim()}`
      if (!invoice || (month !== undefined && invoice.month !== month)) {
        const message = `No ${name}${month === undefined ? '' : ` for ${month}`} is waiting to be processed`
        throw new HttpError(404, message, { data: message })
      }
      if (invoice.processed_at) {
        const message = `The ${name} was processed on ${invoice.processed_at.slice(0, 10)}: its bills are in the history`
        throw new HttpError(409, message, { data: message })
      }
      const { inserted, lines, totals } = await billInvoice(tx, by, invoice)
      await recordJobs(tx, by, [
        {
          kind: 'process_invoice',
          provider,
          reference: invoice.invoice_id,
          details: `${plural(lines, 'line')} turned into cloud bills, total ${formatTotals(totals)}`,
        },
      ])
      return { message: MESSAGES.dataSubmitted, inserted, invoices: 1 }
    })
  }

  app.route<{ Body: Static<typeof calls.processAzureInvoice.body> }>({
    ...declaredRoute(calls.processAzureInvoice),
    schemaErrorFormatter,
    handler: async (request) => ({ data: await processOne('azure', request.body.cloud_bill.data, undefined, requesterOf(request)) }),
  })

  app.route<{ Body: Static<typeof calls.processGoogleInvoice.body> }>({
    ...declaredRoute(calls.processGoogleInvoice),
    schemaErrorFormatter,
    handler: async (request) => {
      const { data, date } = request.body.cloud_bill
      return { data: await processOne('gcp', data, date, requesterOf(request)) }
    },
  })

  app.route<{ Body: Static<typeof calls.loadGcpData.body> }>({
    ...declaredRoute(calls.loadGcpData),
    schemaErrorFormatter,
    handler: async (request) => {
      const by = requesterOf(request)
      return {
        data: await db().transaction(async (tx) => {
          const waiting = await rows<Invoice>(
            tx,
            sql`SELECT id, invoice_id, month, processed_at::text FROM provider_invoices
                WHERE provider = 'gcp' AND processed_at IS NULL ORDER BY issued_on, id FOR UPDATE`,
          )
          let inserted = 0
          let lines = 0
          const totals: CurrencyTotal[] = []
          for (const invoice of waiting) {
            const done = await billInvoice(tx, by, invoice)
            inserted += done.inserted
            lines += done.lines
            totals.push(...done.totals)
          }
          if (waiting.length) {
            await recordJobs(tx, by, [
              {
                kind: 'gcp_data_load',
                provider: 'gcp',
                reference: waiting.map((i) => i.invoice_id).join(', '),
                details: `${plural(waiting.length, 'Google invoice')} loaded: ${plural(lines, 'line')} turned into cloud bills, total ${formatTotals(totalsByCurrency(totals))}`,
              },
            ])
          }
          return { message: MESSAGES.dataSubmitted, inserted, invoices: waiting.length }
        }),
      }
    },
  })
}
