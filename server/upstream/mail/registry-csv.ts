import { Readable } from 'node:stream'
import { csvColumns, fieldOf, type ResourceDef } from '../../../shared/resources/index.js'
// the one CSV writer of the project (RFC 4180, formula-injection prefix); it lives with the gateway
// until it is hoisted into shared/, and a second copy here would drift from it
import { csvHeader, csvRows, type CsvColumnOf } from '../../../shared/csv.js'
import type { Executor } from '../db/records/rows.js'
import type { ListFilter } from '../db/records/list-filter.js'
import { recordRepository } from '../db/records/repository.js'

/** Rows read per query: one short query each, so PGlite's single session is never held for long. */
export const CSV_PAGE_ROWS = 1000

/** `<prefix>_<ISO timestamp>.csv`, the file name contract of every CSV of the portal. */
export function csvFileName(resource: ResourceDef, at = new Date()): string {
  return `${resource.csv?.prefix ?? resource.key}_${at.toISOString()}.csv`
}

/**
 * Every row of a registry model (optionally filtered) as CSV with the registry's CSV columns, read
 * page by page as the consumer (nodemailer writing the message) asks for more: a million-row
 * inventory holds one page in memory, never the table.
 */
export function registryCsv(
  db: Executor,
  resource: ResourceDef,
  registry: readonly ResourceDef[],
  filters: readonly ListFilter[] = [],
): Readable {
  if (!resource.csv) throw new Error(`${resource.key} has no CSV columns`)
  const columns: CsvColumnOf[] = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
  const records = recordRepository(resource, registry)
  // only the columns' fields are read (and only their joins)
  const fields = columns.map((c) => c.field)
  async function* lines() {
    yield csvHeader(columns)
    let afterId = 0
    for (;;) {
      const page = await records.listAfter(db, afterId, CSV_PAGE_ROWS, filters, fields)
      if (page.length) yield csvRows(columns, page)
      if (page.length < CSV_PAGE_ROWS) return
      afterId = Number(page[page.length - 1].id)
    }
  }
  return Readable.from(lines(), { objectMode: false })
}
