import { sql } from 'drizzle-orm'
import { getResource } from '../../../../shared/resources/index.js'
import { logWritten, rowsBefore, type Author } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import { rows, type Executor } from '../../db/records/rows.js'
import type { BillRow } from './rows.js'

/**
 * A bill line as the table stores it, whatever wrote it (an upload, a finalized or processed
 * invoice): a file's row with its business unit and network as their ids.
 */
export type BillLine = Omit<BillRow, 'row' | 'business_unit' | 'cc_network'> & {
  business_units_id: number | null
  cost_center_networks_id: number | null
}

/** The columns that name a line (migration 053); the others are what the line says. */
const KEY = ['identifier', 'date', 'provider', 'reference', 'account', 'activity', 'line_item'] as const
/** The one ON CONFLICT target of migration 053's unique index. */
const LINE_KEY = sql`(identifier, date, provider, reference, account, activity, line_item, occurrence)`

/** A line and which of its file's lines with the same key it is (1 for the first). */
export type Keyed<T extends BillLine = BillLine> = T & { occurrence: number }

/** Each line numbered among the lines before it with the same key: the same file numbers them alike again. */
export function numbered<T extends BillLine>(bills: readonly T[]): Keyed<T>[] {
  const seen = new Map<string, number>()
  return bills.map((bill) => {
    const key = JSON.stringify(KEY.map((k) => bill[k]))
    const occurrence = (seen.get(key) ?? 0) + 1
    seen.set(key, occurrence)
    return { ...bill, occurrence }
  })
}

/** What a file's lines do to the table: new ones, changed ones (with the stored bill's id and what changes), the same ones. */
export interface BillChanges<T extends BillLine = BillLine> {
  add: Keyed<T>[]
  update: { bill: Keyed<T>; id: number; detail: string }[]
  unchanged: Keyed<T>[]
}

/** lines looked up, and written, per statement: a file of 200,000 bills is 40 of each */
export const BILLS_PER_STATEMENT = 5_000

interface StoredLine {
  at: number
  id: number
  company_code: string | null
  currency: string | null
  amount: string
  business_units_id: number | null
  business_unit: string | null
  cost_center_networks_id: number | null
  cc_network: string | null
}

const column = <T extends BillLine, K extends keyof Keyed<T>>(bills: readonly Keyed<T>[], key: K) => sql.param(bills.map((b) => b[key]))
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null)

/**
 * Compares the lines with the bills stored under their keys, a chunk per statement (the index of
 * migration 053 finds each by its identifier, date and provider). `names` gives a line's business
 * unit and network as the file names them, for the update's detail.
 */
