import { Type, type Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { Database } from '../../db/client.js'
import { idsOf } from '../../db/records/ids-of.js'
import type { Executor } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { dbHttpError } from '../crud/db-errors.js'
import { billRowsOf, type BillRow } from './rows.js'
import { MAX_BILL_ROWS, workbookRows } from './workbook.js'

/** what the gateway lets through for this target (server/gateway/upload-targets.ts says the same) */
export const MAX_BILL_FILE_BYTES = 20 * 1024 * 1024
/** bills per INSERT statement (one transaction for the whole file) */
export const BILLS_PER_STATEMENT = 5_000

const UploadSchema = Type.Object(
  { cloud_bill: Type.Object({ data: Type.String({ minLength: 1 }) }, { additionalProperties: false }) },
  { additionalProperties: false },
)
const UploadAnswerSchema = Type.Object({ data: Type.Object({ inserted: Type.Number() }) })

/** .xlsx is a zip (PK\3\4); anything else is read as UTF-8 CSV */
export async function recordsOf(bytes: Buffer): Promise<string[][]> {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return workbookRows(bytes)
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (text.includes('\u0000')) throw new HttpError(422, 'The file is not an .xlsx workbook or a CSV file')
  const records = parseCsv(text)
  if (records.length > MAX_BILL_ROWS + 1) throw new HttpError(422, `The file has more than ${MAX_BILL_ROWS} bills`)
  return records
}

export type Stored = BillRow & { business_units_id: number | null; cost_center_networks_id: number | null }

/** Business units by name and networks by identifier; an unknown one refuses its row. */
export async function resolveBills(db: Executor, bills: BillRow[]): Promise<Stored[]> {
  const units = await idsOf(
    db,
    'business_units',
    'name',
    bills.flatMap((b) => b.business_unit ?? []),
  )
  const networks = await idsOf(
    db,
    'cost_center_networks',
    'identifier',
    bills.flatMap((b) => b.cc_network ?? []),
  )
  const problems: string[] = []
  const stored = bills.map((b) => {
    const unit = b.business_unit === null ? null : (units.get(b.business_unit) ?? undefined)
    const network = b.cc_network === null ? null : (networks.get(b.cc_network) ?? undefined)
    if (unit === undefined) problems.push(`Row ${b.row}: no business unit named ${b.business_unit}`)
    if (network === undefined) problems.push(`Row ${b.row}: no cost center network ${b.cc_network}`)
    return { ...b, business_units_id: unit ?? null, cost_center_networks_id: network ?? null }
  })
  if (problems.length) throw new HttpError(422, problems.slice(0, 20).join('; '))
  return stored
}

const column = <K extends keyof Stored>(bills: Stored[], key: K) => sql.param(bills.map((b) => b[key]))

/** One INSERT … SELECT FROM unnest per chunk: a statement per 5,000 bills, not per bill. */
export async function insertBills(tx: Executor, bills: Stored[]): Promise<void> {
  // the file's invoice numbers and identifiers first, in one sorted statement (migration 030): two
  // uploads at once then lock the new values they share in one order, never each other's in turn
  await tx.execute(sql`SELECT note_cloud_bill_terms(${column(bills, 'reference')}::text[], ${column(bills, 'identifier')}::text[])`)
  for (let i = 0; i < bills.length; i += BILLS_PER_STATEMENT) {
    const part = bills.slice(i, i + BILLS_PER_STATEMENT)
    await tx.execute(sql`
      INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount,
                               business_units_id, cost_center_networks_id, activity, line_item)
      SELECT * FROM unnest(${column(part, 'date')}::date[], ${column(part, 'provider')}::text[], ${column(part, 'company_code')}::text[],
                           ${column(part, 'currency')}::text[], ${column(part, 'reference')}::text[], ${column(part, 'account')}::text[],
                           ${column(part, 'identifier')}::text[], ${column(part, 'amount')}::numeric[],
                           ${column(part, 'business_units_id')}::int4[], ${column(part, 'cost_center_networks_id')}::int4[],
                           ${column(part, 'activity')}::text[], ${column(part, 'line_item')}::text[])`)
  }
}

/** Bills of a parsed file (CSV or workbook rows), checked, resolved and stored in one transaction. */
export async function storeBills(db: Database['db'], records: string[][]): Promise<number> {
  const bills = await resolveBills(db, billRowsOf(records))
  await db.transaction((tx) => insertBills(tx, bills))
  return bills.length
}

/**
 * POST /cloud_bills/upload {"cloud_bill":{"data":"data:<mime>;base64,…"}} (spec 001 §7)
 *   → 200 {"data":{"inserted":N}}
 *   → 422 {"error":"Row N: …; Row M: …"}: every bad row named (up to 20), nothing stored.
 * The file is an .xlsx workbook (first sheet) or a CSV with a header row naming the columns by the
 * history table's headings or the API's names; all of it goes in one transaction or none of it.
 */
export const billUploadRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  app.post<{ Body: Static<typeof UploadSchema> }>(
    `/${resource.path}/upload`,
    {
      schema: { body: UploadSchema, response: { 200: UploadAnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ data: 'File' }),
    },
    async (request) => {
      const bytes = decodeBase64(request.body.cloud_bill.data, MAX_BILL_FILE_BYTES)
      const records = await recordsOf(bytes)
      try {
        return { data: { inserted: await storeBills(app.database.db, records) } }
      } catch (err) {
        throw dbHttpError(resource, err, 'write') ?? err
      }
    },
  )
}
