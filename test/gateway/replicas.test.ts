/**
 * Several gateways, one portal (issue 30 item 3; README "Running more than one gateway"): three
 * gateways on one SESSION_SECRET, the logout cut-off in one PostgreSQL, rate limits in one Redis
 * and one IdP apart from them all, as `npm run replicas` runs the built portal behind nginx.
 */
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { Redis } from 'ioredis'
import t from 'tap'
import { ConfigError, loadConfig } from '../../server/config.js'
import { LOGIN_STARTS_PER_MINUTE } from '../../server/gateway/plugins/rate-limits.js'
import { REREAD_MS } from '../../server/gateway/revocations.js'
import { SHARED_SETTINGS } from '../../scripts/replicas/settings.js'
import {
  freePort,
  NO_DATABASE,
  ownSchema,
  startGateway,
  startStandaloneIdp,
  tempDir,
  testClock,
  type Teardown,
  type TestGateway,
} from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startRecordingUpstream } from './start.js'

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

/** Why Redis cannot be used here, or undefined when it answers PING. */
async function redisUnreachable(): Promise<string | undefined> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 })
  // the socket's own error (ECONNREFUSED …) says more than the rejection's "Connection is closed."
  let cause: Error | undefined
  probe.on('error', (error: Error) => (cause ??= error))
  try {
    await probe.connect()
    await probe.ping()
    return undefined
  } catch (error) {
    return `needs a Redis: ${REDIS_URL} did not answer (${(cause ?? (error as Error)).message})`
  } finally {
    probe.disconnect()
  }
}

t.test('REPLICA_NAME, REDIS_URL, REDIS_KEY_PREFIX, TRUST_PROXY: defaults, and one clear line on a bad value', NO_DATABASE, async (t) => {
  const dataDir = tempDir(t)
  const { replicaName, redisUrl, redisKeyPrefix, trustProxy } = loadConfig({ DATA_DIR: dataDir })
  t.strictSame(
    { replicaName, redisUrl, redisKeyPrefix, trustProxy },
    { replicaName: hostname(), redisUrl: undefined, redisKeyPrefix: 'ccoe-portal:', trustProxy: [] },
  )
  const set = loadConfig({
    DATA_DIR: dataDir,
    REPLICA_NAME: 'portal-7d9f-x2k4q',
    REDIS_URL: 'rediss://cache.example:6380/2',
    REDIS_KEY_PREFIX: 'staging:',
    TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
  })
  t.strictSame(
    [set.replicaName, set.redisUrl, set.redisKeyPrefix, set.trustProxy],
    ['portal-7d9f-x2k4q', 'rediss://cache.example:6380/2', 'staging:', ['10.0.0.0/8', '127.0.0.1']],
  )
  const chars = 'letters, digits, dots, colons, dashes or underscores'
  for (const [env, message] of [
    [{ REPLICA_NAME: 'gw 1' }, `REPLICA_NAME must be 1 to 253 ${chars}, got "gw 1"`],
    [{ REDIS_KEY_PREFIX: 'a/b' }, `REDIS_KEY_PREFIX must be 1 to 253 ${chars}, got "a/b"`],
    [{ REDIS_URL: 'http://cache.example' }, 'REDIS_URL must use redis: or rediss:, got "http:"'],
    [{ REDIS_URL: 'cache:6379' }, 'REDIS_URL must use redis: or rediss:, got "cache:"'],
    [{ TRUST_PROXY: 'nginx' }, 'TRUST_PROXY: nginx is not an address or CIDR'],
  ] as const) {
    t.throws(() => loadConfig({ DATA_DIR: dataDir, ...env }), new ConfigError(message), JSON.stringify(env))
  }
})

t.test('the compose file and the Kubernetes sketch give each replica what `npm run replicas` does', NO_DATABASE, async (t) => {
  const deploy = (file: string) => readFileSync(new URL(`../../deploy/replicas/${file}`, import.meta.url), 'utf8')
  const shared = [...SHARED_SETTINGS].sort()
  const compose = deploy('compose.yml')
  const block = /^x-shared: &shared\n((?: {2}.*\n)+)/m.exec(compose)?.[1] ?? ''
  t.strictSame([...block.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]).sort(), ['HOST', ...shared].sort(), 'compose: the shared block')
  // nginx.conf's three gateway addresses, each replica named
  for (const i of [1, 2, 3]) t.match(compose, `environment: { <<: *shared, PORT: 300${i}, REPLICA_NAME: gw-${i} }`, `compose: gw-${i}`)

  const gateway = deploy('kubernetes.yml')
    .split('\n---\n')
    .find((doc) => doc.includes('kind: Deployment') && doc.includes('name: ccoe-portal-gateway'))!
  const env = [...gateway.matchAll(/- \{ name: ([A-Z_]+),/g)].map((m) => m[1]).sort()
  t.strictSame(env, ['HOST', 'PORT', 'REPLICA_NAME', ...shared].sort(), 'kubernetes: the gateway Deployment')
  for (const secret of ['SESSION_SECRET', 'UPSTREAM_TOKEN', 'OIDC_CLIENT_SECRET', 'GATEWAY_DATABASE_URL', 'REDIS_URL']) {
    t.match(gateway, `{ name: ${secret}, valueFrom: { secretKeyRef: { name: ccoe-portal, key: ${secret} } } }`, `${secret} from the Secret`)
  }
  t.match(gateway, /replicas: 3\n/)
  t.match(gateway, /readinessProbe:\n +httpGet: \{ path: \/readyz, port: http \}/, 'ready while /readyz answers 200')
})

