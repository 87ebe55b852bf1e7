import { Readable } from 'node:stream'
import fp from 'fastify-plugin'
import pino, { type Logger } from 'pino'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuditFormat } from '../../config.js'
import { auditChain, type AuditKey } from '../audit-chain.js'

export interface AuditOptions {
  /** where lines go; stdout when unset (tests pass a stream to read them back) */
  destination?: NodeJS.WritableStream
  /** also append every line to this file */
  file?: string
  /** the gateway's clock, for each line's `time` */
  now?: () => number
  /** this gateway's name (REPLICA_NAME), on every line: the lines of all replicas end up in one place */
  replica?: string
  /** the replica's signing key: the lines are one chain, signed every `digestEvery` lines and at close (audit-chain.ts) */
  key: AuditKey
  digestEvery: number
  /** also hands every line to this (the gateway's database: audit-batches.ts), closed after the last line */
  sink?: { add(line: string): void; close(): Promise<void> }
  /** AUDIT_FORMAT: the lines in our names (`json`, the default) or Elastic Common Schema's (`ecs`, audit-ecs.ts) */
  format?: AuditFormat
}

declare module 'fastify' {
  interface FastifyInstance {
    /** one JSON line per upstream call, login, logout and denial; never a token, cookie or body */
    audit: Logger
    /**
     * The line of a login, logout or denial, written when the gateway decides (before the small fixed
     * answer goes out): `user` is the caller's resolved identity unless `fields` names it, and
     * `durationMs` the time from the request's arrival to that decision.
     */
    auditEvent(request: FastifyRequest, reply: FastifyReply, event: string, fields: Record<string, unknown>): void
    /** the line of one upstream call (proxy, CSV, upload), with what the caller adds */
    auditCall(request: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>): void
    /**
     * The line of a call whose answer may be a stream, written once that answer closes (at once if it
     * has closed already): `fields()` is read then. An answer that did not go out whole says
     * `complete: false, aborted: true`, with the status sent when the gateway cut it (an upstream that
     * failed mid-body) and 499 when the client left (a cancelled download or upload).
     */
    auditOnClose(request: FastifyRequest, reply: FastifyReply, fields: () => Record<string, unknown>): void
    /**
     * The line a write has before it goes upstream (`event: 'forwarding'`), out of the process
     * before the call starts: a gateway killed while the upstream stores the write leaves this line,
     * where the call's own line, written when its answer closes, would never come. Its outcome is
     * the line with the same `reqId`; none means the gateway stopped first.
     */
    auditForwarding(request: FastifyRequest, reply: FastifyReply): void
    /**
     * A session this request found ended (idle, too old, signed out, ended at the IdP): its line,
     * `event: 'session ended'` naming the person and why, is written when the answer is done (the
     * session plugin decides this where no reply is at hand).
     */
    auditSessionEnd(request: FastifyRequest, user: string, reason: string): void
  }
}

/**
 * The refusals that always have a line (issue 43 item 5): a route's own line names them best, and
 * one that has none (Fastify's own 413 or 415 of a form body, a 401 of the API docs, a 408 of a
 * stalled body, a library's 429) gets this reason.
 */
const REFUSALS: Readonly<Record<number, string>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  408: 'body timed out',
  413: 'body too large',
  415: 'unsupported media type',
  429: 'too many requests',
}

/**
 * The path without its query: queries can carry credentials (spec §7's update-restricted). Lines
 * pass the URL as it arrived (request.originalUrl): the IdP mount rewrites req.url to its own path.
 */
export function auditPath(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? url : url.slice(0, q)
}

/** Runs `fn` once the answer's connection is done with (at once when it is already). */
export function whenClosed(reply: FastifyReply, fn: () => void): void {
  if (reply.raw.closed) fn()
  else reply.raw.once('close', fn)
}

/** the most a pipe takes in one piece (POSIX PIPE_BUF on Linux) */
const PIPE_BUF = 4096

/**
 * The lines of one event-loop turn in one write: a write per line was the audit line's costliest
 * part. The write is synchronous (one syscall a turn, where an asynchronous one also woke a thread
 * of libuv's pool): a turn's lines are out before the next turn starts, and a reader that falls
 * behind slows the gateway rather than letting unwritten lines pile up in memory. Each write holds
 * whole lines and at most PIPE_BUF bytes (a longer line alone), so a pipe takes it in one piece and
 * the lines of gateway workers sharing stdout (GATEWAY_WORKERS) never interleave mid-line.
 * `flush()` writes what is waiting at once (on close).
 */
function linesByTurn(destination: { write(chunk: string): unknown }) {
  let batch = ''
  let bytes = 0
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (batch === '') return
    destination.write(batch)
    batch = ''
    bytes = 0
  }
  return {
    write(line: string) {
      const size = Buffer.byteLength(line)
      if (bytes + size > PIPE_BUF) flush()
      batch += line
      bytes += size
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
    flush,
  }
}

/**
 * A logger apart from Fastify's: its lines are a record for people, so they carry exactly the
 * agreed fields (no level, pid or hostname) with an ISO UTC time first, then the replica's name.
 */
