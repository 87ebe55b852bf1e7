import { Type, type Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { MESSAGES } from '../../../../shared/messages.js'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import { BILL_PROVIDERS } from '../../../../shared/resources/cloud-bills.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { FINALIZE_FLAGS, type FinalizeFlag } from '../../../../shared/schemas/billing-automation.js'
import { formatTotals, totalsByCurrency } from '../../../../shared/amounts.js'
import { csvHeader, csvRows, type CsvColumnOf } from '../../../../shared/csv.js'
import { plural } from '../../../../shared/plural.js'
import { rows, type Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { billRowsOf, type BillRow } from '../cloud-bills/rows.js'
import { compareBills, numbered, writeBills, type BillChanges } from '../cloud-bills/stored-bills.js'
import { MAX_BILL_FILE_BYTES, recordsOf, resolveBills } from '../cloud-bills/upload.js'
import { requesterOf } from '../crud/author.js'
import { recordJobs, type Job } from './jobs.js'

const FinalizeSchema = Type.Object(
  {
    cloud_bill: Type.Object(
      {
        input: Type.Object(
          {
            provider: Type.Union(BILL_PROVIDERS.map((p) => Type.Literal(p))),
            ...Object.fromEntries(Object.keys(FINALIZE_FLAGS).map((flag) => [flag, Type.Boolean()])),
          },
          { additionalProperties: false },
        ),
        data: Type.String({ minLength: 1 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
type FinalizeBody = Static<typeof FinalizeSchema> & {
  cloud_bill: { input: Record<FinalizeFlag, boolean> }
}
const AnswerSchema = Type.Object({
  data: Type.Object({ message: Type.String(), lines: Type.Number(), inserted: Type.Number(), owners_emailed: Type.Number() }),
})

/** The columns of an owner's email attachment: the invoice lines booked to their cost centers. */
const OWNER_COLUMNS: CsvColumnOf<BillRow>[] = [
  { header: 'Date', field: 'date' },
  { header: 'Provider', field: 'provider' },
  { header: 'Company Code', field: 'company_code' },
  { header: 'Currency', field: 'currency' },
  { header: 'Reference', field: 'reference' },
  { header: 'GL Account', field: 'account' },
  { header: 'Identifier', field: 'identifier' },
  { header: 'Amount', field: 'amount', type: 'number' },
  { header: 'Line Item Txt', field: 'line_item' },
]

/** What lines come to, one total per currency: 'USD 1,234.50 and EUR 10.00' (lines of several currencies are not added together). */
const money = (bills: readonly BillRow[]) => formatTotals(totalsByCurrency(bills))

/** Items by key, in their order, appended in place (copying a group per item was quadratic: minutes for 100,000 lines). */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/** The invoice numbers a file's lines carry, each once in any case (as they are finalized), for the jobs' reference column. */
function referencesOf(bills: readonly BillRow[]): string[] {
  const references = new Map<string, string>()
  for (const b of bills)
    if (b.reference !== null && !references.has(b.reference.toLowerCase())) references.set(b.reference.toLowerCase(), b.reference)
  return [...references.values()]
}

/** What populating the bills table did, for the finalization's job: '4 cloud bills added, 1 updated, 2 unchanged'. */
function populated(changes: BillChanges | undefined): string {
  if (!changes) return 'cloud bills table not populated'
  const more = [
    changes.update.length && `${changes.update.length} updated`,
    changes.unchanged.length && `${changes.unchanged.length} unchanged`,
  ].filter(Boolean)
  return [`${plural(changes.add.length, 'cloud bill')} added`, ...more].join(', ')
}

/**
 * Records the file's invoices as finalized, in the caller's transaction, or refuses (409) when one
 * was already, as a processed invoice is: by provider and invoice number in any case (migration
 * 053). Two finalizations at once insert the same row: the second waits for the first and finds it.
 */
async function noteFinalized(tx: Executor, provider: string, references: readonly string[], by: string | null): Promise<void> {
  const noted = await rows<{ reference: string }>(
    tx,
    sql`INSERT INTO finalized_invoices (provider, reference, finalized_by)
        SELECT ${provider}, r, ${by} FROM unnest(${sql.param([...references])}::text[]) AS r ORDER BY lower(r)
        ON CONFLICT (provider, lower(reference)) DO NOTHING RETURNING reference`,
  )
  if (noted.length === references.length) return
  const [done] = await rows<{ reference: string; finalized_at: string }>(
    tx,
    sql`SELECT reference, finalized_at::text FROM finalized_invoices
        WHERE provider = ${provider} AND lower(reference) = ANY(${sql.param(references.map((r) => r.toLowerCase()))}::text[])
          AND lower(reference) <> ALL(${sql.param(noted.map((n) => n.reference.toLowerCase()))}::text[])
        ORDER BY lower(reference) LIMIT 1`,
  )
  const message = `The ${CLOUD_LABELS[provider]} invoice ${done.reference} was finalized on ${done.finalized_at.slice(0, 10)}`
  throw new HttpError(409, message, { data: message })
}

/**
 * POST /cloud_bills/parse_pre_ap (spec 000 §7: Finalize Invoice)
 *   {"cloud_bill":{"input":{"provider":"gcp","send_nalo_nagi_invoices":bool,"populate_cloud_bills":bool,
 *    "update_bigquery":bool,"email_cost_center_owners":bool},"data":"data:<mime>;base64,…"}}
 *   → 200 {"data":{"message":"Your new data has been submitted!","lines":N,"inserted":N,"owners_emailed":N}}
 *   → 422 naming every bad row (the bills upload's checks, a line of another provider or without an
 *     invoice number): nothing stored.
 *   → 409 under `data` when an invoice of the file was finalized before ("The GCP invoice X was
 *     finalized on 2026-11-28"), as a processed invoice is refused: nothing stored, sent or recorded.
 * The file is the invoice's lines in the bills layout (an .xlsx workbook or a CSV). In one transaction:
 * its invoices are noted as finalized; the lines become bills when asked (a line stored before is
 * updated or left as it is: stored-bills.ts); the finalization and each step asked for are recorded as jobs
 * (the Nalo/Nagi invoices per company code and the BigQuery rows per month, as the team hands them on);
 * then each owner of a cost center the lines name gets one email with their lines attached.
 */
export const finalizeRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  app.post<{ Body: FinalizeBody }>(
    `/${resource.path}/parse_pre_ap`,
    {
      schema: { body: FinalizeSchema, response: { 200: AnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ data: 'File', provider: 'Provider' }),
    },
    async (request) => {
      const by = requesterOf(request)
      const { input, data } = request.body.cloud_bill
      if (input.email_cost_center_owners && !app.mail.ready) throw new HttpError(503, 'Email is not configured on this server')
      const bills = billRowsOf(await recordsOf(decodeBase64(data, MAX_BILL_FILE_BYTES)))
      const others = bills.filter((b) => b.provider !== input.provider)
      if (others.length) {
        const named = others.slice(0, 20).map((b) => `Row ${b.row}: provider ${b.provider}, not ${input.provider}`)
        throw new HttpError(422, named.join('; '))
      }
      // the invoice numbers name what is finalized, and a second finalization of one is refused
      const unnamed = bills.filter((b) => b.reference === null)
      if (unnamed.length) {
        const named = unnamed.slice(0, 20).map((b) => `Row ${b.row}: reference is empty (the invoice number names the invoice to finalize)`)
        throw new HttpError(422, named.join('; '))
      }
      const references = referencesOf(bills)
      const reference = references.join(', ')

      const owners = await app.database.db.transaction(async (tx) => {
        await noteFinalized(tx, input.provider, references, by.by)
        const changes = input.populate_cloud_bills ? await compareBills(tx, numbered(await resolveBills(tx, bills))) : undefined
        if (changes) await writeBills(tx, by, changes)
        const jobs: Job[] = [
          {
            kind: 'finalize_invoice',
            provider: input.provider,
            reference,
            details: `${plural(bills.length, 'line')}, total ${money(bills)}; ${populated(changes)}`,
          },
        ]
        if (input.send_nalo_nagi_invoices) {
          const byCompany = groupBy(bills, (b) => b.company_code ?? '(no company code)')
          const invoices = [...byCompany].map(([code, lines]) => `${code}: ${plural(lines.length, 'line')}, ${money(lines)}`)
          jobs.push({
            kind: 'nalo_nagi_invoices',
            provider: input.provider,
            reference,
            details: `Invoices per company code: ${invoices.join('; ')}`,
          })
        }
        if (input.update_bigquery) {
          const byMonth = groupBy(bills, (b) => b.date.slice(0, 7))
          const months = [...byMonth].map(([month, lines]) => `${month}: ${plural(lines.length, 'row')}, ${money(lines)}`)
          jobs.push({
            kind: 'bigquery_update',
            provider: input.provider,
            reference,
            details: `Billing rows per month: ${months.join('; ')}`,
          })
        }
        let owners = new Map<string, BillRow[]>()
        if (input.email_cost_center_owners) {
          const found = await rows<{ identifier: string; email: string }>(
            tx,
            sql`SELECT lower(cc.identifier) AS identifier, lower(c.email) AS email
                FROM cost_centers cc JOIN cloud_contacts c ON c.id = cc.cloud_contact_id
                WHERE lower(cc.identifier) = ANY (${sql.param([...new Set(bills.map((b) => b.identifier.toLowerCase()))])}::text[])`,
          )
          const ownerOf = new Map(found.map((f) => [f.identifier, f.email]))
          const unowned = [...new Set(bills.filter((b) => !ownerOf.has(b.identifier.toLowerCase())).map((b) => b.identifier))]
          owners = groupBy(
            bills.filter((b) => ownerOf.has(b.identifier.toLowerCase())),
            (b) => ownerOf.get(b.identifier.toLowerCase())!,
          )
          const nobody = unowned.length ? `; no cost center owner for ${unowned.join(', ')}` : ''
          jobs.push({
            kind: 'owner_emails',
            provider: input.provider,
            reference,
            details: `${plural(owners.size, 'owner')} emailed${nobody}`,
          })
        }
        await recordJobs(tx, by, jobs)
        return { inserted: changes?.add.length ?? 0, owners }
      })

      for (const [to, lines] of owners.owners) {
        app.mail.sendLater(
          {
            to,
            subject: `Cloud charges of your cost centers${reference ? ` (${reference})` : ''}`,
            text:
              `Hello,\n\nthe ${input.provider.toUpperCase()} invoice${reference ? ` ${reference}` : ''} books ${lines.length} ` +
              `charge lines to cost centers you own, ${money(lines)} in all. They are attached.\n\nCCoE Portal`,
            attachments: [
              {
                filename: `cloud_charges_${input.provider}.csv`,
                content: csvHeader(OWNER_COLUMNS) + csvRows(OWNER_COLUMNS, lines),
                contentType: 'text/csv; charset=utf-8',
              },
            ],
          },
          'cost center owner charges',
        )
      }
      return {
        data: { message: MESSAGES.dataSubmitted, lines: bills.length, inserted: owners.inserted, owners_emailed: owners.owners.size },
      }
    },
  )
}