t.test(
  'without REDIS_URL each replica counts its own; an X-Forwarded-For from an untrusted peer is not believed',
  NO_DATABASE,
  async (t) => {
    const [a, b] = [await startGateway(t, 'http://127.0.0.1:9'), await startGateway(t, 'http://127.0.0.1:9')]
    const start = async (gateway: TestGateway, i: number) => {
      // a different made-up client each time: without TRUST_PROXY the caller is the socket's address
      const response = await fetch(`${gateway.baseUrl}/oidc/login`, {
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
        redirect: 'manual',
      })
      await response.arrayBuffer()
      return response.status
    }
    const statuses: number[] = []
    for (let i = 0; i <= LOGIN_STARTS_PER_MINUTE; i++) statuses.push(await start(a, i))
    t.strictSame(statuses, [...Array(LOGIN_STARTS_PER_MINUTE).fill(302), 429], 'one replica refuses the 61st start')
    t.equal(await start(b, 0), 302, 'the other has counted none of them')
  },
)

// skipped only without the parts they prove sharing: a Redis that answers (and a PostgreSQL)
const noRedis = await redisUnreachable()
const missing = noRedis ?? (!process.env.DATABASE_URL && 'needs a PostgreSQL: the DATABASE_URL pass of .ci/run')

/** A key prefix of this run's own, so parallel runs count apart; its keys are deleted when the test ends. */
function redisOfRun(t: Teardown, run: string) {
  const prefix = `ccoe-test-${run}:`
  const redis = new Redis(REDIS_URL)
  t.teardown(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })
  /**
   * Every key of the run and its count, named by how it ends (a limit's name and the client: the
   * library puts its own middle after `<prefix>rate-limit:`); any other key keeps its whole name.
   */
  const counts = async () => {
    const keys = await redis.keys(`${prefix}*`)
    const named = (key: string) =>
      key.startsWith(`${prefix}rate-limit:`) ? (/(?:login-starts|idp-tokens|idp-sign-ins):.*$/.exec(key)?.[0] ?? key) : key
    return Object.fromEntries(await Promise.all(keys.map(async (key) => [named(key), await redis.get(key)])))
  }
  return { prefix, redis, counts }
}

t.test(
  "in Redis each limit counts apart: sign-in starts do not use up the embedded IdP's token requests",
  { skip: noRedis ?? NO_DATABASE.skip },
  async (t) => {
    const { prefix, counts } = redisOfRun(t, `${process.pid}_${Date.now()}_idp`)
    const gateway = await startGateway(t, 'http://127.0.0.1:9', { env: { REDIS_URL, REDIS_KEY_PREFIX: prefix } })
    const start = async () => {
      const response = await fetch(`${gateway.baseUrl}/oidc/login`, { redirect: 'manual' })
      await response.arrayBuffer()
      return response.status
    }
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_STARTS_PER_MINUTE; i++) statuses.push(await start())
    t.strictSame(statuses, Array(LOGIN_STARTS_PER_MINUTE).fill(302))
    // the library's Redis store keys every fastify.rateLimit() alike: unnamed, this would be the 61st request
    t.match(await scriptToken(gateway.baseUrl), /^ey/, 'a script still gets its token')
    t.equal(await start(), 429, 'while the 61st start is refused')
    t.strictSame(await counts(), { 'login-starts:127.0.0.1': '61', 'idp-tokens:127.0.0.1': '1' })
  },
)

