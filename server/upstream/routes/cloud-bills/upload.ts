import { Type, type Static } from '@sinclair/typebox'
import { formatAmount } from '../../../../shared/amounts.js'
import { CALLS } from '../../../../shared/calls/index.js'
import { UploadPlanAnswerSchema, type UploadQuerySchema } from '../../../../shared/calls/answers.js'
import type { FastifyPluginAsync } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { idsOf } from '../../db/records/ids-of.js'
import type { Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { decodeBase64 } from '../../uploads/base64.js'
import { parseCsv } from '../../uploads/parse-csv.js'
import { planAnswer, type RefusedRow, type UploadPlan } from '../../uploads/plan.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { callAuthorOf } from '../crud/author.js'
import { dbHttpError } from '../crud/db-errors.js'
import { badRowsError, checkBillRows, type BillRow } from './rows.js'
import { compareBills, numbered, writeBills } from './stored-bills.js'
import { MAX_BILL_ROWS, workbookRows } from './workbook.js'

/** what the gateway lets through for this target (server/gateway/upload-targets.ts says the same) */
export const MAX_BILL_FILE_BYTES = 20 * 1024 * 1024

const UploadSchema = Type.Object(
  { cloud_bill: Type.Object({ data: Type.String({ minLength: 1 }) }, { additionalProperties: false }) },
  { additionalProperties: false },
)
const UploadAnswerSchema = Type.Object({ data: Type.Object({ inserted: Type.Number(), updated: Type.Number(), unchanged: Type.Number() }) })

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

/** A file's bills, numbered (stored-bills.ts), and its refused rows: the cells' problems first, then unknown names. */
export async function checkBills(db: Executor, records: string[][]) {
  const { bills, refused: badCells } = checkBillRows(records)
  const { stored, refused: unknownNames } = await resolveBillRows(db, bills)
  return { bills: numbered(stored), badCells, refuse: [...badCells, ...unknownNames] }
}

const billDetail = (b: Stored) => [b.date, b.provider, formatAmount(b.amount, b.currency), b.reference].filter((v) => v !== null).join(' ')

/** What a file's bills do, line by line: a new line is added, a stored one updated when it says something new, else unchanged. */
export async function planBills(db: Executor, records: string[][]): Promise<UploadPlan> {
  const { bills, refuse } = await checkBills(db, records)
  const changes = await compareBills(db, bills, (b) => b)
  return {
    add: changes.add.map((b) => ({ row: b.row, identifier: b.identifier, detail: billDetail(b) })),
    update: changes.update.map(({ bill, detail }) => ({ row: bill.row, identifier: bill.identifier, detail })),
    unchanged: changes.unchanged.length,
    refuse,
  }
}

/**
 * POST /cloud_bills/upload {"cloud_bill":{"data":"data:<mime>;base64,…"}} (spec 001 §7)
 *   → 200 {"data":{"inserted":N,"updated":N,"unchanged":N}}: a line stored before (stored-bills.ts: the same
 *     key) is updated when it says something new, else left as it is; the same file twice adds nothing.
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
      if (request.query.dry_run) return planAnswer(await planBills(db, await recordsOf(bytes)))
      const { bills, badCells, refuse } = await checkBills(db, await recordsOf(bytes))
      // the cells' problems first: the names are looked up only in a file whose cells are right
      if (badCells.length) throw badRowsError(badCells)
      if (refuse.length) throw unknownNamesError(refuse)
      try {
        const changes = await db.transaction(async (tx) => {
          const found = await compareBills(tx, bills)
          await writeBills(tx, callAuthorOf(request), found)
          return found
        })
        return { data: { inserted: changes.add.length, updated: changes.update.length, unchanged: changes.unchanged.length } }
      } catch (err) {
        throw dbHttpError(resource, err, 'write') ?? err
      }
    },
  )
}
