/**
 * Faults with real servers (issue 13 item 1): the upstream process killed under load and started
 * again, an upstream too slow for the configured timeout, the identity provider down and back,
 * PostgreSQL dropping the upstream's connections and PostgreSQL restarted. Each time the portal
 * answers clearly, stays up, and recovers by itself.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import t from 'tap'
import { buildUpstream } from '../../server/upstream/app.js'
import { openDatabase } from '../../server/upstream/db/client.js'
import { freePort, startGateway, startStandaloneIdp, startUpstream, TEST_UPSTREAM_TOKEN, type Teardown } from '../helper.js'
import { signIn } from '../lib/sign-in.js'
import { startRecordingUpstream } from './start.js'
import { statusOf } from '../lib/status-of.js'

const ALICE = ['alice@ccoe.example', 'alice'] as const

/**
 * The upstream as a process of its own, which the test kills with SIGKILL as an operator or the OOM
 * killer would: every list call answered at once, a record read (`/departments/1`) never answered.
 */
const UPSTREAM_PROCESS = `
const http = require('node:http')
http.createServer((req, res) => {
  if (req.url.startsWith('/departments/1')) return
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"meta":{"total":0,"page":1,"per_page":25}}')
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('listening'))`

async function upstreamProcess(t: Teardown, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', UPSTREAM_PROCESS, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] })
  t.teardown(() => child.kill('SIGKILL'))
  await once(child.stdout!, 'data')
  return child
}

t.test('the upstream killed under load: JSON 502s at once, the gateway stays up, the first call after its return succeeds', async (t) => {
  const port = await freePort()
  let upstream = await upstreamProcess(t, port)
  // a timeout far beyond the test's own: a 502 that waited for any timer would never come in time
  const portal = await startGateway(t, `http://127.0.0.1:${port}`, { overrides: { upstreamTimeoutMs: 3_600_000 } })
  const cookie = await signIn(portal.baseUrl, ...ALICE)
  const call = async (path = 'departments') => {
    const answer = await fetch(`${portal.baseUrl}/api/${path}`, { headers: { cookie } })
    return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }
  }

  // twenty callers in a loop, and one call the upstream holds; the upstream is killed while they run
  let running = true
  const seen: Awaited<ReturnType<typeof call>>[] = []
  const callers = Array.from({ length: 20 }, async () => {
    while (running) seen.push(await call())
  })
  const held = call('departments/1')
  while (seen.length < 200) await new Promise((resolve) => setImmediate(resolve))
  const exited = once(upstream, 'exit')
  const killed = performance.now()
  upstream.kill('SIGKILL')
  const answer = await held
  const heldFor = performance.now() - killed
  t.same(
    [answer.status, JSON.parse(answer.body)],
    [502, { error: 'Upstream unavailable', statusCode: 502 }],
    'the call in flight: a JSON 502',
  )
  // no assertion on the clock (the machine may be slow): the figure is printed, and no timer could have made it
  t.comment(`the call in flight at the kill was answered ${heldFor.toFixed(1)} ms after it`)
  await exited
  const atKill = seen.length
  while (seen.length < atKill + 200) await new Promise((resolve) => setImmediate(resolve))
  running = false
  await Promise.all(callers)

  const after = seen.slice(atKill + 40)
  t.same(new Set(seen.map((s) => s.status)), new Set([200, 502]), 'every call was answered: 200 before, 502 after')
  t.same(new Set(after.map((s) => s.status)), new Set([502]), 'once down, a 502 at once, every time')
  t.same(new Set(after.map((s) => s.body)), new Set([JSON.stringify({ error: 'Upstream unavailable', statusCode: 502 })]))
  t.same(new Set(after.map((s) => s.type)), new Set(['application/json; charset=utf-8']))
  t.same(await (await fetch(`${portal.baseUrl}/healthz`)).json(), { status: 'ok' }, 'the gateway is up')
  t.equal(await statusOf(fetch(`${portal.baseUrl}/readyz`)), 503, 'and says it is not ready')

  upstream = await upstreamProcess(t, port)
  t.equal((await call()).status, 200, 'the very next call after the return succeeds')
  t.equal(await statusOf(fetch(`${portal.baseUrl}/readyz`)), 200)
})

