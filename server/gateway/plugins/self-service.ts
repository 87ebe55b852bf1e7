import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { upstreamClient, UpstreamError, type UpstreamClientOptions } from '../upstream-client.js'
import { MODEL_PERMISSIONS } from '../../../shared/access.js'
import { refusalOf } from './auth.js'
import { limitKey, SELF_SERVICE_TRIES } from './rate-limits.js'

/**
 * The one public call of the portal (spec 000 §2, §6): the member self-service page, opened from a
 * link without signing in, sends
 *   POST /api/members/update-restricted/<member_id>?credential=…  {department, other_department, business_unit}
 * Exactly this path and query go upstream, with the fixed token and no person (`uid` empty); the
 * upstream checks the credential (an expiring HMAC it issued for that member, the member's latest
 * link and not yet used) before anything else.
 *
 * Its form's choices, GET /api/select_options?by_field=department|business_unit, are public only to
 * whoever holds a valid link: the page passes member_id and credential along, and the upstream
 * answers a call without a signed-in person only when they verify. Signed-in people and scripts reach
 * it as any read (viewer / read, issue 37 item 8); one without that permission who brings a link goes
 * as a link holder (a member is often signed in to the company's SSO, in no portal group).
 * Department names are internal reference data, so they are not given to every passer-by.
 *
 * Tries of a link are limited per client address and per member (issue 27 item 6, SELF_SERVICE_TRIES):
 * here, where both are known whichever provider API stands behind; past either, 429 with Retry-After.
 */
const MEMBER_ID = /^[1-9][0-9]{0,9}$/
const CREDENTIAL = /^[0-9A-Za-z._-]{1,200}$/
const FIELDS = new Set(['department', 'business_unit'])

type Limit = ReturnType<FastifyInstance['createRateLimit']>
const minutes = (seconds: number) => (Math.ceil(seconds / 60) === 1 ? '1 minute' : `${Math.ceil(seconds / 60)} minutes`)
const TOO_MANY_TRIES = {
  address: (seconds: number) => `Too many tries from this address: try again in ${minutes(seconds)}`,
  member: (seconds: number) => `Too many tries with this member's link: try again in ${minutes(seconds)}`,
}

export const selfServicePlugin = fp<UpstreamClientOptions>(
  async (fastify, opts) => {
    const call = upstreamClient(opts)
    const window = { timeWindow: SELF_SERVICE_TRIES.windowMs }
    // named keys: in Redis (REDIS_URL) every limit's keys share one prefix (rate-limits.ts)
    const triesPerAddress = fastify.createRateLimit({
      ...window,
      max: SELF_SERVICE_TRIES.perAddress,
      keyGenerator: limitKey('self-service'),
    })
    const triesPerMember = fastify.createRateLimit({
      ...window,
      max: SELF_SERVICE_TRIES.perMember,
      keyGenerator: (request) => `self-service-member:${(request.params as { member_id: string }).member_id}`,
    })

    /** Counts the try; past the limit, answers 429 and says so. */
    async function refusedPastLimit(limit: Limit, per: keyof typeof TOO_MANY_TRIES, request: FastifyRequest, reply: FastifyReply) {
      const counted = await limit(request)
      if (counted.isAllowed || !counted.isExceeded) return false
      fastify.auditEvent(request, reply, 'self-service-limited', { user: null, reason: per, status: 429 })
      const seconds = counted.ttlInSeconds
      reply
        .code(429)
        .header('retry-after', seconds)
        .send({ error: TOO_MANY_TRIES[per](seconds), statusCode: 429 })
      return true
    }

    async function forward(request: FastifyRequest, reply: FastifyReply, method: 'GET' | 'POST', path: string, body?: unknown) {
      const text = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
      if (method === 'POST') fastify.auditForwarding(request, reply)
      try {
        const answer = await call(request, method, path, text)
        reply.code(answer.status)
        fastify.auditCall(request, reply, { status: answer.status, bytesIn: text?.length ?? 0, bytesOut: answer.bytes })
        return reply.send(answer.json ?? { error: 'Upstream answered without JSON', statusCode: 502 })
      } catch (err) {
        const status = err instanceof UpstreamError ? err.statusCode : 502
        reply.code(status)
        fastify.auditCall(request, reply, { status, bytesIn: text?.length ?? 0, bytesOut: 0 })
        return reply.send({ error: err instanceof UpstreamError ? err.message : 'Upstream unavailable', statusCode: status })
      }
    }

    fastify.post<{ Params: { member_id: string }; Querystring: Record<string, string> }>(
      '/api/members/update-restricted/:member_id',
      { bodyLimit: 4096 },
      async (request, reply) => {
        const { member_id: memberId } = request.params
        const { credential } = request.query
        const keys = Object.keys(request.query)
        // the address first: one address's flood does not use up the tries of the members it names
        if (await refusedPastLimit(triesPerAddress, 'address', request, reply)) return reply
        if (!MEMBER_ID.test(memberId) || typeof credential !== 'string' || !CREDENTIAL.test(credential) || keys.length !== 1) {
          fastify.auditEvent(request, reply, 'denied', { reason: 'bad self-service link', status: 404 })
          return reply.notFound()
        }
        if (await refusedPastLimit(triesPerMember, 'member', request, reply)) return reply
        const body = request.body && typeof request.body === 'object' ? request.body : {}
        return forward(request, reply, 'POST', `members/update-restricted/${memberId}?${new URLSearchParams({ credential })}`, body)
      },
    )

    fastify.get<{ Querystring: Record<string, string> }>('/api/select_options', async (request, reply) => {
      // a signed-in person goes as themselves; a link holder as nobody, with the link
      const identity = await fastify.authenticate(request)
      const { by_field: field, member_id: memberId, credential } = request.query
      const refused = identity && refusalOf(identity, MODEL_PERMISSIONS.read)
      if (refused) {
        if (memberId === undefined && credential === undefined) {
          fastify.auditEvent(request, reply, 'denied', refused.fields)
          return reply.code(403).send(refused.body)
        }
        // no reader: only the link can let this call through, and the upstream checks it as a link holder's
        request.identity = null
      }
      const query = new URLSearchParams()
      if (typeof field === 'string' && FIELDS.has(field)) query.set('by_field', field)
      if (typeof memberId === 'string' && MEMBER_ID.test(memberId)) query.set('member_id', memberId)
      if (typeof credential === 'string' && CREDENTIAL.test(credential)) query.set('credential', credential)
      if (!query.has('by_field')) return reply.badRequest('by_field must be department or business_unit')
      return forward(request, reply, 'GET', `select_options?${query}`)
    })
  },
  { name: 'self-service', dependencies: ['auth', 'audit', 'rate-limits', '@fastify/sensible'] },
)
