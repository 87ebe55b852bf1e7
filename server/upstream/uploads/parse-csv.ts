import { HttpError } from '../http-error.js'

/**
 * RFC 4180 records: comma-separated, fields optionally in double quotes ("" is a quote; commas and
 * line breaks inside quotes are data), records ending in CRLF or LF. Strict where a spreadsheet export
 * never deviates, so a damaged file fails with the row named instead of loading shifted columns.
 * Rows are numbered as a spreadsheet shows them (the header is row 1); blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  const n = text.length
  const fail = (message: string): never => {
    throw new HttpError(422, `Row ${records.length + 1}: ${message}`)
  }
  let i = 0
  while (i < n) {
    let value: string
    if (text[i] === '"') {
      value = ''
      let j = i + 1
      for (;;) {
        const q = text.indexOf('"', j)
        if (q === -1) fail('a quoted value is never closed')
        if (text[q + 1] === '"') {
          value += text.slice(j, q + 1)
          j = q + 2
          continue
        }
        value += text.slice(j, q)
        i = q + 1
        break
      }
      if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') fail('text after a closing quote')
    } else {
      // slices, not character-by-character concatenation: a 50 MiB file stays fast
      let j = i
      while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++
      value = text.slice(i, j)
      if (value.includes('"')) fail('a quote inside an unquoted value')
      i = j
    }
    record.push(value)
    if (text[i] === ',') {
      i++
      if (i === n) record.push('') // "a,b," at the very end: the last field is empty
      continue
    }
    // a line end (CRLF, LF, or a lone CR from old exports) or the end of the text closes the record
    if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1
    else if (text[i] === '\n') i++
    if (!(record.length === 1 && record[0] === '')) records.push(record)
    record = []
  }
  if (record.length) records.push(record)
  return records
}

/**
 * A row with more fields than its header: a value with an unquoted comma (an amount 12,34) shifts
 * the fields after it, so the row is refused rather than read with a wrong value in every column.
 */
export function extraFields(cells: readonly string[], header: readonly string[]): string | undefined {
  if (cells.length <= header.length) return undefined
  return `${cells.length} fields, but the header has ${header.length} (a value with a comma must be in double quotes)`
}

/**
 * Why a header names none of the columns it seems to name: a file separated by semicolons or tabs
 * (a spreadsheet's export in some locales) reads as one field per line. Undefined when it is not that.
 */
export function separatorProblem(header: readonly string[]): string | undefined {
  const separator = header.length === 1 ? [';', '\t'].find((s) => header[0].includes(s)) : undefined
  if (separator === undefined) return undefined
  return `The separator must be a comma, not ${separator === ';' ? '";"' : 'a tab'}`
}
