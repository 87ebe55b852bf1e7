import { once } from 'node:events'
import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { csvColumns, type ResourceDef } from '../../../../shared/resources/index.js'
import { csvHeader } from '../../../../shared/csv.js'
import type { Database } from '../../db/client.js'
import type { ListParams, RecordRepository } from '../../db/records/repository.js'

/**
 * A list's whole filtered set as CSV, when the caller asks for it (Accept: text/csv, as the
 * gateway's CSV export does) and the database can stream it (PostgreSQL's COPY). Anyone else gets
 * the JSON page, and the gateway then pages through the list itself.
 */
export function wantsCsv(request: FastifyRequest, resource: ResourceDef, database: Database): boolean {
  return Boolean(resource.csv && database.copyText && /\btext\/csv\b/.test(request.headers.accept ?? ''))
}

/**
 * The header line, then the rows as the database renders them (db/records/csv-lines.ts). The answer
 * starts only once the COPY has, so a refused query is still an error answer; a failure later
 * breaks the transfer (never a short file that looks whole). A client that leaves destroys the
 * body, which ends the COPY.
 */
export async function sendCsv(reply: FastifyReply, database: Database, records: RecordRepository, query: ListParams) {
  const columns = csvColumns(records.resource)
  const lines = database.copyText!(records.csvLines(query, columns))
  await once(lines, 'readable')
  async function* file() {
    yield Buffer.from(csvHeader(columns))
    yield* lines
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(Readable.from(file(), { objectMode: false }))
}
