import type { FieldType } from './resources/index.js'

/**
 * A cell a spreadsheet would read as a formula (TECH-NOTES checklist #12, OWASP CSV injection),
 * the full-width ＝ ＋ － ＠ included: spreadsheets in East Asian locales read them as = + - @.
 */
const FORMULA_START = /^[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/
/** Only these make RFC 4180 quoting necessary; quoting less keeps files diff-friendly. */
const NEEDS_QUOTES = /[",\r\n]/
/** A plain number (sign, digits, decimals, exponent): cannot start a formula, whatever its sign. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/**
 * One CSV cell. Text that starts like a formula gets a leading `'` so a spreadsheet shows it as
 * text. Values of number fields that are plain numbers are left alone, so an amount of -12.50
 * (PostgreSQL numeric arrives as a string) stays a number in the spreadsheet.
 */
export function csvCell(value: unknown, type: FieldType | undefined): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  // most cells start like no formula: the number test runs only for those that do
  if (FORMULA_START.test(text) && !((typeof value === 'number' || type === 'number') && PLAIN_NUMBER.test(text))) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A column of rows of type `R`: a typed row names its own fields, a record of the registry any name. */
export interface CsvColumnOf<R = Record<string, unknown>> {
  header: string
  field: keyof R & string
  type?: FieldType
}

/** RFC 4180 lines end in CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`
}

export function csvHeader(columns: readonly Pick<CsvColumnOf, 'header'>[]): string {
  return csvLine(columns.map((c) => csvCell(c.header, 'text')))
}

/** The rows' lines, one string: a page of a thousand rows is one chunk for the stream. */
export function csvRows<R>(columns: readonly CsvColumnOf<R>[], rows: readonly R[]): string {
  let out = ''
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) out += (i === 0 ? '' : ',') + csvCell(row[columns[i].field], columns[i].type)
    out += '\r\n'
  }
  return out
}
