import type { Readable } from 'node:stream'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { permitsOf } from '../../../shared/access.js'
import { BULK_ACTIONS, type BulkAction, type BulkAnswer } from '../../../shared/calls/bulk.js'
import { buildAllowlist, type AllowedRoute } from '../allowlist.js'
import { auditPath, whenClosed } from './audit.js'
import { BodyReadError, readBody } from '../body-limit.js'
import { JsonBodyError, readJsonBody, type JsonBody } from '../json-body.js'
import { clientHeaders } from '../header-allowlists.js'
import { discardUnreadBody } from '../unread-body.js'
import { ownersMailed, recipientRefusal, recipientsOf, withAllowedDomains, withCallersAddress } from '../recipients.js'
import { refusalOf } from './auth.js'
import { signInProblemAnswer } from '../sign-in-problem.js'
import { clientError, CONTENT_HEADERS, replaceServerError } from '../upstream-errors.js'
import { upstreamClient, UpstreamError, upstreamError, type UpstreamClientOptions, type UpstreamResponse } from '../upstream-client.js'

export interface ProxyOptions extends UpstreamClientOptions {
  bodyLimitBytes: number
  /** the domains a report may be emailed to */
  reportDomains: readonly string[]
}

const NOT_FOUND = { error: 'Not Found', statusCode: 404 }
const UNAUTHORIZED = { error: 'Unauthorized', statusCode: 401 }
const SESSION_ENDED = { ...signInProblemAnswer('session-ended'), signIn: 'session-ended' }
/** GET /api/session?check=1 of nobody signed in */
const SIGNED_OUT = { signedIn: false } as const
const TOO_LARGE = { error: 'Payload Too Large', statusCode: 413 }
const NOT_JSON = { error: 'Unsupported Media Type: a request body is JSON', statusCode: 415 }
/** an answer of known length up to this is read whole and sent in one write; an error's body is read up to it */
const WHOLE_ANSWER_BYTES = 64 * 1024

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0
const isJson = (type: string | undefined) => type !== undefined && /^application\/json\s*(;|$)/i.test(type)

/** At most `max` bytes of an answer's body as text, the rest read and dropped. */
async function textOf(answer: Readable, max: number): Promise<string> {
  const kept: Buffer[] = []
  let size = 0
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    if (size < max) kept.push(chunk.subarray(0, max - size))
    size += chunk.length
  }
  return Buffer.concat(kept).toString()
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * /api/<path> → <upstream>/<path> for the paths the registry names, with the fixed upstream token
 * and the caller's identity in place of anything the client sent. A body is read whole (JSON only,
 * bounded in size; stalled-bodies.ts bounds it in time without progress) before an upstream connection is taken, and parsed
 * once (json-body.ts): the value the checks read is the value that goes on. Errors are the portal's
 * JSON shape and never name the upstream.
 */