t.test('a slow upstream: 504 at the configured timeout, for the proxy, CSV and uploads; counted in /metrics', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const timeout = 250
  const gw = await startGateway(t, upstream.url, { overrides: { upstreamTimeoutMs: timeout } })
  const cookie = await signIn(gw.baseUrl, ...ALICE)
  upstream.holding = true
  const form = new FormData()
  form.append('file', new Blob(['cost_center,network\r\nCC-1,NET-1\r\n'], { type: 'text/csv' }), 'networks.csv')
  const answers = await Promise.all([
    fetch(`${gw.baseUrl}/api/departments`, { headers: { cookie } }),
    fetch(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie } }),
    fetch(`${gw.baseUrl}/api/upload/cost_center_networks`, { method: 'POST', headers: { cookie }, body: form }),
  ])
  t.same(
    await Promise.all(answers.map(async (answer) => [answer.status, await answer.json()])),
    Array(3).fill([504, { error: 'Upstream timeout', statusCode: 504 }]),
  )
  t.equal(upstream.held, 3, 'the upstream never answered any of them')
  const lines = await Promise.all(
    ['/api/departments', '/api/csv/departments', '/api/upload/cost_center_networks'].map((path) =>
      gw.auditLine((l) => l.path === path && l.status === 504),
    ),
  )
  // a lower bound only: a timer never fires early, and how late it fires depends on the machine
  t.same(
    lines.filter((line) => (line.durationMs as number) < timeout),
    [],
    `none answered before the ${timeout} ms configured`,
  )
  upstream.release()
  const metrics = await (await fetch(`${gw.baseUrl}/metrics`)).text()
  t.match(metrics, /^ccoe_gateway_upstream_failures_total\{kind="timeout"\} 3$/m, 'three timeouts counted')
})

t.test('the identity provider down: a sign-in page that says so (JSON for scripts); back, sign-in works', async (t) => {
  const idpPort = await freePort()
  const issuer = `http://127.0.0.1:${idpPort}/idp`
  const { url, token } = await startUpstream(t)
  const portal = await startGateway(t, url, {
    env: { UPSTREAM_TOKEN: token, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'ccoe-portal', OIDC_CLIENT_SECRET: 'portal-secret' },
  })
  const login = `${portal.baseUrl}/oidc/login?returnTo=${encodeURIComponent('/auth/view/departments')}`

  const page = await fetch(login, { headers: { accept: 'text/html,application/xhtml+xml' }, redirect: 'manual' })
  t.equal(page.status, 503)
  t.equal(page.headers.get('retry-after'), '30')
  t.match(page.headers.get('content-type'), /^text\/html/)
  const html = await page.text()
  t.ok(html.includes('<h1>Sign-in is unavailable right now</h1>'))
  t.ok(html.includes('href="/oidc/login?returnTo=%2Fauth%2Fview%2Fdepartments"'), 'Try again keeps where the person was going')
  for (const leak of [String(idpPort), 'ECONNREFUSED', 'at ', '/work/', 'node:']) t.notOk(html.includes(leak), `no ${leak}`)
  const script = await fetch(login, { redirect: 'manual' })
  t.same([script.status, await script.json()], [503, { error: 'Sign-in unavailable', statusCode: 503 }])

  // the IdP comes back on its address: the next sign-in discovers it and goes through
  await startStandaloneIdp(t, issuer, portal.baseUrl)
  const cookie = await signIn(portal.baseUrl, ...ALICE)
  t.equal(await statusOf(fetch(`${portal.baseUrl}/api/session`, { headers: { cookie } })), 200)
})

