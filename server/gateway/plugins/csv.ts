import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { MODEL_PERMISSIONS } from '../../../shared/access.js'
import { MAX_PAGE_SIZE } from '../../../shared/constants.js'
import { csvColumns, csvPrefix, fieldOf, getResource, type ResourceDef } from '../../../shared/resources/index.js'
import { refusalOf } from './auth.js'
import { LARGE_FILE_COMPRESSION } from './compression.js'
import { CsvPages, type ListPage } from '../csv-pages.js'
import { upstreamClient, UpstreamError, type UpstreamAnswer, type UpstreamClientOptions } from '../upstream-client.js'

/** U+FEFF: the byte-order mark that tells Excel a CSV is UTF-8 */
export const UTF8_BOM = '\uFEFF'

/** The list parameters a CSV request may pass on: the model's filters and `sort`. Paging is ours. */
export function csvQuery(resource: ResourceDef, query: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams()
  for (const name of ['sort', ...resource.filters.map((f) => f.param)]) {
    const value = query[name]
    if (typeof value === 'string' && value !== '') out.set(name, value)
  }
  return out
}

/** An upstream answer that is not a list page: its 4xx is the caller's to see, anything else is ours. */
class UpstreamAnswerError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(`upstream answered ${statusCode}`)
  }
}

function pageOf(answer: UpstreamAnswer): ListPage {
  const body = answer.json as { data?: unknown; meta?: { next?: unknown } } | undefined
  if (answer.status !== 200 || !Array.isArray(body?.data)) throw new UpstreamAnswerError(answer.status, answer.json)
  return { rows: body.data as Record<string, unknown>[], next: typeof body.meta?.next === 'string' ? body.meta.next : undefined }
}

/**
 * GET /api/csv/<model>?<filters>&sort=… streams the whole filtered list as CSV, walked through the
 * upstream's JSON list by its keyset cursor (`count=none`, `per_page` MAX_PAGE_SIZE, `after=` the
 * previous page's `meta.next`; a page without one is the last; `fields=` the CSV's columns alone) as
 * the client reads. Page 1 is fetched before the answer starts, so an upstream refusal (bad sort,
 * 4xx) or outage (502/504) is a JSON answer; a page that fails later destroys the stream (the client
 * sees a broken transfer, never a short file). One audit line per request, written when the response closes, with rows and
 * bytes sent; `bom=1` starts the file with the byte-order mark Excel needs. The file name keeps the ISO timestamp verbatim (colons included): a quoted filename
 * allows them, and browsers on Windows replace the colons themselves when saving.
 */
export const csvPlugin = fp<UpstreamClientOptions>(
  async (fastify, opts) => {
    const call = upstreamClient(opts)

    function page(request: FastifyRequest, resource: ResourceDef, params: URLSearchParams, after?: string): Promise<ListPage> {
      const query = new URLSearchParams(params)
      query.set('per_page', String(MAX_PAGE_SIZE))
      query.set('count', 'none')
      if (after !== undefined) query.set('after', after)
      return call(request, 'GET', `${resource.path}?${query.toString()}`).then(pageOf)
    }

    fastify.get<{ Params: { model: string }; Querystring: Record<string, unknown> }>(
      '/api/csv/:model',
      { compress: LARGE_FILE_COMPRESSION },
      async (request, reply) => {
        const resource = getResource(request.params.model)
        // resolved first so that a denial line names a signed-in caller
        const identity = await fastify.authenticate(request)
        if (!resource?.csv) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'no csv for model', status: 404 })
          return reply.notFound()
        }
        if (!identity) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'unauthenticated', status: 401 })
          return reply.unauthorized()
        }
        const refused = refusalOf(identity, MODEL_PERMISSIONS.read)
        if (refused) {
          fastify.auditEvent(request, reply, 'denied', refused.fields)
          return reply.code(403).send(refused.body)
        }
        const columns = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
        const params = csvQuery(resource, request.query)
        // only the CSV's columns: the upstream reads, encodes and sends no other field, and the gateway parses none
        params.set('fields', columns.map((c) => c.field).join(','))
        let body: CsvPages | undefined
        fastify.auditOnClose(request, reply, () => ({
          bytesIn: 0,
          bytesOut: body?.bytes ?? 0,
          rows: body?.rows ?? 0,
          complete: reply.raw.writableFinished,
        }))

        let first: ListPage
        try {
          first = await page(request, resource, params)
        } catch (error) {
          if (error instanceof UpstreamAnswerError && error.statusCode >= 400 && error.statusCode < 500 && error.body) {
            return reply.code(error.statusCode).send(error.body)
          }
          const status = error instanceof UpstreamError ? error.statusCode : 502
          fastify.metrics?.upstreamFailure(status === 504 ? 'timeout' : 'error')
          request.log.warn({ err: error }, 'csv: upstream call failed')
          return reply.code(status).send({ error: status === 504 ? 'Upstream timeout' : 'Upstream unavailable', statusCode: status })
        }
        // page 1 was fine, so the answer is a 200 from here on: its headers go out as soon as Fastify
        // pipes the body (or the compressor) into the response, and only then are later pages fetched
        const headersOut = new Promise<void>((resolve) =>
          reply.raw.once('pipe', () => {
            reply.raw.flushHeaders()
            resolve()
          }),
        )
        // `bom=1` (the web's download links): Excel takes a file without the mark for its ANSI code page
        // and shows 'Ã¼' for 'ü'; scripts ask without it, and their parsers read the plain UTF-8
        const lead = request.query.bom === '1' ? UTF8_BOM : ''
        body = new CsvPages(columns, first, (after) => page(request, resource, params, after), headersOut, lead)
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvPrefix(resource, request.query)}_${new Date().toISOString()}.csv"`)
          .header('cache-control', 'no-store')
          .send(body)
      },
    )
  },
  { name: 'csv', dependencies: ['auth', 'audit'] },
)
