import { Readable, pipeline } from 'node:stream'
import httpProxy from '@fastify/http-proxy'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { buildAllowlist } from '../allowlist.js'
import { auditPath } from './audit.js'
import { BodyTooLargeError, Counter, CountingLimit } from '../body-limit.js'
import { upstreamHeaders } from '../identity-headers.js'

export interface ProxyOptions {
  upstreamUrl: string
  upstreamToken: string
  upstreamTimeoutMs: number
  bodyLimitBytes: number
}

interface ProxyCall {
  limiter?: CountingLimit
  counter?: Counter
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set once the request is allowed to go upstream; the audit line reads it */
    proxyCall?: ProxyCall
  }
}

const NOT_FOUND = { error: 'Not Found', statusCode: 404 }
const UNAUTHORIZED = { error: 'Unauthorized', statusCode: 401 }
const TOO_LARGE = { error: 'Payload Too Large', statusCode: 413 }

function tooLarge(error: unknown, call: ProxyCall | undefined, limit: number): boolean {
  if (call?.limiter && call.limiter.bytes > limit) return true
  for (let e = error as { cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e instanceof BodyTooLargeError) return true
  }
  return false
}

/**
 * /api/<path> → <upstream>/<path> for the paths the registry names, with the fixed upstream
 * token and the caller's identity in place of anything the client sent. Errors are the portal's
 * JSON shape and never name the upstream.
 */
export const proxyPlugin = fp<ProxyOptions>(
  async (fastify, opts) => {
    const allows = buildAllowlist()
    const upstream = new URL(opts.upstreamUrl)
    const limit = opts.bodyLimitBytes

    fastify.get('/api/session', async (request, reply) => {
      const identity = await fastify.authenticate(request)
      if (!identity) return reply.code(401).send(UNAUTHORIZED)
      return { email: identity.user, name: identity.name }
    })

    const deny = (request: FastifyRequest, reply: FastifyReply, status: number, body: object, reason: string) => {
      fastify.auditEvent(request, reply, 'denied', { reason, status })
      return reply.code(status).send(body)
    }

    async function preHandler(request: FastifyRequest, reply: FastifyReply) {
      // who is calling is resolved first, so that every denial line names a signed-in caller; the
      // order of the answers stays: an unknown path is a 404 whoever asks
      const identity = await fastify.authenticate(request)
      if (!allows(request.method, auditPath(request.url).slice('/api/'.length))) {
        return deny(request, reply, 404, NOT_FOUND, 'not allowlisted')
      }
      if (!identity) return deny(request, reply, 401, UNAUTHORIZED, 'unauthenticated')
      if (Number(request.headers['content-length'] ?? 0) > limit) {
        reply.header('connection', 'close')
        return deny(request, reply, 413, TOO_LARGE, 'body too large')
      }
      const call: ProxyCall = {}
      if (request.body instanceof Readable) {
        // a chunked body has no length to check up front: count it on its way through
        const source = request.body
        const limiter = new CountingLimit(limit)
        limiter.once('error', () => {
          source.unpipe(limiter)
          source.resume()
        })
        // pipe() passes on neither an abort nor a close: a client that leaves mid-body would leave
        // the limiter open, and undici would keep the upstream connection waiting for the rest for
        // good (TECH-NOTES: 128 such requests empty the pool). Fail the body so undici lets go.
        source.once('close', () => {
          if (!request.raw.complete) limiter.destroy(new Error('the client left mid-body'))
        })
        request.body = source.pipe(limiter)
        call.limiter = limiter
      }
      request.proxyCall = call
      // on close, not in onResponse (which never runs for an answer the client did not wait for): every
      // call that went upstream has its line. A client that left before any answer is nginx's 499.
      reply.raw.once('close', () => {
        const finished = reply.raw.writableFinished
        fastify.auditCall(request, reply, {
          status: finished || reply.raw.headersSent ? reply.statusCode : 499,
          bytesIn: call.limiter?.bytes ?? 0,
          bytesOut: call.counter?.bytes ?? 0,
          ...(!finished && { complete: false }),
        })
      })
    }

    await fastify.register(async (api) => {
      await api.register(httpProxy, {
        prefix: '/api',
        upstream: upstream.origin,
        rewritePrefix: upstream.pathname.replace(/\/+$/, ''),
        httpMethods: ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'],
        // TECH-NOTES: the default pool cost a sixth of the throughput; keep-alive connections reused
        undici: {
          connections: 128,
          pipelining: 1,
          keepAliveTimeout: 30_000,
          headersTimeout: opts.upstreamTimeoutMs,
          bodyTimeout: opts.upstreamTimeoutMs,
          // reply-from turns undici's TLS verification off (it sets tls.rejectUnauthorized=false);
          // undici builds its connector from { ...tls, ...connect }, so `connect` has the last word.
          // A private CA is trusted through NODE_EXTRA_CA_CERTS only (no `ca` here, no opt-out).
          connect: { timeout: Math.min(opts.upstreamTimeoutMs, 10_000), rejectUnauthorized: true },
        },
        preHandler,
        replyOptions: {
          // every retry would be a second audit-less upstream call; the browser retries if it wants
          retryDelay: () => null,
          rewriteRequestHeaders: (request, headers) =>
            upstreamHeaders(headers, {
              token: opts.upstreamToken,
              uid: request.identity?.user ?? '',
              requestId: request.id,
            }) as typeof headers,
          onResponse: (request, reply, res) => {
            const counter = new Counter()
            if (request.proxyCall) request.proxyCall.counter = counter
            pipeline(res.stream, counter, () => {})
            reply.send(counter)
          },
          onError: (reply, { error }) => {
            const { request } = reply
            if (tooLarge(error, request.proxyCall, limit)) {
              return reply.code(413).header('connection', 'close').send(TOO_LARGE)
            }
            request.log.warn({ err: error }, 'upstream call failed')
            if ((error as { statusCode?: number }).statusCode === 504) {
              return reply.code(504).send({ error: 'Upstream timeout', statusCode: 504 })
            }
            return reply.code(502).send({ error: 'Upstream unavailable', statusCode: 502 })
          },
        },
      })
    })
  },
  { name: 'proxy', dependencies: ['auth', 'audit'] },
)
