import { Type, type Static } from '@sinclair/typebox'
import { formatAmount } from '../../../../shared/amounts.js'
import { CALLS } from '../../../../shared/calls/index.js'
import { UploadPlanAnswerSchema, type UploadQuerySchema } from '../../../../shared/calls/answers.js'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { getResource, type ResourceDef } from '../../../../shared/resources/index.js'
import { idsOf } from '../../db/records/ids-of.js'
import { logWritten, type Author } from '../../db/records/logged-writes.js'
import { recordRepository, rows, type Executor } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { planAnswer, type RefusedRow, type UploadPlan } from '../../uploads/plan.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { callAuthorOf } from '../crud/author.js'
import { dbHttpError } from '../crud/db-errors.js'
import { badRowsError, checkBillRows, type BillRow } from './rows.js'
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

/** Business units by name and networks by identifier; a bill naming an unknown one is refused. */
export async function resolveBillRows(db: Executor, bills: BillRow[]): Promise<{ stored: Stored[]; refused: RefusedRow[] }> {
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
  const result: { stored: Stored[]; refused: RefusedRow[] } = { stored: [], refused: [] }
  for (const b of bills) {
    const unit = b.business_unit === null ? null : (units.get(b.business_unit) ?? undefined)
    const network = b.cc_network === null ? null : (networks.get(b.cc_network) ?? undefined)
    const problems = [
      ...(unit === undefined ? [`no business unit named ${b.business_unit}`] : []),
      ...(network === undefined ? [`no cost center network ${b.cc_network}`] : []),
    ]
    if (problems.length === 0) result.stored.push({ ...b, business_units_id: unit ?? null, cost_center_networks_id: network ?? null })
    else
      result.refused.push({
        row: b.row,
        identifier: b.identifier,
        detail: problems.join(', '),
        messages: problems.map((p) => `Row ${b.row}: ${p}`),
      })
  }
  return result
}

/** The 422 of bills naming what does not exist: each problem named (up to 20). */
const unknownNamesError = (refusedRows: readonly RefusedRow[]) =>
  new HttpError(
    422,
    refusedRows
      .flatMap((r) => r.messages)
      .slice(0, 20)
      .join('; '),
  )

/** Business units by name and networks by identifier; an unknown one refuses the file. */
export async function resolveBills(db: Executor, bills: BillRow[]): Promise<Stored[]> {
  const { stored, refused } = await resolveBillRows(db, bills)
  if (refused.length) throw unknownNamesError(refused)
  return stored
}

/**
 * What a file's bills do: every good one is added (bills are never updated), a bad one refused. The
 * upload writes `stored` when nothing is refused, and refuses with the cells' problems first.
 */
export async function planBills(db: Executor, records: string[][]): Promise<UploadPlan & { stored: Stored[]; badCells: RefusedRow[] }> {
  const { bills, refused: badCells } = checkBillRows(records)
  const { stored, refused: unknownNames } = await resolveBillRows(db, bills)
  const add = stored.map((b) => ({
    row: b.row,
    identifier: b.identifier,
    detail: [b.date, b.provider, formatAmount(b.amount, b.currency), b.reference].filter((v) => v !== null).join(' '),
  }))
  return { add, update: [], unchanged: 0, refuse: [...badCells, ...unknownNames], stored, badCells }
}

const column = <K extends keyof Stored>(bills: Stored[], key: K) => sql.param(bills.map((b) => b[key]))

const billRecords = recordRepository(getResource('cloud_bills'))

/**
 * One INSERT … SELECT FROM unnest per chunk: a statement per 5,000 bills, not per bill; each chunk's
 * change-log entries (a create per bill, `author` naming the call) follow it in the same transaction.
 */
export async function insertBills(tx: Executor, author: Author, bills: Stored[]): Promise<void> {
  // the file's invoice numbers and identifiers first, in one sorted statement (migration 030): two
  // uploads at once then lock the new values they share in one order, never each other's in turn
  await tx.execute(sql`SELECT note_cloud_bill_terms(${column(bills, 'reference')}::text[], ${column(bills, 'identifier')}::text[])`)
  for (let i = 0; i < bills.length; i += BILLS_PER_STATEMENT) {
    const part = bills.slice(i, i + BILLS_PER_STATEMENT)
    const added = await rows<{ id: number }>(
      tx,
      sql`
      INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount,
                               business_units_id, cost_center_networks_id, activity, line_item)
      SELECT * FROM unnest(${column(part, 'date')}::date[], ${column(part, 'provider')}::text[], ${column(part, 'company_code')}::text[],
                           ${column(part, 'currency')}::text[], ${column(part, 'reference')}::text[], ${column(part, 'account')}::text[],
                           ${column(part, 'identifier')}::text[], ${column(part, 'amount')}::numeric[],
                           ${column(part, 'business_units_id')}::int4[], ${column(part, 'cost_center_networks_id')}::int4[],
                           ${column(part, 'activity')}::text[], ${column(part, 'line_item')}::text[])
      RETURNING id`,
    )
    await logWritten(
      tx,
      author,
      billRecords,
      added.map((b) => Number(b.id)),
    )
  }
}

/**
 * POST /cloud_bills/upload {"cloud_bill":{"data":"data:<mime>;base64,…"}} (spec 001 §7)
 *   → 200 {"data":{"inserted":N}}
 *   → 422 {"error":"Row N: …; Row M: …"}: every bad row named (up to 20), nothing stored.
 * `?dry_run=true`: the same parse, checks and look-ups, answered line by line (uploads/plan.ts),
 * nothing written.
 * The file is an .xlsx workbook (first sheet) or a CSV with a header row naming the columns by the
 * history table's headings or the API's names; all of it goes in one transaction or none of it.
 */
export const billUploadRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  app.post<{ Body: Static<typeof UploadSchema>; Querystring: Static<typeof UploadQuerySchema> }>(
    `/${resource.path}/upload`,
    {
      schema: {
        body: UploadSchema,
        querystring: CALLS.cloudBills.calls.upload.query,
        response: { 200: Type.Union([UploadAnswerSchema, UploadPlanAnswerSchema]) },
      },
      schemaErrorFormatter: bodyErrorFormatter({ data: 'File' }),
    },
    async (request) => {
      const bytes = decodeBase64(request.body.cloud_bill.data, MAX_BILL_FILE_BYTES)
      const db = app.database.db
      const plan = await planBills(db, await recordsOf(bytes))
      if (request.query.dry_run) return planAnswer(plan)
      // the cells' problems first: the names are looked up only in a file whose cells are right
      if (plan.badCells.length) throw badRowsError(plan.badCells)
      if (plan.refuse.length) throw unknownNamesError(plan.refuse)
      try {
        await db.transaction((tx) => insertBills(tx, callAuthorOf(request), plan.stored))
        return { data: { inserted: plan.stored.length } }
      } catch (err) {
        throw dbHttpError(resource, err, 'write') ?? err
      }
    },
  )
}