export async function compareBills<T extends BillLine>(
  db: Executor,
  bills: readonly Keyed<T>[],
  names: (bill: T) => { business_unit: string | null; cc_network: string | null } = () => ({ business_unit: null, cc_network: null }),
): Promise<BillChanges<T>> {
  const changes: BillChanges<T> = { add: [], update: [], unchanged: [] }
  for (let i = 0; i < bills.length; i += BILLS_PER_STATEMENT) {
    const part = bills.slice(i, i + BILLS_PER_STATEMENT)
    const found = await rows<StoredLine>(
      db,
      sql`SELECT v.at::int AS at, b.id::float8 AS id, b.company_code, b.currency, b.amount::text AS amount,
                 b.business_units_id::float8 AS business_units_id, u.name AS business_unit,
                 b.cost_center_networks_id::float8 AS cost_center_networks_id, n.identifier AS cc_network
          FROM unnest(${column(part, 'identifier')}::text[], ${column(part, 'date')}::date[], ${column(part, 'provider')}::text[],
                      ${column(part, 'reference')}::text[], ${column(part, 'account')}::text[], ${column(part, 'activity')}::text[],
                      ${column(part, 'line_item')}::text[], ${column(part, 'occurrence')}::int4[])
               WITH ORDINALITY AS v(identifier, date, provider, reference, account, activity, line_item, occurrence, at)
          JOIN cloud_bills b ON b.identifier = v.identifier AND b.date = v.date AND b.provider = v.provider
                            AND b.reference IS NOT DISTINCT FROM v.reference AND b.account IS NOT DISTINCT FROM v.account
                            AND b.activity IS NOT DISTINCT FROM v.activity AND b.line_item IS NOT DISTINCT FROM v.line_item
                            AND b.occurrence = v.occurrence
          LEFT JOIN business_units u ON u.id = b.business_units_id
          LEFT JOIN cost_center_networks n ON n.id = b.cost_center_networks_id`,
    )
    const stored = new Map(found.map((s) => [Number(s.at) - 1, s]))
    part.forEach((bill, at) => {
      const before = stored.get(at)
      if (!before) return changes.add.push(bill)
      const named = names(bill)
      const detail = [
        Number(before.amount) !== Number(bill.amount) && `amount ${before.amount} → ${Number(bill.amount).toFixed(2)}`,
        !same(before.currency, bill.currency) && `currency ${before.currency ?? ''} → ${bill.currency ?? ''}`,
        !same(before.company_code, bill.company_code) && `company code ${before.company_code ?? ''} → ${bill.company_code ?? ''}`,
        !same(before.business_units_id, bill.business_units_id) &&
          `business unit ${before.business_unit ?? ''} → ${named.business_unit ?? ''}`,
        !same(before.cost_center_networks_id, bill.cost_center_networks_id) &&
          `network ${before.cc_network ?? ''} → ${named.cc_network ?? ''}`,
      ].filter((d): d is string => typeof d === 'string')
      if (detail.length) changes.update.push({ bill, id: Number(before.id), detail: detail.join(', ').replace(/ {2,}/g, ' ') })
      else changes.unchanged.push(bill)
    })
  }
  return changes
}

const billRecords = recordRepository(getResource('cloud_bills'))

/**
 * Writes the new and changed lines (never the unchanged ones), in the caller's transaction: one
 * INSERT … ON CONFLICT DO UPDATE per chunk, so a line another import stored since the comparison is
 * updated rather than doubled; then the change-log entries, a create per new bill and an update per
 * changed one (from the rows as they were), so the entries are exactly the rows changed.
 */
export async function writeBills<T extends BillLine>(tx: Executor, author: Author, changes: BillChanges<T>): Promise<number[]> {
  const bills = [...changes.add, ...changes.update.map((u) => u.bill)]
  if (bills.length === 0) return []
  // the invoice numbers and identifiers first, in one sorted statement (migration 030): two imports
  // at once then lock the new values they share in one order, never each other's in turn
  await tx.execute(sql`SELECT note_cloud_bill_terms(${column(bills, 'reference')}::text[], ${column(bills, 'identifier')}::text[])`)
  const before = await rowsBefore(
    tx,
    billRecords,
    changes.update.map((u) => u.id),
  )
  const ids: number[] = []
  for (let i = 0; i < bills.length; i += BILLS_PER_STATEMENT) {
    const part = bills.slice(i, i + BILLS_PER_STATEMENT)
    const written = await rows<{ id: number }>(
      tx,
      sql`
      INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount,
                               business_units_id, cost_center_networks_id, activity, line_item, occurrence)
      SELECT * FROM unnest(${column(part, 'date')}::date[], ${column(part, 'provider')}::text[], ${column(part, 'company_code')}::text[],
                           ${column(part, 'currency')}::text[], ${column(part, 'reference')}::text[], ${column(part, 'account')}::text[],
                           ${column(part, 'identifier')}::text[], ${column(part, 'amount')}::numeric[],
                           ${column(part, 'business_units_id')}::int4[], ${column(part, 'cost_center_networks_id')}::int4[],
                           ${column(part, 'activity')}::text[], ${column(part, 'line_item')}::text[], ${column(part, 'occurrence')}::int4[])
      ON CONFLICT ${LINE_KEY} DO UPDATE SET company_code = EXCLUDED.company_code, currency = EXCLUDED.currency, amount = EXCLUDED.amount,
        business_units_id = EXCLUDED.business_units_id, cost_center_networks_id = EXCLUDED.cost_center_networks_id
      RETURNING id::float8 AS id`,
    )
    ids.push(...written.map((w) => Number(w.id)))
  }
  await logWritten(tx, author, billRecords, ids, before)
  return ids
}
