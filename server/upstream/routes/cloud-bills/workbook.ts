import ExcelJS from 'exceljs'
import { HttpError } from '../../http-error.js'
import { NOT_A_WORKBOOK, xlsxLimits, xlsxSource, type XlsxLimits } from '../../uploads/xlsx.js'

/** a workbook past this many rows is refused while it is read, before it fills memory */
export const MAX_BILL_ROWS = 200_000
/** columns read per row: the bill has 12, a sheet 16,384 wide is not a bill file */
const MAX_COLUMNS = 40
/** a header row and the bills: past them, and past the archive's limits, the file is refused as it streams */
export const BILL_WORKBOOK_LIMITS = xlsxLimits(MAX_BILL_ROWS + 1, `The workbook has more than ${MAX_BILL_ROWS} bills`)

const day = (d: Date) => d.toISOString().slice(0, 10)

/** One cell as the text a CSV would carry; a formula is refused (its cached value may be anything). */
function cellText(value: ExcelJS.CellValue, row: number): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return day(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return value
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) throw new HttpError(422, `Row ${row}: formulas are not accepted, only values`)
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('text' in value && typeof value.text === 'string') return value.text
    if ('error' in value) throw new HttpError(422, `Row ${row}: a cell holds the error ${String(value.error)}`)
  }
  throw new HttpError(422, `Row ${row}: a cell holds a value that is not text, a number or a date`)
}

/**
 * The first sheet of an .xlsx workbook as rows of text cells, read with exceljs's streaming reader
 * (shared strings and styles cached, hyperlinks ignored) from what xlsxSource let through. Refuses
 * formulas, sheets past MAX_BILL_ROWS rows, zip bombs and files that are not workbooks, with a 422
 * that says which.
 */
export async function workbookRows(bytes: Buffer, limits: XlsxLimits = BILL_WORKBOOK_LIMITS): Promise<string[][]> {
  const source = await xlsxSource(bytes, limits)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source.stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // a date cell is a number with a date format: without styles it reads as 45413
    worksheets: 'emit',
    entries: 'emit',
  })
  const records: string[][] = []
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number > MAX_BILL_ROWS + 1) throw new HttpError(422, `The workbook has more than ${MAX_BILL_ROWS} bills`)
        const values = (row.values as ExcelJS.CellValue[]).slice(1, MAX_COLUMNS + 1)
        while (records.length < row.number - 1) records.push([]) // rows the sheet skips are blank
        const cells = Array.from(values, (v) => cellText(v, row.number))
        // a formatted but empty cell past the last value is no field: only a value can be one too many (rows.ts)
        while (cells.at(-1) === '') cells.pop()
        records.push(cells)
      }
      break // the first sheet is the bills
    }
  } catch (err) {
    throw source.failure() ?? (err instanceof HttpError ? err : new HttpError(422, NOT_A_WORKBOOK))
  } finally {
    source.close()
  }
  // a limit ends the stream mid-entry; should the reader take that for the sheet's end, the rows are still not the file
  const failure = source.failure()
  if (failure) throw failure
  return records
}
