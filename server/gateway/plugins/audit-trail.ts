import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { auditTrailRefusal } from '../../../shared/access.js'
import { AUDIT_CSV_COLUMNS, type AuditFilterQuery } from '../../../shared/audit-trail.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/constants.js'
import { parseAuditFilter, type AuditFilter } from '../audit-filter.js'
import type { AuditSource } from '../audit-source.js'
import { CsvPages } from '../csv-pages.js'
import { LARGE_FILE_COMPRESSION } from './compression.js'
import { UTF8_BOM } from './csv.js'

export interface AuditTrailOptions {
  /** the gateway's database (GATEWAY_DATABASE_URL), else AUDIT_LOG_FILE; neither: the trail is not kept here */
  source?: AuditSource
}

type Query = AuditFilterQuery & Partial<Record<'per_page' | 'after' | 'bom', string>>

const NO_SOURCE = {
  error: 'This gateway keeps its audit lines on stdout only: set GATEWAY_DATABASE_URL or AUDIT_LOG_FILE to read them here.',
  statusCode: 404,
}
const NO_LINE = { error: 'No such audit line.', statusCode: 404 }
const CSV_COLUMNS = AUDIT_CSV_COLUMNS.map((field) => ({ header: field, field }))

const whole = (text: string | undefined, min: number, max: number) =>
  text !== undefined && /^\d{1,15}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : undefined

/**
 * The audit trail for auditors and admins (shared/access.ts AUDIT_TRAIL_ROLES; issue 43 item 3),
 * newest first, from the gateway's database (every replica's lines) or else this gateway's
 * AUDIT_LOG_FILE (audit-source.ts):
 * - GET /api/audit: a page of the lines that pass the filters (shared/audit-trail.ts AUDIT_FILTERS),
 *   `per_page` at a time; `meta.next` is the cursor (`after=`) of the page after;
 * - GET /api/csv/audit?<the same filters>: every such line as CSV, page after page;
 * - GET /api/audit/<chain>/<seq>: one line, by its place in its chain.
 * A bad parameter is a 400 naming it; each read has its line.
 */
export const auditTrailPlugin = fp<AuditTrailOptions>(
  async (fastify, opts) => {
    /** the source when the caller may read the trail; else the refusal is sent and this is undefined */
    async function trailFor(request: FastifyRequest, reply: FastifyReply): Promise<AuditSource | undefined> {
      const identity = await fastify.authenticate(request)
      if (!identity) {
        fastify.auditEvent(request, reply, 'denied', { reason: 'unauthenticated', status: 401 })
        reply.unauthorized()
        return undefined
      }
      const refused = auditTrailRefusal(identity.grant)
      if (refused) {
        const had = 'scopes' in identity.grant ? { scopes: identity.grant.scopes } : { role: identity.grant.role }
        fastify.auditEvent(request, reply, 'denied', { reason: 'not permitted', status: 403, ...had, needs: 'auditor' })
        reply.code(403).send({ error: refused, statusCode: 403 })
        return undefined
      }
      if (!opts.source) {
        fastify.auditEvent(request, reply, 'denied', { reason: 'no audit source', status: 404 })
        reply.code(404).send(NO_SOURCE)
      }
      return opts.source
    }

    /** the filter and cursor of the query; undefined once a 400 naming the bad parameters is sent */
    function filterOf(request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply, source: AuditSource) {
      const parsed = parseAuditFilter(request.query)
      const wrong = 'wrong' in parsed ? { ...parsed.wrong } : {}
      const after = request.query.after
      if (after !== undefined && !source.isCursor(after)) wrong.after = 'after must be a cursor an earlier page gave (meta.next)'
      if (Object.keys(wrong).length || !('filter' in parsed)) {
        fastify.auditCall(request, reply, { status: 400 })
        reply.code(400).send({ error: Object.values(wrong)[0], statusCode: 400, fields: wrong })
        return undefined
      }
      return { filter: parsed.filter, after }
    }

    fastify.get<{ Querystring: Query }>('/api/audit', async (request, reply) => {
      const source = await trailFor(request, reply)
      if (!source) return reply
      const perPage = request.query.per_page === undefined ? DEFAULT_PAGE_SIZE : whole(request.query.per_page, 1, MAX_PAGE_SIZE)
      if (perPage === undefined) {
        const wrong = { per_page: `per_page must be a whole number from 1 to ${MAX_PAGE_SIZE}` }
        fastify.auditCall(request, reply, { status: 400 })
        return reply.code(400).send({ error: wrong.per_page, statusCode: 400, fields: wrong })
      }
      const query = filterOf(request, reply, source)
      if (!query) return reply
      const page = await source.page(query.filter, perPage, query.after)
      fastify.auditCall(request, reply, { status: 200, rows: page.lines.length })
      return reply
        .header('cache-control', 'no-store')
        .send({ data: page.lines, meta: { per_page: perPage, ...(page.next !== undefined && { next: page.next }) } })
    })

    fastify.get<{ Params: { chain: string; seq: string } }>('/api/audit/:chain/:seq', async (request, reply) => {
      const source = await trailFor(request, reply)
      if (!source) return reply
      const seq = whole(request.params.seq, 1, Number.MAX_SAFE_INTEGER)
      const line =
        seq === undefined || !/^[0-9a-f]{1,64}$/.test(request.params.chain) ? undefined : await source.line(request.params.chain, seq)
      fastify.auditCall(request, reply, { status: line ? 200 : 404 })
      if (!line) return reply.code(404).send(NO_LINE)
      return reply.header('cache-control', 'no-store').send({ data: line })
    })

    // a fixed route beside the registry's /api/csv/:model (csv.ts): the house's CSV address for the trail
    fastify.get<{ Querystring: Query }>('/api/csv/audit', { compress: LARGE_FILE_COMPRESSION }, async (request, reply) => {
      const source = await trailFor(request, reply)
      if (!source) return reply
      const query = filterOf(request, reply, source)
      if (!query) return reply
      const filter: AuditFilter = query.filter
      const page = async (after?: string) => {
        const { lines, next } = await source.page(filter, MAX_PAGE_SIZE, after)
        return { rows: lines, next }
      }
      let body: CsvPages | undefined
      fastify.auditOnClose(request, reply, () => ({ bytesIn: 0, bytesOut: body?.bytes ?? 0, rows: body?.rows ?? 0 }))
      const first = await page()
      // no later page is read before the answer's headers are out (csv-pages.ts)
      const headersOut = new Promise<void>((resolve) =>
        reply.raw.once('pipe', () => {
          reply.raw.flushHeaders()
          resolve()
        }),
      )
      body = new CsvPages(CSV_COLUMNS, first, page, headersOut, request.query.bom === '1' ? UTF8_BOM : '')
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit_${new Date().toISOString()}.csv"`)
        .header('cache-control', 'no-store')
        .send(body)
    })
  },
  { name: 'audit-trail', dependencies: ['auth', 'audit', '@fastify/sensible'] },
)
