import { pipeline } from 'node:stream'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MAX_PAGE_SIZE } from '../../../shared/constants.js'
import { csvColumns, csvPrefix, fieldOf, getResource, type ResourceDef } from '../../../shared/resources/index.js'
import { csvHeader, csvRows, type CsvColumnOf } from '../../../shared/csv.js'
import { LARGE_FILE_COMPRESSION } from './compression.js'
import { CsvPages, CsvPassThrough, type CsvPage, type CsvPageRequest } from '../csv-pages.js'
import { readAnswer, upstreamClient, UpstreamError, type UpstreamAnswer, type UpstreamClientOptions } from '../upstream-client.js'

const NOT_FOUND = { error: 'Not Found', statusCode: 404 }
const UNAUTHORIZED = { error: 'Unauthorized', statusCode: 401 }

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

/**
 * GET /api/csv/<model>?<filters>&sort=… streams the whole filtered list as CSV, fetched from the
 * upstream a page (MAX_PAGE_SIZE rows) at a time as the client reads. Page 1 is fetched before the
 * answer starts, so an upstream refusal (bad sort, 4xx) or outage (502/504) is a JSON answer; a page
 * that fails later destroys the stream (the client sees a broken transfer, never a short file).
 * One audit line per request, written when the response closes, with rows and bytes sent.
 * The file name keeps the ISO timestamp verbatim (colons included): a quoted filename allows them,
 * and browsers on Windows replace the colons themselves when saving.
 */
export const csvPlugin = fp<UpstreamClientOptions>(
  async (fastify, opts) => {
    const call = upstreamClient(opts)

    function pageQuery(params: URLSearchParams, at: CsvPageRequest): string {
      const query = new URLSearchParams(params)
      query.set('per_page', String(MAX_PAGE_SIZE))
      // an upstream that ignores these answers numbered pages with totals, as before
      query.set('count', 'none')
      if (at.after) query.set('after', at.after)
      else query.set('page', String(at.page))
      return query.toString()
    }

    function pageOf(answer: UpstreamAnswer, columns: CsvColumnOf[], at: CsvPageRequest): CsvPage {
      const body = answer.json as { data?: unknown; meta?: { total?: unknown; next?: unknown } } | undefined
      if (answer.status !== 200 || !Array.isArray(body?.data)) throw new UpstreamAnswerError(answer.status, answer.json)
      const rows = body.data as Record<string, unknown>[]
      const total = Number(body.meta?.total)
      const next = typeof body.meta?.next === 'string' ? body.meta.next : undefined
      // a cursor always leads on (an upstream may walk in shorter steps than asked); without one, a
      // short page or the total ends the list
      const last = !next && (rows.length < MAX_PAGE_SIZE || (Number.isFinite(total) && at.page * MAX_PAGE_SIZE >= total))
      return { text: csvRows(columns, rows), rows: rows.length, last, next }
    }

    async function page(
      request: FastifyRequest,
      resource: ResourceDef,
      columns: CsvColumnOf[],
      params: URLSearchParams,
      at: CsvPageRequest,
    ): Promise<CsvPage> {
      return pageOf(await call(request, 'GET', `${resource.path}?${pageQuery(params, at)}`), columns, at)
    }

    /**
     * The first call offers to take the whole list as CSV (an upstream that renders it, on
     * PostgreSQL, streams it in one answer); an upstream that answers JSON gives page 1 instead.
     */
    async function start(request: FastifyRequest, resource: ResourceDef, columns: CsvColumnOf[], params: URLSearchParams) {
      const at = { page: 1 }
      const answer = await call.open(request, 'GET', `${resource.path}?${pageQuery(params, at)}`, 'text/csv, application/json;q=0.5')
      if (answer.statusCode === 200 && /^text\/csv\b/.test(answer.headers['content-type'] ?? '')) return { csv: answer }
      return { first: pageOf(await readAnswer(answer), columns, at) }
    }

    function audit(request: FastifyRequest, reply: FastifyReply, result: () => Record<string, unknown>) {
      fastify.auditOnClose(request, reply, () => ({ bytesIn: 0, ...result(), complete: reply.raw.writableFinished }))
    }

    fastify.get<{ Params: { model: string }; Querystring: Record<string, unknown> }>(
      '/api/csv/:model',
      { compress: LARGE_FILE_COMPRESSION, config: { longCall: true } },
      async (request, reply) => {
        const resource = getResource(request.params.model)
        // resolved first so that a denial line names a signed-in caller
        const identity = await fastify.authenticate(request)
        if (!resource?.csv) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'no csv for model', status: 404 })
          return reply.code(404).send(NOT_FOUND)
        }
        if (!identity) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'unauthenticated', status: 401 })
          return reply.code(401).send(UNAUTHORIZED)
        }
        const columns = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
        const params = csvQuery(resource, request.query)
        let body: CsvPages | CsvPassThrough | undefined
        audit(request, reply, () => ({ bytesOut: body?.bytes ?? 0, rows: body?.rows ?? 0 }))

        let started: Awaited<ReturnType<typeof start>>
        try {
          started = await start(request, resource, columns, params)
        } catch (error) {
          if (error instanceof UpstreamAnswerError && error.statusCode >= 400 && error.statusCode < 500 && error.body) {
            return reply.code(error.statusCode).send(error.body)
          }
          const status = error instanceof UpstreamError ? error.statusCode : 502
          fastify.metrics?.upstreamFailure(status === 504 ? 'timeout' : 'error')
          request.log.warn({ err: error }, 'csv: upstream call failed')
          return reply.code(status).send({ error: status === 504 ? 'Upstream timeout' : 'Upstream unavailable', statusCode: status })
        }
        if (started.csv) {
          // the upstream's file as it comes (its header line included); an upstream that breaks off
          // mid-file breaks this transfer too, so a cut file never looks whole
          const passThrough = new CsvPassThrough()
          body = passThrough
          pipeline(started.csv, passThrough, (error) => {
            if (error) request.log.warn({ err: error }, 'csv: upstream broke off')
          })
        } else {
          // page 1 was fine, so the answer is a 200 from here on: its headers go out as soon as Fastify
          // pipes the body (or the compressor) into the response, and only then are later pages fetched
          const headersOut = new Promise<void>((resolve) =>
            reply.raw.once('pipe', () => {
              reply.raw.flushHeaders()
              resolve()
            }),
          )
          body = new CsvPages(
            { ...started.first, text: csvHeader(columns) + started.first.text },
            (at) => fastify.othersDone().then(() => page(request, resource, columns, params, at)),
            headersOut,
          )
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvPrefix(resource, request.query)}_${new Date().toISOString()}.csv"`)
          .header('cache-control', 'no-store')
          .send(body)
      },
    )
  },
  { name: 'csv', dependencies: ['auth', 'audit', 'people-first'] },
)
