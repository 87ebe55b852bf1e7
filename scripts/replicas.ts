/**
 * `npm run replicas`: several gateways, one portal (README "Running more than one gateway"), on
 * this machine. The built portal (built first when dist/ is older than its sources) runs as three
 * gateway replicas on one SESSION_SECRET behind Debian's nginx (round robin on loopback; installed
 * with apt-get when missing), with the upstream and the development IdP each a process of its own
 * (`main.js upstream`, `main.js idp`), one PostgreSQL (a database made for the run: the upstream's
 * data, the IdP's sign-ins, the logout cut-off) and one Redis (the rate limits, under a key prefix
 * of the run's own). It signs in through nginx, proves what the replicas share (replicas/prove.ts),
 * prints it, and keeps everything running for a person to try until Ctrl+C, which stops it all and
 * drops the run's database, keys and folder. `--check` stops after the proof (exit 1 if it failed).
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres; the
 * run's database is made beside it), REDIS_URL the Redis (redis://127.0.0.1:6379), PORT nginx's
 * port (a free one).
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import pg from 'pg'
import { freePort } from '../test/helper.js'
import { waitFor } from './bench/wait-for.js'
import { markBuilt, needsBuild } from './build-freshness.mjs'
import { nginxBinary, writeNginxConf } from './replicas/nginx.js'
import { startPart, type Part } from './replicas/parts.js'
import { prove, type Replica } from './replicas/prove.js'
import type { SharedSettings } from './replicas/settings.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const MAIN = join(root, 'dist', 'server', 'main.js')
const REPLICAS = ['gw-1', 'gw-2', 'gw-3']
const checkOnly = process.argv.includes('--check')

/** what undoes each step taken, run last first: nginx before the gateways before the IdP and the upstream */
const undo: { what: string; run: () => Promise<unknown> }[] = []
let stopping = false

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    for (const step of undo.reverse()) {
      await step
        .run()
        .catch((error: unknown) => console.error(`  (could not ${step.what}: ${error instanceof Error ? error.message : error})`))
    }
  }
  process.exit(code)
}

/** A part that ends on its own stops the run: the portal cannot do without any of them. */
function watch(part: Part) {
  void part.exited.then((how) => {
    if (stopping) return
    console.error(`✗ ${part.name} ${how}: stopping everything`)
    void stop(1)
  })
  undo.push({ what: `stop ${part.name}`, run: () => part.stop() })
  return part
}

const node = (name: string, args: string[], env: Record<string, string>, ready: RegExp) =>
  startPart(
    name,
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=16', MAIN, ...args],
    { NODE_ENV: 'production', ...env },
    ready,
  ).then(watch)

