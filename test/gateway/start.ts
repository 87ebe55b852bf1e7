/**
 * Upstreams that record what the gateway sends them (plain, or https with a self-signed certificate),
 * so tests can see exactly what the proxy forwards; test/helper.ts starts the gateway itself.
 */
import { execFileSync } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface RecordingUpstream {
  url: string
  seen: Seen[]
  /** while true, requests are kept unanswered (to provoke the gateway's timeout) until `release()` */
  holding: boolean
  /** how many requests are being kept unanswered */
  held: number
  /** answers every kept request and stops keeping them */
  release(): void
  /** 'receiving' (url) at a body's first bytes; 'cut' (url) when a request closes before its body ended */
  events: EventEmitter
  close(): Promise<void>
}

interface Teardown {
  teardown(fn: () => unknown): void
}

export async function startRecordingUpstream(t: Teardown): Promise<RecordingUpstream> {
  const state = { seen: [] as Seen[], holding: false, held: [] as (() => void)[] }
  const events = new EventEmitter()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => {
      if (!chunks.length) events.emit('receiving', req.url)
      chunks.push(c)
    })
    req.on('close', () => {
      if (!req.complete) events.emit('cut', req.url)
    })
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      state.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const answer = () => {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ data: { data: [], method: req.method, url: req.url } }))
      }
      if (req.url === '/healthz') return res.end('{"status":"ok"}')
      if (state.holding) state.held.push(answer)
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  let closed = false
  const close = () =>
    new Promise<void>((resolve) => {
      if (closed) return resolve()
      closed = true
      server.closeAllConnections()
      server.close(() => resolve())
    })
  t.teardown(close)
  return {
    url: `http://127.0.0.1:${port}`,
    get seen() {
      return state.seen
    },
    get holding() {
      return state.holding
    },
    set holding(on: boolean) {
      state.holding = on
    },
    get held() {
      return state.held.length
    },
    events,
    release() {
      state.holding = false
      for (const answer of state.held.splice(0)) answer()
    },
    close,
  }
}

export interface SelfSignedUpstream {
  url: string
  /** every request that got past the TLS handshake, with its headers */
  seen: Seen[]
  /** TCP connections accepted (proves the gateway did try) */
  connections: number
}

/**
 * An https upstream on 127.0.0.1 whose certificate nobody signed (made here with the openssl CLI):
 * a gateway that verifies TLS never gets a request through to it.
 */
export async function startSelfSignedUpstream(t: Teardown): Promise<SelfSignedUpstream> {
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-tls-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const [key, cert] = [join(dir, 'k.pem'), join(dir, 'c.pem')]
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  const state = { seen: [] as Seen[], connections: 0 }
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    state.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' })
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ data: [], meta: { total: 0 } }))
  })
  server.on('connection', () => state.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return {
    url: `https://127.0.0.1:${port}`,
    get seen() {
      return state.seen
    },
    get connections() {
      return state.connections
    },
  }
}

/** ccoe_gateway_upstream_failures_total by kind, from /metrics (open to 127.0.0.1 by default) */
export async function upstreamFailures(baseUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  const counts: Record<string, number> = {}
  for (const [, kind, value] of text.matchAll(/^ccoe_gateway_upstream_failures_total\{kind="(\w+)"\} (\d+)$/gm))
    counts[kind] = Number(value)
  return counts
}

/**
 * Counts the requests `server` (the gateway's) receives from now on; `reading(n)` resolves once it has
 * received `n` and is reading the body of each (a listener takes its data, none waits in its buffer),
 * so a test can act on bodies that the gateway holds, rather than on bodies still on their way.
 */
export function bodyReaders(server: Server) {
  const requests: IncomingMessage[] = []
  const reading = new Set<IncomingMessage>()
  server.on('request', (request: IncomingMessage) => requests.push(request))
  const read = (r: IncomingMessage) => r.listenerCount('data') > 0 && r.readableLength === 0 && r.socket.bytesRead > 0
  return {
    reading: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          for (const request of requests) if (read(request)) reading.add(request)
          if (reading.size >= count) resolve()
          else setImmediate(check)
        }
        check()
      }),
  }
}
