/**
 * Starts real instances for tests: the upstream on a real database (a fresh PGlite, or a fresh
 * schema on the PostgreSQL of DATABASE_URL) and the gateway with the embedded IdP, each on a
 * random 127.0.0.1 port. Everything is closed when the test ends.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventEmitter } from 'node:events'
import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { loadConfig, type Config } from '../server/config.js'
import { auditFields } from '../server/gateway/audit-ecs.js'
import type { IdpStoreOptions, SqlClient } from '../server/idp/store.js'
import type { IdpVariant } from '../server/idp/variant.js'
import type { PortalClient } from '../server/idp/clients.js'
import type { DemoUser } from '../server/idp/users.js'
import { buildUpstream } from '../server/upstream/app.js'
import type { Database } from '../server/upstream/db/client.js'
import { openTestDatabase } from './lib/test-database.js'
import { openSeededTestDatabase } from './lib/seeded-database.js'

export interface Teardown {
  teardown(fn: () => unknown): void
}

/** what the gateway sends upstream in tests, unless a test says otherwise */
export const TEST_UPSTREAM_TOKEN = 'fixed-upstream-token'

export interface Portal extends TestGateway {
  upstreamUrl: string
  database: Database
  upstream: FastifyInstance
  /** the embedded upstream's emails, one .eml file each */
  outboxDir: string
}

/**
 * The gateway and the IdP, loaded when a test starts one: most of the upstream's test files never do,
 * and loading them cost each of those test processes about a second of CPU, in both passes of CI.
 */
async function gatewayModules() {
  const [{ buildGateway }, { idpPlugin }] = await Promise.all([import('../server/gateway/app.js'), import('../server/idp/plugin.js')])
  return { buildGateway, idpPlugin }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Whether a process of this pid still exists (signal 0 asks without signalling). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The processes whose parent is `parent` (nginx's workers, the gateway's cluster workers), from /proc. */
export function childPids(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => {
      if (!/^\d+$/.test(name)) return false
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        // the fields after the command, which may itself hold spaces and parentheses: state, ppid, …
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent
      } catch {
        return false // it ended while the folder was read
      }
    })
    .map(Number)
}

export function tempDir(t: Teardown, prefix = 'ccoe-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export interface UpstreamOptions {
  seed?: boolean
  token?: string
  /** a real SMTP server's URL (test/lib/smtp.ts); without it emails land in `outboxDir` as .eml files */
  smtpUrl?: string
  /** the upstream's clock: when its change-log entries say a write happened */
  clock?: () => Date
  /** the member self-service links' clock and lifetime */
  memberCredentials?: Parameters<typeof buildUpstream>[0]['memberCredentials']
}

export async function startUpstream(t: Teardown, opts: UpstreamOptions = {}) {
  const database = opts.seed !== false ? await openSeededTestDatabase() : await openTestDatabase()
  const token = opts.token ?? TEST_UPSTREAM_TOKEN
  // `upstream.mail.idle()` waits for pending emails
  const outboxDir = tempDir(t, 'ccoe-outbox-')
  const upstream = await buildUpstream({
    token,
    database,
    logger: false,
    mail: { outboxDir, smtpUrl: opts.smtpUrl },
    clock: opts.clock,
    memberCredentials: opts.memberCredentials,
  })
  // one teardown, so the server stops before its database closes
  t.teardown(async () => {
    await upstream.close()
    await database.close()
  })
  await upstream.listen({ host: '127.0.0.1', port: 0 })
  const { port } = upstream.server.address() as { port: number }
  return { upstream, database, token, outboxDir, url: `http://127.0.0.1:${port}` }
}

/** How a test's IdP differs from the default: its accounts (to change groups or disable one), the portal client's registration. */
export interface TestIdpOptions {
  users?: DemoUser[]
  portalClient?: Partial<PortalClient>
}

