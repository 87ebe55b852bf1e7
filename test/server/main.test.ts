/**
 * `npm start`'s server as a person starts it: the compiled dist/server/main.js (`npm run build`
 * first, as `npm start` and `npm test` do) brings up the IdP, the upstream and its PGlite in the
 * data folder with demo data (in a child process of its own), and the gateway; the README's script
 * example works; a second portal on the same data folder is refused; a restart keeps the data and
 * the signed-in sessions; the portal stops when its upstream dies. The child's output is awaited
 * line by line, never polled.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { alive, childPids, freePort, tempDir } from '../helper.js'
import { startPortal } from '../lib/portal-process.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { statusOf } from '../lib/status-of.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = 'dist/server/main.js'
const start = (t: { teardown(fn: () => unknown): void }, env: Record<string, string>) => startPortal(t, root, env)

t.test('one command starts the whole portal; a restart keeps data and sessions', async (t) => {
  const env = { PORT: String(await freePort()), DATA_DIR: tempDir(t) }
  const first = await start(t, env)

  t.same(
    [await statusOf(fetch(`${first.baseUrl}/healthz`)), await statusOf(fetch(`${first.baseUrl}/readyz`))],
    [200, 200],
    'live and ready',
  )
  const token = await scriptToken(first.baseUrl)
  const departments = await fetch(`${first.baseUrl}/api/departments?per_page=5`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(departments.status, 200, 'the README curl example: a script lists departments')
  const body = (await departments.json()) as { data: unknown[]; meta: { total: number } }
  t.equal(body.data.length, 5, 'demo data on first start')
  t.ok(body.meta.total >= 10, 'demo data on first start')

  const page = await fetch(`${first.baseUrl}/unauth/home`)
  t.equal(page.status, 200)
  t.equal(page.headers.get('content-type'), 'text/html; charset=utf-8', 'the built web app is served')
  t.match(await page.text(), /<div id="root">/, 'its index.html')

  const cookie = await signIn(first.baseUrl, 'bob@ccoe.example', 'bob')
  const created = await fetch(`${first.baseUrl}/api/departments`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ department: { name: 'Kept Across Restarts' } }),
  })
  t.equal(created.status, 201)
  // the audit logger writes asynchronously: await its line on stdout
  await first.printed(/"user":"bob@ccoe\.example","method":"POST","path":"\/api\/departments","status":201/)
  t.pass('the audit line on stdout')
  // the demo keeps its trail in the data folder too: the Audit Trail screen has it to show
  const audrey = await signIn(first.baseUrl, 'audrey@ccoe.example', 'audrey')
  const trail = await fetch(`${first.baseUrl}/api/audit?user=bob%40ccoe.example&method=POST&status=201`, { headers: { cookie: audrey } })
  t.same(
    ((await trail.json()) as { data: { path: string }[] }).data.map((line) => line.path),
    ['/api/departments'],
    'an auditor reads it back, from DATA_DIR/audit.log',
  )
  t.notOk(existsSync(join(env.DATA_DIR, 'idp')), "the IdP's sign-ins are in the upstream's database: no second PGlite in the gateway")
  const upstreams = childPids(first.pid)
  t.equal(upstreams.length, 1, 'the embedded upstream: one child process')
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  const refused = await promisify(execFile)(process.execPath, [MAIN], {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(await freePort()) },
  }).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  t.equal(refused?.code, 1, 'a second portal on the same data folder exits 1')
  t.same(
    (refused?.stderr ?? '').split('\n').filter((l) => l && !l.includes('WARNING')),
    [
      `ccoe-portal: The database in ${join(env.DATA_DIR, 'pglite')} is already in use by process ${upstreams[0]}: stop that process or use another data folder`,
    ],
    'saying why, in one line',
  )
  await first.stop()
  t.same((await first.exited)[0], 0, 'SIGTERM closes the portal cleanly')
  t.same(upstreams.filter(alive), [], 'its upstream too')

  const second = await start(t, env)
  const session = await fetch(`${second.baseUrl}/api/session`, { headers: { cookie } })
  t.equal(session.status, 200, 'the session survives a restart (the kept SESSION_SECRET)')
  const kept = await fetch(`${second.baseUrl}/api/departments?by_name=Kept`, { headers: { cookie } })
  t.equal(((await kept.json()) as { meta: { total: number } }).meta.total, 1, 'the data survives, and is not seeded twice')

  const [upstream] = childPids(second.pid)
  process.kill(upstream, 'SIGKILL')
  await second.printed(/^ccoe-portal: the embedded upstream was killed by SIGKILL\n/m)
  t.same(await second.exited, [1, null], 'a portal whose upstream dies stops, so a supervisor starts it again')
})