export const auditPlugin = fp<AuditOptions>(
  async (fastify, opts) => {
    const now = opts.now ?? Date.now
    const stdoutLines = opts.destination ? undefined : linesByTurn(pino.destination({ dest: 1, sync: true, maxWrite: PIPE_BUF }))
    const stdout = opts.destination ?? stdoutLines!
    const file = opts.file ? pino.destination({ dest: opts.file, append: true, mkdir: true, sync: true }) : undefined
    const fileLines = file && linesByTurn(file)
    let fileOpen = file !== undefined
    // every line goes through the chain once, then to stdout and the file alike; a line that comes
    // after close (a response still closing) is dropped rather than thrown at an ended file
    const chain = auditChain(opts.key, { digestEvery: opts.digestEvery, now, replica: opts.replica, format: opts.format })
    chain.start((line) => {
      stdout.write(line)
      if (fileOpen) fileLines?.write(line)
      opts.sink?.add(line)
    })
    // one ISO string per millisecond, not per line
    let stampedAt = NaN
    let stamp = ''
    const audit = pino(
      {
        base: opts.replica === undefined ? null : { replica: opts.replica },
        formatters: { level: () => ({}) },
        // written without pino's usual leading comma, since the level before it is left out
        timestamp: () => {
          const ms = now()
          if (ms !== stampedAt) {
            stampedAt = ms
            stamp = `"time":"${new Date(ms).toISOString()}"`
          }
          return stamp
        },
      },
      { write: (line: string) => chain.append(line) },
    )
    fastify.decorate('audit', audit)
    // the key an auditor checks the digests' signatures with (`npm run audit:verify -- --key …`)
    fastify.get('/audit/public-key', async () => ({ algorithm: 'Ed25519', format: 'spki-der-base64', publicKey: opts.key.publicKeyText }))
    // the requests that have their line (or will, when their answer closes)
    const lined = new WeakSet<FastifyRequest>()
    const sessionEnds = new WeakMap<FastifyRequest, { user: string; reason: string }>()
    // the id of every line comes back on the answer, and goes upstream (header-allowlists.ts): a
    // person quoting it, the gateway's line and the upstream's log meet on one value
    // callback hooks here and below: they run on every request, and need no promise of their own
    // on the raw answer: answers Fastify does not write itself (the IdP mounted under /idp) carry it too
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('x-request-id', request.id)
      done()
    })
    fastify.decorate('auditEvent', (request: FastifyRequest, reply: FastifyReply, event: string, fields: Record<string, unknown>) => {
      lined.add(request)
      audit.info({
        event,
        reqId: request.id,
        user: request.identity?.user ?? null,
        method: request.method,
        path: auditPath(request.originalUrl),
        durationMs: Math.round(reply.elapsedTime),
        ...fields,
      })
    })
    fastify.decorate('auditCall', (request: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>) => {
      lined.add(request)
      audit.info({
        reqId: request.id,
        user: request.identity?.user ?? null,
        method: request.method,
        path: auditPath(request.originalUrl),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ...fields,
      })
    })
    // answers whose stream failed or stopped short while the client was still there: the gateway cut
    // them, not the client
    const cutByGateway = new WeakSet<FastifyRequest>()
    // registered before compression: this sees the stream the route sent, whose failure Fastify
    // answers by destroying the response (a client that leaves destroys the stream, and the response
    // is destroyed by then)
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (payload instanceof Readable) {
        const cut = () => {
          if (!reply.raw.destroyed) cutByGateway.add(request)
        }
        payload.once('error', cut)
        payload.once('close', () => {
          if (!payload.readableEnded) cut()
        })
      }
      done(null, payload)
    })
    fastify.decorate('auditOnClose', (request: FastifyRequest, reply: FastifyReply, fields: () => Record<string, unknown>) => {
      lined.add(request)
      whenClosed(reply, () => {
        const whole = reply.raw.writableFinished
        const status = whole || cutByGateway.has(request) ? reply.statusCode : 499
        fastify.auditCall(request, reply, { ...fields(), status, ...(!whole && { complete: false, aborted: true }) })
      })
    })
    fastify.decorate('auditForwarding', (request: FastifyRequest, reply: FastifyReply) => {
      fastify.auditEvent(request, reply, 'forwarding', { status: null })
      // written now, not at the end of the turn: the call may store a write before that turn ends
      stdoutLines?.flush()
      if (fileOpen) fileLines?.flush()
    })
    fastify.decorate('auditSessionEnd', (request: FastifyRequest, user: string, reason: string) => {
      sessionEnds.set(request, { user, reason })
    })
    // when the answer is done: a session this request found ended, and a refusal that has no line yet
    fastify.addHook('onResponse', (request, reply, done) => {
      const ended = sessionEnds.get(request)
      if (ended) fastify.auditEvent(request, reply, 'session ended', { ...ended, status: reply.statusCode })
      const refusal = REFUSALS[reply.statusCode]
      if (refusal !== undefined && !lined.has(request))
        fastify.auditEvent(request, reply, 'denied', { reason: refusal, status: reply.statusCode })
      done()
    })
    // end the file stream itself, so every line
    // written before close is on disk when close resolves (and its descriptor is released)
    fastify.addHook('onClose', async () => {
      // the chain's head signed as the gateway stops: lines removed from its end are then told too
      chain.digest()
      stdoutLines?.flush()
      await opts.sink?.close()
      if (!file || !fileLines || !fileOpen) return
      fileLines.flush()
      fileOpen = false
      await new Promise<void>((resolve) => {
        file.once('close', resolve)
        file.once('error', () => resolve())
        file.end()
      })
    })
  },
  { name: 'audit' },
)