/**
 * The development IdP on its own, listening at `issuer` (an http://127.0.0.1:<port>/idp address, a
 * trailing slash allowed) as a corporate IdP would (OIDC_ISSUER), for the portal client of the
 * gateway at `gatewayUrl`; `variant` makes it differ as third-party IdPs do.
 */
export async function startStandaloneIdp(
  t: Teardown,
  issuer: string,
  gatewayUrl: string,
  clientSecret = 'portal-secret',
  { clientId = 'ccoe-portal', variant, ...idpOptions }: { clientId?: string; variant?: IdpVariant } & TestIdpOptions = {},
): Promise<FastifyInstance> {
  const { idpPlugin } = await gatewayModules()
  const idp = Fastify({ logger: false })
  await idp.register(idpPlugin, {
    prefix: '/idp',
    issuer,
    variant,
    portalClient: {
      clientId,
      clientSecret,
      redirectUris: [`${gatewayUrl}/oidc/callback`],
      postLogoutRedirectUris: [`${gatewayUrl}/unauth/home`],
      backchannelLogoutUri: `${gatewayUrl}/oidc/backchannel-logout`,
      ...idpOptions.portalClient,
    },
    users: idpOptions.users,
  })
  await idp.listen({ host: '127.0.0.1', port: Number(new URL(issuer).port) })
  t.teardown(() => idp.close())
  return idp
}

/**
 * For a test file run in both passes of .ci/run: a test in it that keeps nothing in a database is
 * skipped in the PostgreSQL pass (DATABASE_URL), as the PGlite pass has run it and the driver cannot
 * change what it proves.
 */
export const NO_DATABASE = { skip: process.env.DATABASE_URL ? 'keeps nothing in a database: the PGlite pass runs it' : false }

/** A clock a test moves by hand: the gateway's sessions, cut-offs and token checks read it. */
export interface TestClock {
  now: () => number
  advance(ms: number): void
}

export function testClock(start = Date.now()): TestClock {
  let time = start
  return {
    now: () => time,
    advance(ms) {
      time += ms
    },
  }
}

export type AuditLine = Record<string, unknown>
const CHAIN_EVENTS = new Set<unknown>(['audit-start', 'audit-digest'])

export interface TestGateway {
  baseUrl: string
  config: Config
  gateway: FastifyInstance
  /**
   * every audit line the gateway wrote, parsed, but a write's `forwarding` line (written before it
   * goes upstream): a test of a call's outcome reads one line per call, as an auditor who reads
   * outcomes does; `auditWithForwarding` has those too
   */
  audit: AuditLine[]
  auditWithForwarding: AuditLine[]
  /** the raw audit text, to search for leaked secrets */
  auditText(): string
  /**
   * The first audit line that `match` accepts, as soon as the gateway writes it (or at once if it
   * already has). An upstream call's line is written when its answer closes, which can come just
   * after the client has read the answer: await it here rather than sleeping.
   */
  auditLine(match: (line: AuditLine) => boolean): Promise<AuditLine>
}

/**
 * The gateway with the embedded IdP on a free port (the issuer URL needs the port before it
 * listens), in front of `upstreamUrl`; `overrides` reach Config fields env cannot (tiny timeouts).
 */
