/**
 * A gateway in front of a recording upstream: a real HTTP server that answers like the provider
 * API and remembers what it was sent, so tests can see exactly what the proxy forwards.
 * (test/helper.ts starts the real upstream; this one lets a test look at headers, delay or fail.)
 */
import { execFileSync } from 'node:child_process'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../server/config.js'
import { buildGateway } from '../../server/gateway/app.js'
import { freePort } from '../helper.js'

export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface RecordingUpstream {
  url: string
  seen: Seen[]
  /** answer after this many ms (to provoke the gateway's timeout) */
  delayMs: number
  close(): Promise<void>
}

interface Teardown {
  teardown(fn: () => unknown): void
}

export async function startRecordingUpstream(t: Teardown): Promise<RecordingUpstream> {
  const state = { seen: [] as Seen[], delayMs: 0 }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      state.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const answer = () => {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ data: { data: [], method: req.method, url: req.url } }))
      }
      if (req.url === '/healthz') return res.end('{"status":"ok"}')
      if (state.delayMs) setTimeout(answer, state.delayMs)
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
    get delayMs() {
      return state.delayMs
    },
    set delayMs(ms: number) {
      state.delayMs = ms
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
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-days', '1', '-keyout', key, '-out', cert], { stdio: 'ignore' })
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

export interface TestGateway {
  baseUrl: string
  config: Config
  gateway: FastifyInstance
  audit: Record<string, unknown>[]
  auditText(): string
}

/** The gateway on a free port with the embedded IdP; `overrides` reach fields env cannot (tiny timeouts). */
export async function startGateway(
  t: Teardown,
  upstreamUrl: string,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<TestGateway> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'ccoe-gw-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const config = {
    ...loadConfig({ PORT: String(port), DATA_DIR: dataDir, UPSTREAM_TOKEN: 'fixed-upstream-token', ...env }),
    ...overrides,
  }
  const lines: string[] = []
  const auditDestination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const gateway = await buildGateway({ ...config, upstreamUrl }, { auditDestination, logger: false })
  await gateway.listen({ host: '127.0.0.1', port })
  t.teardown(() => gateway.close())
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    gateway,
    get audit() {
      return lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    },
    auditText: () => lines.join('\n'),
  }
}
