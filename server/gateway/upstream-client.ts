import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http'
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https'
import { pipeline, type Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { upstreamHeaders } from './header-allowlists.js'

export interface UpstreamClientOptions {
  upstreamUrl: string
  upstreamToken: string
  upstreamTimeoutMs: number
}

export interface UpstreamAnswer {
  status: number
  /** the parsed JSON body; undefined when the upstream did not answer JSON */
  json: unknown
  bytes: number
}

/** The upstream could not be reached or did not answer in time: the gateway answers 502 or 504. */
export class UpstreamError extends Error {
  constructor(
    readonly statusCode: 502 | 504,
    cause: unknown,
  ) {
    super(statusCode === 504 ? 'Upstream timeout' : 'Upstream unavailable', { cause })
  }
}

/**
 * Calls the gateway's own routes (CSV, uploads) make upstream, outside @fastify/http-proxy. The
 * headers come from the same `upstreamHeaders` as the proxy's, so the fixed token and the caller's
 * uid are set in exactly one place. node:http rather than fetch: a streamed body keeps its
 * Content-Length (no chunked encoding that some provider APIs refuse), and https verifies TLS.
 */
export function upstreamClient(opts: UpstreamClientOptions) {
  const base = new URL(opts.upstreamUrl)
  const secure = base.protocol === 'https:'
  // verified whatever NODE_TLS_REJECT_UNAUTHORIZED says; a private CA goes in NODE_EXTRA_CA_CERTS
  const agent = secure ? new HttpsAgent({ keepAlive: true, rejectUnauthorized: true }) : new HttpAgent({ keepAlive: true })
  const prefix = base.pathname.replace(/\/+$/, '')

  /** The upstream's answer as it starts (status and headers), its body still to be read. */
  function open(
    from: FastifyRequest,
    method: 'GET' | 'POST',
    path: string,
    accept: string,
    body?: { stream: Readable; length: number },
  ): Promise<IncomingMessage> {
    const headers = upstreamHeaders(
      { accept, ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }) },
      { token: opts.upstreamToken, uid: from.identity?.user ?? '', requestId: from.id },
    )
    const send = secure ? httpsRequest : httpRequest
    return new Promise((resolve, reject) => {
      const req = send(
        { protocol: base.protocol, hostname: base.hostname, port: base.port, method, path: `${prefix}/${path}`, headers, agent },
        resolve,
      )
      // the socket's idle time: it also bounds each wait for more of a streamed answer
      req.setTimeout(opts.upstreamTimeoutMs, () => req.destroy(new UpstreamError(504, 'timeout')))
      req.on('error', (err) => reject(err instanceof UpstreamError ? err : new UpstreamError(502, err)))
      if (body) pipeline(body.stream, req, () => {})
      else req.end()
    })
  }

  /** One call whose JSON answer is read whole. */
  async function call(
    from: FastifyRequest,
    method: 'GET' | 'POST',
    path: string,
    body?: { stream: Readable; length: number },
  ): Promise<UpstreamAnswer> {
    return readAnswer(await open(from, method, path, 'application/json', body))
  }

  return Object.assign(call, { open })
}

/** An answer's body, read whole, and parsed when it is JSON. */
export function readAnswer(res: IncomingMessage): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    res.on('data', (c: Buffer) => chunks.push(c))
    res.on('error', (err) => reject(err instanceof UpstreamError ? err : new UpstreamError(502, err)))
    res.on('end', () => {
      const text = Buffer.concat(chunks)
      let json: unknown
      try {
        json = /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(text.toString('utf8')) : undefined
      } catch {
        json = undefined
      }
      resolve({ status: res.statusCode ?? 502, json, bytes: text.length })
    })
  })
}

export type UpstreamCall = ReturnType<typeof upstreamClient>