export const proxyPlugin = fp<ProxyOptions>(
  async (fastify, opts) => {
    const routeOf = buildAllowlist()
    const upstream = upstreamClient(opts)
    const limits = { bytes: opts.bodyLimitBytes }

    /**
     * An upstream answer that fails or stops short after its status went out is an upstream failure
     * too (a stall cut at the timeout, a connection that dropped): counted once, unless the client
     * left first (then the gateway ended it, and nothing failed upstream).
     */
    function countCutAnswer(answer: Readable, response: { destroyed: boolean }): void {
      let counted = false
      const failed = (kind: 'error' | 'timeout') => {
        if (counted || response.destroyed) return
        counted = true
        fastify.metrics?.upstreamFailure(kind)
      }
      answer.once('error', (error: Error & { code?: string }) => failed(error.code === 'UND_ERR_BODY_TIMEOUT' ? 'timeout' : 'error'))
      answer.once('close', () => {
        if (!answer.readableEnded) failed('error')
      })
    }

    /** The upstream could not be reached or did not answer in time: 504 or 502, counted, logged. */
    function upstreamFailed(reply: FastifyReply, error: UpstreamError): FastifyReply {
      reply.request.log.warn({ err: error }, 'upstream call failed')
      fastify.metrics?.upstreamFailure(error.statusCode === 504 ? 'timeout' : 'error')
      return reply.code(error.statusCode).send({ error: error.message, statusCode: error.statusCode })
    }

    const deny = (request: FastifyRequest, reply: FastifyReply, status: number, body: object, reason: string | Record<string, unknown>) => {
      fastify.auditEvent(request, reply, 'denied', typeof reason === 'string' ? { reason, status } : reason)
      return reply.code(status).send(body)
    }

    /** A refusal of a body the gateway did not read: the rest is read first, or the connection closes. */
    async function refuseUnread(
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      body: object,
      reason: string | Record<string, unknown>,
    ) {
      if (!(await discardUnreadBody(request.raw))) reply.header('connection', 'close')
      return deny(request, reply, status, body, reason)
    }

    // who is signed in (the web asks at start); a refusal is audited like every other one
    fastify.get<{ Querystring: { check?: string } }>('/api/session', async (request, reply) => {
      const identity = await fastify.authenticate(request)
      // the web's own check (`?check=1`, every page, signed-out ones included): being signed out is its
      // answer, a 200 the browser does not log as a failed request; scripts keep the 401
      if (!identity && request.query.check === '1') {
        // a session found ended has its line (sessions.current)
        return request.sessionEndedByIdp ? { ...SIGNED_OUT, signIn: 'session-ended' } : SIGNED_OUT
      }
      // the web sends a person whose session the IdP just ended to the page that says so (/oidc/session-ended)
      if (!identity && request.sessionEndedByIdp) return deny(request, reply, 401, SESSION_ENDED, 'session ended by the IdP')
      if (!identity) return deny(request, reply, 401, UNAUTHORIZED, 'unauthenticated')
      const { grant } = identity
      // a script has scopes instead of a role
      const role = 'role' in grant ? { role: grant.role } : { role: null, scopes: grant.scopes }
      return { email: identity.user, name: identity.name, ...role, permits: permitsOf(grant) }
    })

    /**
     * A bulk call's answer names the records it changed (shared/calls/bulk.ts): each gets the line a
     * single write to it has (that write's method, the record's path), marked with the bulk call.
     * A line at a time, so thousands of them never make one string.
     */
    function auditBulkRecords(request: FastifyRequest, reply: FastifyReply, route: AllowedRoute, action: BulkAction, body: Buffer) {
      const ids = (parsed(body.toString()) as Partial<BulkAnswer> | undefined)?.data?.ids ?? []
      const records = `/api/${route.path.slice(0, route.path.lastIndexOf('/') + 1)}`
      const fields = { method: BULK_ACTIONS[action].method, bulk: auditPath(request.originalUrl) }
      for (const id of ids) fastify.auditCall(request, reply, { ...fields, path: `${records}${id}` })
    }

    /** The upstream's answer to the client: 5xx replaced, 4xx reduced to the error fields, the rest as it is. */
    async function answerWith(
      reply: FastifyReply,
      route: AllowedRoute,
      answer: UpstreamResponse,
      counted: { bytesOut: number; created?: string; recipients?: string[] },
    ) {
      const status = answer.statusCode
      // the record a create made, for its audit line (the auditor's link to its history)
      const created = status === 201 ? upstream.apiPathOf(answer.headers.location) : undefined
      if (created) counted.created = created
      // a 5xx's too: its Retry-After goes on with the gateway's own error
      reply.code(status).headers(clientHeaders(answer.headers))
      if (status >= 400) {
        const text = await textOf(answer, WHOLE_ANSWER_BYTES)
        if (status >= 500) return replaceServerError(reply, status, undefined, text)
        for (const name of CONTENT_HEADERS) reply.removeHeader(name)
        const body = JSON.stringify(clientError(status, parsed(text)))
        counted.bytesOut = Buffer.byteLength(body)
        return reply.type('application/json; charset=utf-8').send(body)
      }
      // a bulk call's is read whole, whatever its size: it names the records to audit; an owners'
      // report's names who it mailed
      const owners = route.call?.recipient?.owners !== undefined
      if (route.bulk || owners || Number(answer.headers['content-length']) <= WHOLE_ANSWER_BYTES) {
        const body = Buffer.from(await answer.arrayBuffer())
        counted.bytesOut = body.length
        if (route.bulk) auditBulkRecords(reply.request, reply, route, route.bulk, body)
        if (owners) counted.recipients = ownersMailed(parsed(body.toString()))
        return reply.send(body)
      }
      // the answer itself is the payload: Fastify ends the client's side when it fails or stops short,
      // and destroys it when the client leaves; a listener beside Fastify's pipe counts its bytes
      answer.on('data', (chunk: Buffer) => (counted.bytesOut += chunk.length))
      countCutAnswer(answer, reply.raw)
      // paused: the listener alone would start the flow before Fastify's pipe is there to take it
      answer.pause()
      return reply.send(answer)
    }

    async function forward(request: FastifyRequest, reply: FastifyReply) {
      // who is calling is resolved first, so that every denial line names a signed-in caller; the
      // order of the answers stays: an unknown path is a 404 whoever asks
      const identity = await fastify.authenticate(request)
      const route = routeOf(request.method, auditPath(request.url).slice('/api/'.length))
      if (!route) return deny(request, reply, 404, NOT_FOUND, 'not allowlisted')
      if (!identity) return deny(request, reply, 401, UNAUTHORIZED, 'unauthenticated')
      const refused = refusalOf(identity, route.permission)
      if (refused) return refuseUnread(request, reply, 403, refused.body, refused.fields)
      const writes = request.method !== 'GET' && request.method !== 'HEAD'
      const withBody = writes && hasBody(request)
      const type = request.headers['content-type']
      // text/plain too (what fetch sends for a string body), which once hung until the client left
      if (writes && (withBody || type !== undefined) && !isJson(type)) {
        return refuseUnread(request, reply, 415, NOT_JSON, 'not JSON')
      }
      if (Number(request.headers['content-length'] ?? 0) > limits.bytes) {
        return refuseUnread(request, reply, 413, TOO_LARGE, 'body too large')
      }
      const counted: { bytesIn: number; bytesOut: number; recipients?: string[]; created?: string } = { bytesIn: 0, bytesOut: 0 }
      // on close, not in onResponse (which never runs for an answer the client did not wait for): every
      // call the proxy took has its line, 499 when the client left before the answer was whole
      fastify.auditOnClose(request, reply, () => counted)
      let body: JsonBody | undefined
      if (withBody) {
        let raw: Buffer
        try {
          raw = await readBody(request.raw, limits, counted)
        } catch (error) {
          if (!(error instanceof BodyReadError)) throw error
          // the client left mid-body (or stalled-bodies.ts answered 408 and closed it): nothing to
          // answer, and nothing went upstream
          if (error.statusCode === 499) return reply.hijack()
          if (!(await discardUnreadBody(request.raw))) reply.header('connection', 'close')
          return reply.code(413).send(TOO_LARGE)
        }
        // read once, refused before any check when it cannot be; what the checks read is what goes on
        try {
          body = raw.length > 0 ? readJsonBody(raw, type) : undefined
        } catch (error) {
          if (!(error instanceof JsonBodyError)) throw error
          return reply.code(error.statusCode).send({ error: error.message, statusCode: error.statusCode })
        }
      }
      if (reply.raw.closed) return reply.hijack()
      const recipient = route.call?.recipient
      if (recipient && body) {
        // a script's own address named where the body names none (checked below like any named one);
        // an owners' report's allowed domains, for the upstream that finds the owners
        const value = withAllowedDomains(recipient, withCallersAddress(recipient, body.value, identity), opts.reportDomains)
        if (value !== body.value) body = { value, bytes: Buffer.from(JSON.stringify(value)) }
      }
      const refusedAddress = recipient && body && recipientRefusal(recipient, body.value, identity, opts.reportDomains)
      // its audit line is the call's own (auditOnClose above), with the status
      if (refusedAddress) return reply.code(refusedAddress.status).send(refusedAddress.body)
      // where the report goes, on the call's line: an auditor sees it beside the status
      if (recipient) counted.recipients = recipientsOf(recipient, body?.value, identity)
      // a client that leaves lets go of the upstream call (an answer that went out whole aborts
      // nothing: an abort costs an error and its stack)
      const left = new AbortController()
      whenClosed(reply, () => {
        if (!reply.raw.writableFinished) left.abort()
      })
      if (writes) fastify.auditForwarding(request, reply)
      try {
        const answer = await upstream.send(request, request.method, request.url.slice('/api/'.length), {
          // the type the body now has, whatever charset parameter the client's named
          headers: body ? { ...request.headers, 'content-type': 'application/json' } : request.headers,
          body: body?.bytes,
          signal: left.signal,
        })
        return await answerWith(reply, route, answer, counted)
      } catch (error) {
        // the client left (and its close aborted the call): nothing failed upstream
        if (reply.raw.destroyed || left.signal.aborted) return reply.hijack()
        const failure = upstreamError(error)
        if (failure instanceof UpstreamError) return upstreamFailed(reply, failure)
        throw failure
      }
    }

    await fastify.register(async (api) => {
      // a body stays unread until the route has checked who sends it and where it goes: then it is read
      // whole (readBody), and any type but JSON is refused by the route itself (415)
      api.removeAllContentTypeParsers()
      api.addContentTypeParser('*', (_request, _payload, done) => done(null))
      for (const url of ['/api/', '/api/*']) {
        api.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url, exposeHeadRoute: false, handler: forward })
      }
    })
  },
  { name: 'proxy', dependencies: ['auth', 'audit'] },
)
