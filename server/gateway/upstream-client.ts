import type { IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { Dispatcher, Pool } from 'undici'
import { upstreamHeaders } from './header-allowlists.js'
import { clientError } from './upstream-errors.js'

export interface UpstreamClientOptions {
  /** the gateway's one pool to the upstream (upstream-pool.ts): its timeouts and TLS are the calls' */
  pool: Pool
  upstreamUrl: string
  upstreamToken: string
}

export interface UpstreamAnswer {
  status: number
  /** the parsed JSON body (a 4xx's reduced to the documented error fields); undefined when not JSON */
  json: unknown
  bytes: number
}

/** A request body: bytes, or a stream of known length (an upload's base64 as the file is read). */
export type UpstreamBody = Buffer | { stream: Readable; length: number }

/** The upstream's answer as it starts: its status and headers, its body the stream still to read. */
export type UpstreamResponse = Dispatcher.ResponseData['body'] & { statusCode: number; headers: IncomingHttpHeaders }

/** The upstream could not be reached or did not answer in time: the gateway answers 502 or 504. */
export class UpstreamError extends Error {
  constructor(
    readonly statusCode: 502 | 504,
    cause: unknown,
  ) {
    super(statusCode === 504 ? 'Upstream timeout' : 'Upstream unavailable', { cause })
  }
}

/** undici's own timeouts (the pool's headersTimeout, bodyTimeout and connect timeout) */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])

/** An undici failure as the 504 or 502 the client gets; an abort (the client left) stays what it is. */
export function upstreamError(error: unknown): unknown {
  if (error instanceof UpstreamError || (error as Error | undefined)?.name === 'AbortError') return error
  return new UpstreamError(TIMEOUT_CODES.has((error as { code?: string } | undefined)?.code ?? '') ? 504 : 502, error)
}

export interface SendOptions {
  /** the client's headers; only the allowlisted ones go on (header-allowlists.ts) */
  headers?: Record<string, string | string[] | undefined>
  body?: UpstreamBody
  /** aborted when the client leaves */
  signal?: AbortSignal
}

/**
 * The gateway's one way to the upstream: the proxy, CSV, uploads and the self-service page all call
 * through here, over the one pool. The headers are set in one place (the fixed token, the caller's
 * uid and the request id); a body goes with its Content-Length (no chunked encoding, which some
 * provider APIs refuse); failures are UpstreamError 502/504.
 */
export function upstreamClient(opts: UpstreamClientOptions) {
  const prefix = new URL(opts.upstreamUrl).pathname.replace(/\/+$/, '')

  /** `path` is the upstream path after its base, without a leading slash. */
  async function send(from: FastifyRequest, method: string, path: string, options: SendOptions = {}): Promise<UpstreamResponse> {
    const { body } = options
    const headers = {
      ...upstreamHeaders(options.headers ?? {}, { token: opts.upstreamToken, uid: from.identity?.user ?? '', requestId: from.id }),
      // a Buffer's length undici sets itself
      ...(body && !Buffer.isBuffer(body) && { 'content-length': String(body.length) }),
    }
    const request: Dispatcher.RequestOptions = {
      method: method as Dispatcher.HttpMethod,
      path: `${prefix}/${path}`,
      headers,
      body: Buffer.isBuffer(body) ? body : body?.stream,
      signal: options.signal,
    }
    try {
      const answer = await opts.pool.request(request)
      return Object.assign(answer.body, { statusCode: answer.statusCode, headers: answer.headers as IncomingHttpHeaders })
    } catch (error) {
      throw upstreamError(error)
    }
  }

  /**
   * An answer's Location (a created record's) as the portal's `/api/…` path: an absolute path or URL
   * under the upstream's base on its own origin; anything else (a relative reference too) is undefined.
   */
  function apiPathOf(location: string | string[] | undefined): string | undefined {
    if (typeof location !== 'string' || !/^(\/|https?:\/\/)/i.test(location)) return undefined
    const { origin, pathname } = new URL(location, opts.upstreamUrl)
    if (origin !== new URL(opts.upstreamUrl).origin || !pathname.startsWith(`${prefix}/`)) return undefined
    return `/api/${pathname.slice(prefix.length + 1)}`
  }

  /** One call whose JSON answer is read whole. */
  async function call(from: FastifyRequest, method: 'GET' | 'POST', path: string, body?: UpstreamBody): Promise<UpstreamAnswer> {
    const headers = { accept: 'application/json', ...(body && { 'content-type': 'application/json' }) }
    return readAnswer(await send(from, method, path, { headers, body }))
  }

  return Object.assign(call, { send, apiPathOf })
}

/** An answer's body, read whole, and parsed when it is JSON; a 4xx's only in its documented fields. */
async function readAnswer(answer: UpstreamResponse): Promise<UpstreamAnswer> {
  let text: Buffer
  try {
    text = Buffer.from(await answer.arrayBuffer())
  } catch (error) {
    throw upstreamError(error)
  }
  let json: unknown
  try {
    json = /json/.test(answer.headers['content-type'] ?? '') ? JSON.parse(text.toString('utf8')) : undefined
  } catch {
    json = undefined
  }
  const status = answer.statusCode
  return { status, json: status >= 400 && status < 500 ? clientError(status, json) : json, bytes: text.length }
}
