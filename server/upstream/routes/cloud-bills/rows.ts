import { BILL_PROVIDERS } from '../../../../shared/resources/cloud-bills.js'
import { HttpError } from '../../http-error.js'
import { extraFields, separatorProblem } from '../../uploads/parse-csv.js'
import { refused, type RefusedRow } from '../../uploads/plan.js'

/** A bill of the file, checked; the header is row 1, as a spreadsheet numbers it. */
export interface BillRow {
  row: number
  date: string
  provider: string
  company_code: string | null
  currency: string | null
  reference: string | null
  account: string | null
  identifier: string
  amount: string
  business_unit: string | null
  cc_network: string | null
  activity: string | null
  line_item: string | null
}

type Column = Exclude<keyof BillRow, 'row'>
const REQUIRED: readonly Column[] = ['date', 'provider', 'identifier', 'amount']
const LIMITS: Partial<Record<Column, number>> = {
  company_code: 20,
  currency: 10,
  reference: 100,
  account: 50,
  identifier: 100,
  business_unit: 200,
  cc_network: 50,
  activity: 100,
  line_item: 255,
}
/** the history table's headings (spec 001 §2) and the API's names both name a column */
const ALIASES: Record<string, Column> = {
  date: 'date',
  provider: 'provider',
  company_code: 'company_code',
  currency: 'currency',
  reference: 'reference',
  invoice_num: 'reference',
  gl_account: 'account',
  account: 'account',
  identifier: 'identifier',
  amount: 'amount',
  business_unit: 'business_unit',
  business_unit_name: 'business_unit',
  cc_network: 'cc_network',
  cost_center_network: 'cc_network',
  activity: 'activity',
  line_item_txt: 'line_item',
  line_item: 'line_item',
}
/** A row as the file gives it, before the checks: any cell may be empty. */
type Draft = { row: number } & { [C in Column]: string | null }
/** The required cells are there (once a row passed the checks, which name every empty one). */
const complete = (bill: Draft): bill is BillRow => REQUIRED.every((c) => bill[c] !== null)

/** at most this many bad rows are named in one answer */
const MAX_REPORTED = 20

const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value)

function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] && +m[1] >= 1990 && +m[1] <= 2100
}

/** 'GL Account' → 'gl_account' */
const headingKey = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

/** The file's bills whose cells are right, and the refused rows with what is wrong with them. */
export interface BillLines {
  bills: BillRow[]
  refused: RefusedRow[]
}

/**
 * Checks a whole file's cells (CSV or the first sheet of a workbook, as text): the header names the
 * required columns, each row has a real day (yyyy-MM-dd), a known provider, an identifier and an
 * amount with at most two decimals. Every bad row is collected with all that is wrong with it. A
 * bad header, or a file without a single row, refuses the file (422).
 */
export function checkBillRows(records: readonly string[][]): BillLines {
  const [header, ...data] = records
  if (!header) throw new HttpError(422, `The file is empty: it needs a header naming ${REQUIRED.join(', ')}`)
  const columns = header.map((h) => ALIASES[headingKey(h)])
  const missing = REQUIRED.filter((c) => !columns.includes(c))
  if (missing.length)
    throw new HttpError(422, separatorProblem(header) ?? `The header must name ${REQUIRED.join(', ')}; missing: ${missing.join(', ')}`)
  const result: BillLines = { bills: [], refused: [] }
  data.forEach((cells, index) => {
    const row = index + 2
    if (cells.every((c) => c.trim() === '')) return // a blank line between blocks is no bill
    const value = (c: Column) => {
      const at = columns.indexOf(c)
      const text = at === -1 ? '' : (cells[at] ?? '').trim()
      return text === '' ? null : text
    }
    const extra = extraFields(cells, header)
    if (extra) return result.refused.push(refused(row, shown(value('identifier') ?? ''), extra))
    const bill: Draft = {
      row,
      date: value('date'),
      provider: value('provider'),
      company_code: value('company_code'),
      currency: value('currency'),
      reference: value('reference'),
      account: value('account'),
      identifier: value('identifier'),
      amount: value('amount'),
      business_unit: value('business_unit'),
      cc_network: value('cc_network'),
      activity: value('activity'),
      line_item: value('line_item'),
    }
    const wrong: string[] = []
    for (const c of REQUIRED) if (bill[c] === null) wrong.push(`${c} is empty`)
    for (const [c, max] of Object.entries(LIMITS) as [Column, number][]) {
      if ((bill[c]?.length ?? 0) > max) wrong.push(`${c} is longer than ${max} characters`)
    }
    if (bill.date !== null && !isDay(bill.date)) wrong.push(`date ${shown(bill.date)} is not a day (yyyy-MM-dd)`)
    if (bill.provider !== null) {
      const provider = bill.provider.toLowerCase()
      if ((BILL_PROVIDERS as readonly string[]).includes(provider)) bill.provider = provider
      else wrong.push(`provider ${shown(bill.provider)} is not one of ${BILL_PROVIDERS.join(', ')}`)
    }
    if (bill.amount !== null) {
      const amount = bill.amount.replace(/,/g, '')
      if (/^-?\d{1,13}(\.\d{1,2})?$/.test(amount)) bill.amount = amount
      else wrong.push(`amount ${shown(bill.amount)} is not a number with at most two decimals`)
    }
    if (wrong.length === 0 && complete(bill)) result.bills.push(bill)
    else result.refused.push(refused(row, shown(bill.identifier ?? ''), wrong.join(', ')))
  })
  if (result.bills.length === 0 && result.refused.length === 0) throw new HttpError(422, 'The file has a header but no bills')
  return result
}

/** The 422 of bad rows: each named (up to MAX_REPORTED), and how many more. */
export function badRowsError(refusedRows: readonly RefusedRow[]): HttpError {
  const problems = refusedRows.flatMap((r) => r.messages)
  const more = problems.length > MAX_REPORTED ? ` (and ${problems.length - MAX_REPORTED} more bad rows)` : ''
  return new HttpError(422, `${problems.slice(0, MAX_REPORTED).join('; ')}${more}`)
}

/** The file's bills; any bad row refuses the whole file (422) naming every bad row (up to MAX_REPORTED). */
export function billRowsOf(records: readonly string[][]): BillRow[] {
  const { bills, refused: bad } = checkBillRows(records)
  if (bad.length) throw badRowsError(bad)
  return bills
}
