import fp from 'fastify-plugin'
import { auditTrailRefusal } from '../../../shared/access.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/constants.js'
import { auditFields } from '../audit-ecs.js'
import { linesBackwards } from '../audit-file.js'

export interface AuditTrailOptions {
  /** AUDIT_LOG_FILE: the lines this gateway (and its workers) appended; unset, the trail is not kept here */
  file?: string
}

type Query = Partial<Record<'user' | 'method' | 'path' | 'status' | 'reqId' | 'per_page' | 'after', string>>

const NO_FILE = {
  error: 'This gateway keeps its audit lines on stdout only: set AUDIT_LOG_FILE to read them here.',
  statusCode: 404,
}
const whole = (text: string | undefined, min: number, max: number) =>
  text !== undefined && /^\d{1,15}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : undefined

/**
 * GET /api/audit: the gateway's own audit lines for auditors and admins (shared/access.ts
 * AUDIT_TRAIL_ROLES), newest first, read from the end of AUDIT_LOG_FILE: filtered by `user`,
 * `method`, `reqId` and `status` (each exactly) and `path` (its start), `per_page` at a time;
 * `meta.next` is the cursor (`after=`) of the lines before the page. A line written in ECS names
 * (AUDIT_FORMAT=ecs) is answered in ours, so the answer has one shape whatever the file's. The file is this gateway's
 * (with GATEWAY_WORKERS, its workers'): the trail of every replica in one place is issue 43 item 3.
 * A filter that matches rarely reads the file far back to fill a page.
 */
export const auditTrailPlugin = fp<AuditTrailOptions>(
  async (fastify, opts) => {
    fastify.get<{ Querystring: Query }>('/api/audit', async (request, reply) => {
      const identity = await fastify.authenticate(request)
      if (!identity) {
        fastify.auditEvent(request, reply, 'denied', { reason: 'unauthenticated', status: 401 })
        return reply.unauthorized()
      }
      const refused = auditTrailRefusal(identity.grant)
      if (refused) {
        const had = 'scopes' in identity.grant ? { scopes: identity.grant.scopes } : { role: identity.grant.role }
        fastify.auditEvent(request, reply, 'denied', { reason: 'not permitted', status: 403, ...had, needs: 'auditor' })
        return reply.code(403).send({ error: refused, statusCode: 403 })
      }
      if (!opts.file) {
        fastify.auditEvent(request, reply, 'denied', { reason: 'no audit file', status: 404 })
        return reply.code(404).send(NO_FILE)
      }
      const { user, method, path, reqId } = request.query
      const perPage = request.query.per_page === undefined ? DEFAULT_PAGE_SIZE : whole(request.query.per_page, 1, MAX_PAGE_SIZE)
      const status = request.query.status === undefined ? undefined : whole(request.query.status, 100, 599)
      const after = request.query.after === undefined ? Infinity : whole(request.query.after, 0, Number.MAX_SAFE_INTEGER)
      const wrong =
        (perPage === undefined && { per_page: `per_page must be a whole number from 1 to ${MAX_PAGE_SIZE}` }) ||
        (request.query.status !== undefined && status === undefined && { status: 'status must be an HTTP status, 100 to 599' }) ||
        (after === undefined && { after: 'after must be a cursor an earlier page gave (meta.next)' })
      if (wrong) {
        fastify.auditCall(request, reply, { status: 400 })
        return reply.code(400).send({ error: Object.values(wrong)[0], statusCode: 400, fields: wrong })
      }
      const wantedMethod = method?.toUpperCase()
      const data: Record<string, unknown>[] = []
      let next: string | undefined
      let more = false
      for await (const line of linesBackwards(opts.file, after)) {
        let parsed: Record<string, unknown>
        try {
          parsed = auditFields(JSON.parse(line.text) as Record<string, unknown>)
        } catch {
          continue // a line a worker is still writing
        }
        if (user !== undefined && parsed.user !== user) continue
        if (wantedMethod !== undefined && parsed.method !== wantedMethod) continue
        if (path !== undefined && !(typeof parsed.path === 'string' && parsed.path.startsWith(path))) continue
        if (status !== undefined && parsed.status !== status) continue
        if (reqId !== undefined && parsed.reqId !== reqId) continue
        if (data.length === perPage) {
          // a line beyond the page: there is a next one, of the lines before the page's last
          more = true
          break
        }
        data.push(parsed)
        next = String(line.start)
      }
      fastify.auditCall(request, reply, { status: 200, rows: data.length })
      return reply.header('cache-control', 'no-store').send({ data, meta: { per_page: perPage, ...(more && { next }) } })
    })
  },
  { name: 'audit-trail', dependencies: ['auth', 'audit', '@fastify/sensible'] },
)
