/**
 * `npm start`'s server as a person starts it: one process brings up the IdP, the upstream and
 * its PGlite in the data folder with demo data, and the gateway; the README's script example
 * works; a restart keeps the data and the signed-in sessions.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import t from 'tap'
import { freePort, tempDir } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'

async function start(t: { teardown(fn: () => unknown): void }, env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const stop = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
  t.teardown(stop)
  const baseUrl = `http://127.0.0.1:${env.PORT}`
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the portal exited: ${output}`)
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.status, () => 0)
    if (ready === 200) return { baseUrl, stop, output: () => output }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the portal did not get ready: ${output}`)
}

t.test('one command starts the whole portal; a restart keeps data and sessions', async (t) => {
  const env = { PORT: String(await freePort()), DATA_DIR: tempDir(t) }
  const first = await start(t, env)

  const token = await scriptToken(first.baseUrl)
  const departments = await fetch(`${first.baseUrl}/api/departments?per_page=5`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(departments.status, 200, 'the README curl example: a script lists departments')
  const body = (await departments.json()) as { data: unknown[]; meta: { total: number } }
  t.ok(body.meta.total >= 10, 'demo data on first start')

  const page = await fetch(`${first.baseUrl}/unauth/home`)
  t.equal(page.status, 200)
  t.match(page.headers.get('content-type'), /text\/html/, 'the web app is served')

  const cookie = await signIn(first.baseUrl, 'bob@ccoe.example', 'bob')
  await fetch(`${first.baseUrl}/api/departments`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ department: { name: 'Kept Across Restarts' } }),
  })
  const audited = /"user":"bob@ccoe\.example","method":"POST","path":"\/api\/departments","status":201/
  // the audit logger writes asynchronously: give it a moment
  for (let i = 0; i < 50 && !audited.test(first.output()); i++) await new Promise((r) => setTimeout(r, 100))
  t.match(first.output(), audited, 'the audit line on stdout')
  await first.stop()

  const second = await start(t, env)
  const session = await fetch(`${second.baseUrl}/api/session`, { headers: { cookie } })
  t.equal(session.status, 200, 'the session survives a restart (the kept SESSION_SECRET)')
  const kept = await fetch(`${second.baseUrl}/api/departments?by_name=Kept`, { headers: { cookie } })
  t.equal(((await kept.json()) as { meta: { total: number } }).meta.total, 1, 'the data survives, and is not seeded twice')
})