t.test('three replicas on one session key, one PostgreSQL, one Redis and one IdP', { skip: missing }, async (t) => {
  // the logout cut-off's table in a schema of this run's own, as the connection's search_path
  const run = `${process.pid}_${Date.now()}`
  const schema = `replicas_${run}`
  const { url: gatewayDatabase, client: admin } = await ownSchema(t, schema)
  // and the rate limits' keys under a prefix of this run's own
  const { prefix, counts } = redisOfRun(t, run)

  // one portal address for all three, as behind a load balancer; each replica listens on its own port
  const ports = [await freePort(), await freePort(), await freePort()]
  const publicUrl = `http://127.0.0.1:${ports[0]}`
  const issuer = `http://127.0.0.1:${await freePort()}/idp`
  await startStandaloneIdp(t, issuer, publicUrl, 'replicas-portal-secret')
  const upstream = await startRecordingUpstream(t)
  const names = ['gw-a', 'gw-b', 'gw-c']
  const clocks = names.map(() => testClock())
  const env = {
    SESSION_SECRET: `one secret for every replica of run ${run}`,
    GATEWAY_DATABASE_URL: gatewayDatabase.href,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    // the load balancer's address: the rate limits key on the client it names
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'ccoe-portal',
    OIDC_CLIENT_SECRET: 'replicas-portal-secret',
  }
  const replicas: TestGateway[] = []
  for (const [i, name] of names.entries()) {
    replicas.push(
      await startGateway(t, upstream.url, { env: { ...env, REPLICA_NAME: name }, overrides: { port: ports[i] }, now: clocks[i].now }),
    )
  }
  const [a, b, c] = replicas
  t.not(a.config.dataDir, b.config.dataDir, 'no shared disk: each replica has a data folder of its own')

  /** who /api/session says is signed in (its permits follow from the role, and are session.test.ts's) */
  const session = async (gateway: TestGateway, cookie: string) => {
    const response = await fetch(`${gateway.baseUrl}/api/session`, { headers: { cookie } })
    const body = (await response.json()) as Record<string, unknown>
    return { status: response.status, body: response.ok ? { email: body.email, name: body.name, role: body.role } : body }
  }
  const alice = { email: 'alice@ccoe.example', name: 'Alice Admin', role: 'admin' }

  t.test('signed in through one, the session works on every replica', async (t) => {
    const cookie = await signIn(a.baseUrl, 'alice@ccoe.example', 'alice')
    for (const replica of replicas) {
      t.strictSame(await session(replica, cookie), { status: 200, body: alice }, replica.config.replicaName)
      const call = await fetch(`${replica.baseUrl}/api/departments`, { headers: { cookie } })
      t.equal(call.status, 200, `${replica.config.replicaName} calls the upstream for her`)
      await call.arrayBuffer()
      // written once the answer has closed on the gateway's side: awaited, not assumed
      await replica.auditLine((l) => l.path === '/api/departments')
    }

    t.test('a logout on one is refused at once there and, after the documented lag, on the others', async (t) => {
      const logout = await fetch(`${b.baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
      t.equal(logout.status, 302)
      t.strictSame(await session(b, cookie), { status: 401, body: { error: 'Unauthorized', statusCode: 401 } }, 'where she logged out')
      // the others reread the shared cut-off once every REREAD_MS of their clocks: the documented lag
      t.strictSame([(await session(a, cookie)).status, (await session(c, cookie)).status], [200, 200], 'not reread yet')
      clocks[0].advance(REREAD_MS + 1)
      clocks[2].advance(REREAD_MS + 1)
      t.strictSame([(await session(a, cookie)).status, (await session(c, cookie)).status], [401, 401], 'refused everywhere')
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.gateway_revoked_sessions`)
      t.strictSame(rows, [{ n: 1 }], 'one row in the one table')
    })
  })

  t.test('the sign-in limit counts across replicas, per client behind the load balancer', async (t) => {
    const start = async (gateway: TestGateway, client: string) => {
      const response = await fetch(`${gateway.baseUrl}/oidc/login`, { headers: { 'x-forwarded-for': client }, redirect: 'manual' })
      await response.arrayBuffer()
      return response.status
    }
    const statuses: number[] = []
    // round robin, as nginx sends them: 20 starts to each replica, then one more to each
    for (let i = 0; i < LOGIN_STARTS_PER_MINUTE + 3; i++) statuses.push(await start(replicas[i % 3], '203.0.113.7'))
    t.strictSame(statuses, [...Array(LOGIN_STARTS_PER_MINUTE).fill(302), 429, 429, 429], 'none let the 61st through')
    t.equal(await start(a, '203.0.113.8'), 302, 'another client behind the same load balancer is not limited')

    // every key of this run: each ends in the limit's name and the client (the library adds its own middle)
    t.strictSame(
      await counts(),
      { 'login-starts:203.0.113.7': '63', 'login-starts:203.0.113.8': '1', 'login-starts:127.0.0.1': '1' },
      "one counter per client in Redis, and nothing else (the sign-in's own start came from 127.0.0.1, unforwarded)",
    )
    for (const replica of replicas) {
      const limited = replica.audit.filter((l) => l.event === 'login-limited')
      t.strictSame(
        limited.map((l) => [l.replica, l.status, l.path]),
        [[replica.config.replicaName, 429, '/oidc/login']],
        `${replica.config.replicaName} audits its refusal`,
      )
    }
  })

  t.test('every audit line names the replica that wrote it', async (t) => {
    for (const [i, replica] of replicas.entries()) {
      const lines = replica.audit
      t.ok(lines.length >= 2, `${names[i]} wrote lines`)
      t.strictSame([...new Set(lines.map((l) => l.replica))], [names[i]])
      t.strictSame(
        lines.filter((l) => l.path === '/api/departments').map((l) => [l.replica, l.user, l.status]),
        [[names[i], 'alice@ccoe.example', 200]],
      )
    }
    t.strictSame(
      replicas.map((r) => r.audit.filter((l) => l.event === 'login' || l.event === 'logout').map((l) => `${l.event}@${l.replica}`)),
      [['login@gw-a'], ['logout@gw-b'], []],
    )
  })
})
