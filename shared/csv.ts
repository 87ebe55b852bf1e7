import type { FieldType } from './resources/index.js'

/** A cell a spreadsheet would read as a formula (TECH-NOTES checklist #12, OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r\n\0]/
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
  let text: string
  if (typeof value === 'boolean') text = value ? 'true' : 'false'
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value)
  else if (typeof value === 'object') text = JSON.stringify(value)
  else text = String(value)
  const numeric = (typeof value === 'number' || type === 'number') && PLAIN_NUMBER.test(text)
  if (!numeric && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export interface CsvColumnOf {
  header: string
  field: string
  type?: FieldType
}

/** RFC 4180 lines end in CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`
}

export function csvHeader(columns: readonly CsvColumnOf[]): string {
  return csvLine(columns.map((c) => csvCell(c.header, 'text')))
}

export function csvRows(columns: readonly CsvColumnOf[], rows: readonly Record<string, unknown>[]): string {
  let out = ''
  for (const row of rows) out += csvLine(columns.map((c) => csvCell(row[c.field], c.type)))
  return out
}