t.test(
  'PostgreSQL drops every connection of the upstream: it reconnects and answers, no restart',
  { skip: !process.env.DATABASE_URL && 'needs a PostgreSQL: the DATABASE_URL pass of .ci/run' },
  async (t) => {
    const { url, token, database } = await startUpstream(t)
    const get = () => fetch(`${url}/departments`, { headers: { authorization: `Bearer ${token}` } })
    t.equal((await get()).status, 200)
    // every connection of the upstream's pool, found by asking each one its server process
    const pids = new Set<number>()
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => database.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.01)')),
      )
      for (const answer of answers) pids.add(answer.rows[0].pid)
    }
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    t.teardown(() => admin.end())
    const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM unnest($1::int[]) AS pid', [
      [...pids],
    ])
    t.ok(rows.length > 0 && rows.every((row) => row.ended), `${rows.length} connections ended by the server`)
    // the server ends them a moment after it is asked: wait until none of them is left
    const alive = async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [[...pids]])).rows.length
    while ((await alive()) > 0);
    const answers = await Promise.all(Array.from({ length: 5 }, get))
    t.same(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200, 200],
      'answered on new connections',
    )
  },
)

/** Runs a PostgreSQL program as the `postgres` user when the test runs as root (initdb refuses root). */
function pgCommand(program: string, args: string[]): Promise<void> {
  const [command, rest] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]
  return new Promise((resolve, reject) => {
    execFile(command, rest, (error, _stdout, stderr) => (error ? reject(new Error(`${program}: ${stderr || error.message}`)) : resolve()))
  })
}

const hasInitdb = (() => {
  try {
    execFileSync('initdb', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

t.test(
  'PostgreSQL restarted under the upstream: it answers again once the database is back, without a restart of its own',
  {
    skip:
      (!process.env.DATABASE_URL && 'with PostgreSQL only: the DATABASE_URL pass of .ci/run') ||
      (!hasInitdb && 'needs initdb and pg_ctl on PATH for a PostgreSQL of its own'),
  },
  async (t) => {
    // a PostgreSQL of the test's own, in a temporary folder: restarting the shared one would stop everyone else's
    const dir = mkdtempSync(join(tmpdir(), 'ccoe-pg-'))
    t.teardown(() => rmSync(dir, { recursive: true, force: true }))
    if (process.getuid?.() === 0)
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])))
    const data = join(dir, 'data')
    const port = await freePort()
    await pgCommand('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync'])
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
    const pgCtl = (...args: string[]) => pgCommand('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args])
    await pgCtl('-o', options, 'start')
    t.teardown(() => pgCtl('-m', 'immediate', 'stop').catch(() => undefined))

    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` })
    const upstream = await buildUpstream({ token: TEST_UPSTREAM_TOKEN, database, logger: false })
    t.teardown(async () => {
      await upstream.close()
      await database.close()
    })
    await upstream.listen({ host: '127.0.0.1', port: 0 })
    const url = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`
    const get = async () => {
      const answer = await fetch(`${url}/departments`, { headers: { authorization: `Bearer ${TEST_UPSTREAM_TOKEN}` } })
      return { status: answer.status, type: answer.headers.get('content-type') }
    }
    // every pooled connection in use once, so that the restart finds them open
    t.same(new Set((await Promise.all(Array.from({ length: 10 }, get))).map((a) => a.status)), new Set([200]))

    await pgCtl('-m', 'fast', 'stop')
    const down = await get()
    t.ok(down.status >= 500, `while the database is down: ${down.status}, answered rather than hung`)
    t.match(down.type, /^application\/json/)
    await pgCtl('-o', options, 'start')
    t.same(
      (await Promise.all(Array.from({ length: 10 }, get))).map((a) => a.status),
      Array(10).fill(200),
      'the same upstream process answers every call once the database is back',
    )
  },
)