export async function startGateway(
  t: Teardown,
  upstreamUrl: string,
  opts: {
    env?: Record<string, string>
    overrides?: Partial<Config>
    webRoot?: string
    now?: () => number
    /** the embedded IdP keeps its state in this database, as `npm start` does in a database of its own */
    idpStore?: IdpStoreOptions & { client: SqlClient }
    /** the gateway's wait for more of a request body before a 408 (buildGateway's `bodyIdleMs`) */
    bodyIdleMs?: number
    /** how the embedded IdP differs from the default */
    idp?: TestIdpOptions
    /** the gateway's own log (Fastify's, not the audit log) from `warn` up, parsed: tests read what it tells operators */
    log?: Record<string, unknown>[]
  } = {},
): Promise<TestGateway> {
  const port = opts.overrides?.port ?? (await freePort())
  const config = {
    ...loadConfig({ PORT: String(port), DATA_DIR: tempDir(t), UPSTREAM_TOKEN: TEST_UPSTREAM_TOKEN, ...opts.env }),
    ...opts.overrides,
  }
  const lines: string[] = []
  const written = new EventEmitter()
  const auditDestination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        lines.push(line)
        const { chain: _chain, seq: _seq, prev: _prev, ...audited } = auditFields(JSON.parse(line) as AuditLine)
        if (audited.event !== 'forwarding' && !CHAIN_EVENTS.has(audited.event)) written.emit('line', audited)
      }
      done()
    },
  })
  // the chain's own lines and fields (audit-chain.ts) are left out: the chain's tests read auditText()
  const parsedAll = () =>
    lines.flatMap((line) => {
      const { chain: _chain, seq: _seq, prev: _prev, ...audited } = auditFields(JSON.parse(line) as AuditLine)
      return CHAIN_EVENTS.has(audited.event) ? [] : [audited]
    })
  const parsed = () => parsedAll().filter((line) => line.event !== 'forwarding')
  const { buildGateway, idpPlugin } = await gatewayModules()
  const gateway = await buildGateway(
    { ...config, upstreamUrl },
    {
      auditDestination,
      webRoot: opts.webRoot,
      logger: opts.log
        ? { level: 'warn', stream: { write: (line: string) => void opts.log!.push(JSON.parse(line) as Record<string, unknown>) } }
        : false,
      embeddedIdp: (idp, idpOpts) =>
        idpPlugin(idp, {
          ...idpOpts,
          store: opts.idpStore,
          users: opts.idp?.users,
          portalClient: { ...idpOpts.portalClient, ...opts.idp?.portalClient },
        }),
      now: opts.now,
      bodyIdleMs: opts.bodyIdleMs,
    },
  )
  await gateway.listen({ host: '127.0.0.1', port })
  t.teardown(() => gateway.close())
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    gateway,
    get audit() {
      return parsed()
    },
    get auditWithForwarding() {
      return parsedAll()
    },
    auditText: () => lines.join('\n'),
    auditLine: (match) =>
      new Promise((resolve) => {
        const found = parsed().find(match)
        if (found) return resolve(found)
        const listener = (line: AuditLine) => {
          if (!match(line)) return
          written.off('line', listener)
          resolve(line)
        }
        written.on('line', listener)
      }),
  }
}

export async function startPortal(
  t: Teardown,
  opts: UpstreamOptions & { env?: Record<string, string>; webRoot?: string; idpStore?: IdpStoreOptions } = {},
): Promise<Portal> {
  const { upstream, database, token, outboxDir, url: upstreamUrl } = await startUpstream(t, opts)
  const front = await startGateway(t, upstreamUrl, {
    env: { UPSTREAM_TOKEN: token, ...opts.env },
    webRoot: opts.webRoot,
    idpStore: { client: database, ...opts.idpStore },
  })
  return {
    baseUrl: front.baseUrl,
    config: front.config,
    gateway: front.gateway,
    get audit() {
      return front.audit
    },
    get auditWithForwarding() {
      return front.auditWithForwarding
    },
    auditText: front.auditText,
    auditLine: front.auditLine,
    upstreamUrl,
    database,
    upstream,
    outboxDir,
  }
}

/**
 * A schema of this test's own in DATABASE_URL's PostgreSQL, dropped when the test ends: the URL that
 * names it as the connection's search_path, so the tables made through it are seen by nothing else,
 * and a client to look at them.
 */
export async function ownSchema(t: Teardown, name: string): Promise<{ url: URL; client: pg.Client }> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${name}`)
  t.teardown(async () => {
    await admin.query(`DROP SCHEMA ${name} CASCADE`)
    await admin.end()
  })
  const url = new URL(process.env.DATABASE_URL!)
  url.searchParams.set('options', `-c search_path=${name}`)
  return { url, client: admin }
}