async function main() {
  // `on`, not `once`: Ctrl+C reaches this process twice (from the terminal, and relayed by tsx), and
  // with no listener left tsx would end it before the cleanup has run
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
  if (needsBuild(root)) {
    console.log('Building the portal (dist/ is older than its sources) …')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    markBuilt(root)
  }
  const nginx = nginxBinary()
  if (!nginx) throw new Error('nginx is missing and this user cannot install it: apt-get install nginx')

  const dir = mkdtempSync(join(tmpdir(), 'ccoe-replicas-'))
  // nginx's unprivileged workers pass through it to their own temporary folder (replicas/nginx.ts)
  chmodSync(dir, 0o711)
  undo.push({ what: `remove ${dir}`, run: async () => rmSync(dir, { recursive: true, force: true }) })

  const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres')
  const database = `ccoe_replicas_${process.pid}`
  const admin = new pg.Client({ connectionString: server.href })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database}`)
  undo.push({
    what: `drop the database ${database}`,
    run: async () => {
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`)
      await admin.end()
    },
  })
  const databaseUrl = new URL(server.href)
  databaseUrl.pathname = `/${database}`

  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
  const redisPrefix = `ccoe-replicas-${process.pid}:`
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
  await redis.ping().catch((error: Error) => {
    throw new Error(`Redis does not answer at ${redisUrl} (${error.message}): start it, or set REDIS_URL`)
  })
  undo.push({
    what: `delete the Redis keys ${redisPrefix}*`,
    run: async () => {
      const keys = await redis.keys(`${redisPrefix}*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
    },
  })

  const port = Number(process.env.PORT) || (await freePort())
  const url = `http://127.0.0.1:${port}`
  const [upstreamPort, idpPort, ...gatewayPorts] = await Promise.all([freePort(), freePort(), ...REPLICAS.map(() => freePort())])
  const upstreamToken = randomBytes(32).toString('base64url')
  // what every replica is told alike: one key, one upstream, one IdP, one PostgreSQL, one Redis
  const shared: SharedSettings & { HOST: string; REDIS_KEY_PREFIX: string } = {
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`,
    UPSTREAM_TOKEN: upstreamToken,
    OIDC_ISSUER: `${url}/idp`,
    OIDC_CLIENT_ID: 'ccoe-portal',
    OIDC_CLIENT_SECRET: randomBytes(32).toString('base64url'),
    GATEWAY_DATABASE_URL: databaseUrl.href,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    TRUST_PROXY: '127.0.0.1',
  }
  const dataDir = (name: string) => {
    mkdirSync(join(dir, name), { mode: 0o700 })
    return join(dir, name)
  }

  console.log(`Starting the upstream, the IdP and ${REPLICAS.length} gateways in ${dir} …`)
  await node(
    'upstream',
    ['upstream'],
    {
      HOST: '127.0.0.1',
      PORT: String(upstreamPort),
      DATABASE_URL: databaseUrl.href,
      UPSTREAM_TOKEN: upstreamToken,
      DATA_DIR: dataDir('upstream'),
    },
    /^CCoE Portal upstream on /,
  )
  // the IdP reads the gateways' settings: OIDC_ISSUER is its own address (behind nginx), PUBLIC_URL the portal's
  await node('idp', ['idp'], { ...shared, PORT: String(idpPort), REPLICA_NAME: 'idp', DATA_DIR: dataDir('idp') }, /^CCoE Portal IdP on /)
  const replicas: Replica[] = await Promise.all(
    REPLICAS.map(async (name, i) => ({
      name,
      port: gatewayPorts[i],
      part: await node(
        name,
        [],
        { ...shared, PORT: String(gatewayPorts[i]), REPLICA_NAME: name, DATA_DIR: dataDir(name) },
        /^CCoE Portal on /,
      ),
    })),
  )
  const balancer = join(dir, 'nginx')
  mkdirSync(balancer)
  const { conf, accessLog } = writeNginxConf(balancer, { port, gateways: gatewayPorts, idp: idpPort })
  await startPart('nginx', nginx, ['-c', conf, '-g', 'daemon off;'], {}).then(watch)
  await waitFor(`${url}/healthz`)

  console.log(`
  nginx      ${url} (round robin; ${conf})
  ${replicas.map((r) => `${r.name}       http://127.0.0.1:${r.port} (pid ${r.part.child.pid})`).join('\n  ')}
  upstream   ${shared.UPSTREAM_URL} (its own process)
  IdP        ${shared.OIDC_ISSUER} → 127.0.0.1:${idpPort} (its own process)
  PostgreSQL ${databaseUrl.host}${databaseUrl.pathname} (the upstream's data, the IdP's sign-ins, the logout cut-off)
  Redis      ${redisUrl}, keys ${redisPrefix}* (the rate limits)
`)
  try {
    await prove({ url, replicas, redis, redisPrefix, accessLog: () => readFileSync(accessLog, 'utf8').split('\n') }, (line) =>
      console.log(line),
    )
  } catch (error) {
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`)
    return stop(1)
  }
  if (checkOnly) return stop(0)
  console.log(`\nThe portal is at ${url} (alice / alice). Ctrl+C stops everything.`)
}

main().catch((error: unknown) => {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`)
  void stop(1)
})
