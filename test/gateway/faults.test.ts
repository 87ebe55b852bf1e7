/**
 * Faults with real servers (issue 13 item 1): the upstream dies under load and returns, the
 * identity provider is down and returns, PostgreSQL drops the upstream's connections. Each time the
 * portal answers clearly, stays up, and recovers by itself.
 */
import { createServer, type Server } from 'node:http'
import Fastify from 'fastify'
import pg from 'pg'
import t from 'tap'
import { idpPlugin } from '../../server/idp/plugin.js'
import { freePort, startGateway, startUpstream } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

const ALICE = ['alice@ccoe.example', 'alice'] as const

/** An upstream that answers every call at once, on a port it can come back to. */
function tinyUpstream(): Server {
  return createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [], meta: { total: 0, page: 1, per_page: 25 } }))
  })
}
const listen = (server: Server, port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })

t.test('the upstream killed under load: JSON 502s, the gateway stays up, and the first call after its return succeeds', async (t) => {
  const port = await freePort()
  let upstream = tinyUpstream()
  await listen(upstream, port)
  const portal = await startGateway(t, `http://127.0.0.1:${port}`)
  t.teardown(() => stop(upstream))
  const cookie = await signIn(portal.baseUrl, ...ALICE)
  const call = async () => {
    const answer = await fetch(`${portal.baseUrl}/api/departments`, { headers: { cookie } })
    return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }
  }

  // twenty callers in a loop; the upstream dies while they run
  let running = true
  const seen: Awaited<ReturnType<typeof call>>[] = []
  const callers = Array.from({ length: 20 }, async () => {
    while (running) seen.push(await call())
  })
  while (seen.length < 200) await new Promise((resolve) => setImmediate(resolve))
  await stop(upstream)
  const atKill = seen.length
  while (seen.length < atKill + 200) await new Promise((resolve) => setImmediate(resolve))
  running = false
  await Promise.all(callers)

  const after = seen.slice(atKill + 40)
  t.same(new Set(seen.map((s) => s.status)), new Set([200, 502]), 'every call was answered: 200 before, 502 after')
  t.same(new Set(after.map((s) => s.status)), new Set([502]), 'once down, a 502 at once, every time')
  t.same(new Set(after.map((s) => s.body)), new Set([JSON.stringify({ error: 'Upstream unavailable', statusCode: 502 })]))
  t.same(await (await fetch(`${portal.baseUrl}/healthz`)).json(), { status: 'ok' }, 'the gateway is up')
  t.equal((await fetch(`${portal.baseUrl}/readyz`)).status, 503, 'and says it is not ready')

  upstream = tinyUpstream()
  await listen(upstream, port)
  t.equal((await call()).status, 200, 'the very next call after the return succeeds')
  t.equal((await fetch(`${portal.baseUrl}/readyz`)).status, 200)
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
  const idp = Fastify({ logger: false })
  await idp.register(idpPlugin, {
    prefix: '/idp',
    issuer,
    portalClient: {
      clientId: 'ccoe-portal',
      clientSecret: 'portal-secret',
      redirectUris: [`${portal.baseUrl}/oidc/callback`],
      postLogoutRedirectUris: [`${portal.baseUrl}/unauth/home`],
    },
  })
  await idp.listen({ host: '127.0.0.1', port: idpPort })
  t.teardown(() => idp.close())
  const cookie = await signIn(portal.baseUrl, ...ALICE)
  t.equal((await fetch(`${portal.baseUrl}/api/session`, { headers: { cookie } })).status, 200)
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
