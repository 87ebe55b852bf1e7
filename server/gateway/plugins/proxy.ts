import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import httpProxy from '@fastify/http-proxy'
import type { Dispatcher, Pool } from 'undici'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { buildAllowlist } from '../allowlist.js'
import { auditPath, whenClosed } from './audit.js'
import { BodyTooLargeError, CountingLimit } from '../body-limit.js'
import { clientHeaders, upstreamHeaders } from '../header-allowlists.js'
import { discardUnreadBody } from '../unread-body.js'
import { replaceServerError } from '../upstream-errors.js'

export interface ProxyOptions {
  upstreamUrl: string
  upstreamToken: string
  bodyLimitBytes: number
  /** the gateway's one pool to the upstream (upstream-pool.ts), which readiness also uses */
  pool: Pool
}

interface ProxyCall {
  limiter?: CountingLimit
  /** the bytes of the upstream's answer passed on so far */
  bytesOut: number
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
const UPSTREAM_TIMEOUT = { error: 'Upstream timeout', statusCode: 504 }
const UPSTREAM_UNAVAILABLE = { error: 'Upstream unavailable', statusCode: 502 }
/** undici's own timeouts; reply-from's errors carry statusCode 504 for the same */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])
/** a GET answer of known length up to this is read whole and sent in one write */
const WHOLE_ANSWER_BYTES = 64 * 1024

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
    function upstreamFailed(reply: FastifyReply, error: Error & { code?: string; statusCode?: number }): FastifyReply {
      reply.request.log.warn({ err: error }, 'upstream call failed')
      const timedOut = error.statusCode === 504 || TIMEOUT_CODES.has(error.code ?? '')
      fastify.metrics?.upstreamFailure(timedOut ? 'timeout' : 'error')
      return reply.code(timedOut ? 504 : 502).send(timedOut ? UPSTREAM_TIMEOUT : UPSTREAM_UNAVAILABLE)
    }

    const upstreamBase = upstream.pathname.replace(/\/+$/, '')

    /**
     * A GET (the lists and records people page through: the hot path) goes by undici's dispatch, not
     * reply-from: an answer of known length up to WHOLE_ANSWER_BYTES is read whole and sent in one
     * write, a longer one streams with undici's backpressure. reply-from's request and answer streams
     * cost about a quarter of the gateway's CPU per call (BENCHMARKS.md). Calls with a body keep
     * reply-from's streaming. The preHandler's allowlist has held the path to the registry's literal
     * segments and numeric ids, so it goes upstream as it came.
     */
    function forwardGet(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const call = request.proxyCall!
      return new Promise((resolve) => {
        let status = 0
        let kept: Buffer[] = []
        let size = 0
        let streamed: Readable | undefined
        let ended = false
        const handler: Dispatcher.DispatchHandler = {
          onRequestStart(controller) {
            // a client that leaves lets go of the upstream call
            whenClosed(reply, () => {
              if (!ended) controller.abort(new Error('the client left'))
            })
          },
          onResponseStart(controller, statusCode, headers) {
            status = statusCode
            // a 5xx's too: its Retry-After goes on with the gateway's own error
            reply.code(status).headers(clientHeaders(headers))
            if (status >= 500) return
            if (Number(headers['content-length']) <= WHOLE_ANSWER_BYTES) return
            streamed = new Readable({ read: () => controller.resume() })
            countCutAnswer(streamed, reply.raw)
            resolve(reply.send(streamed))
          },
          onResponseData(controller, chunk) {
            if (streamed) {
              call.bytesOut += chunk.length
              if (!streamed.push(chunk)) controller.pause()
            } else if (size < WHOLE_ANSWER_BYTES) {
              // a 5xx body is kept for the log up to the same bound
              kept.push(chunk)
              size += chunk.length
            }
          },
          onResponseEnd() {
            ended = true
            if (streamed) return void streamed.push(null)
            const body = kept.length === 1 ? kept[0] : Buffer.concat(kept)
            kept = []
            if (status >= 500) {
              replaceServerError(reply, status, undefined, body.toString())
              return resolve(reply)
            }
            call.bytesOut = body.length
            resolve(reply.send(body))
          },
          onResponseError(_controller, error) {
            ended = true
            if (streamed) return void streamed.destroy(error)
            // the client left (and its close aborted the call): nothing failed upstream
            if (reply.raw.destroyed) return resolve(reply)
            resolve(upstreamFailed(reply, error))
          },
        }
        const headers = upstreamHeaders(request.headers, {
          token: opts.upstreamToken,
          uid: request.identity?.user ?? '',
          requestId: request.id,
        })
        opts.pool.dispatch({ method: 'GET', path: upstreamBase + request.url.slice('/api'.length), headers }, handler)
      })
    }

    const deny = (request: FastifyRequest, reply: FastifyReply, status: number, body: object, reason: string) => {
      fastify.auditEvent(request, reply, 'denied', { reason, status })
      return reply.code(status).send(body)
    }

    // who is signed in (the web asks at start); a refusal is audited like every other one
    fastify.get('/api/session', async (request, reply) => {
      const identity = await fastify.authenticate(request)
      if (!identity) return deny(request, reply, 401, UNAUTHORIZED, 'unauthenticated')
      return { email: identity.user, name: identity.name }
    })

    async function preHandler(request: FastifyRequest, reply: FastifyReply) {
      // who is calling is resolved first, so that every denial line names a signed-in caller; the
      // order of the answers stays: an unknown path is a 404 whoever asks
      const identity = await fastify.authenticate(request)
      if (!allows(request.method, auditPath(request.url).slice('/api/'.length))) {
        return deny(request, reply, 404, NOT_FOUND, 'not allowlisted')
      }
      if (!identity) return deny(request, reply, 401, UNAUTHORIZED, 'unauthenticated')
      if (Number(request.headers['content-length'] ?? 0) > limit) {
        if (!(await discardUnreadBody(request.raw))) reply.header('connection', 'close')
        return deny(request, reply, 413, TOO_LARGE, 'body too large')
      }
      // the checks above wait (the session, the token): a client that sent a part of its body and
      // left meanwhile has closed its socket already, so no 'close' event will come to the
      // listeners below. Proxying it would hand undici a body that never ends, and the upstream
      // connection would wait for it for good (300 of these emptied the pool of 128).
      if (request.raw.destroyed || request.raw.socket.destroyed) {
        fastify.auditOnClose(request, reply, () => ({ bytesIn: 0, bytesOut: 0 }))
        return reply.hijack()
      }
      const call: ProxyCall = { bytesOut: 0 }
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
      // call that went upstream has its line, 499 when the client left before the answer was whole
      fastify.auditOnClose(request, reply, () => ({ bytesIn: call.limiter?.bytes ?? 0, bytesOut: call.bytesOut }))
    }

    await fastify.register(async (api) => {
      await api.register(
        async (reads) => {
          // the paths http-proxy takes for the other methods; HEAD stays with it
          for (const url of ['/', '/*']) reads.route({ method: 'GET', url, exposeHeadRoute: false, preHandler, handler: forwardGet })
        },
        { prefix: '/api' },
      )
      await api.register(httpProxy, {
        prefix: '/api',
        upstream: upstream.origin,
        rewritePrefix: upstreamBase,
        httpMethods: ['DELETE', 'HEAD', 'PATCH', 'POST', 'PUT'],
        // reply-from turns undici's TLS verification off when it builds a pool; ours keeps it on
        undici: opts.pool,
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
          rewriteHeaders: (headers) => clientHeaders(headers),
          onResponse: (request, reply, res) => {
            if (res.statusCode >= 500) return replaceServerError(reply, res.statusCode, res.stream)
            // the answer itself is the payload: Fastify ends the client's side when it fails or stops
            // short, and destroys it when the client leaves. A Transform to count its bytes cost a
            // fifth of the hot path's CPU; a listener beside Fastify's pipe counts them for little
            const call = request.proxyCall
            if (call) res.stream.on('data', (chunk: Buffer) => (call.bytesOut += chunk.length))
            countCutAnswer(res.stream, reply.raw)
            // paused: the listener alone would start the flow before Fastify's pipe is there to take it
            res.stream.pause()
            reply.send(res.stream)
          },
          onError: (reply, { error }) => {
            const { request } = reply
            if (tooLarge(error, request.proxyCall, limit)) {
              return discardUnreadBody(request.raw as IncomingMessage).then((whole) =>
                (whole ? reply : reply.header('connection', 'close')).code(413).send(TOO_LARGE),
              )
            }
            return upstreamFailed(reply as FastifyReply, error)
          },
        },
      })
    })
  },
  { name: 'proxy', dependencies: ['auth', 'audit'] },
)
