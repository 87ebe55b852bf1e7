/**
 * Issue 37 item 9: the gateway killed with SIGKILL while the upstream stores writes. Every write the
 * upstream stored has its audit line: the line a write has before it goes upstream (`forwarding`),
 * out of the process before the call starts. The compiled gateway runs as a process of its own
 * (`npm run build` first) in front of an upstream in this process; between them, a TCP relay passes
 * the requests at once and holds the upstream's answers, so every write is stored and none answered
 * when the kill comes: each client sees its connection reset, as in the attack.
 */
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer, connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { SCRIPT_CLIENTS } from '../../../../server/idp/plugin.js'
import { freePort, startUpstream, tempDir, type AuditLine } from '../../../helper.js'
import { startPortal } from '../../../lib/portal-process.js'
import { scriptToken } from '../../../lib/sign-in.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const WRITES = 12

/** A relay to `target` that passes requests on at once and keeps every answer until the test ends. */
async function answerHoldingRelay(t: { teardown(fn: () => unknown): void }, target: URL) {
  const answered = new Set<Socket>()
  const waiters: { count: number; resolve(): void }[] = []
  const sockets: Socket[] = []
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname)
    sockets.push(client, upstream)
    client.pipe(upstream)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    // the upstream's answer has begun: it stored the write; the answer stays here
    upstream.on('data', () => {
      answered.add(upstream)
      for (const waiter of waiters) if (answered.size >= waiter.count) waiter.resolve()
    })
  })
  relay.listen(0, '127.0.0.1')
  await once(relay, 'listening')
  t.teardown(() => {
    for (const socket of sockets) socket.destroy()
    relay.close()
  })
  return {
    url: `http://127.0.0.1:${(relay.address() as { port: number }).port}`,
    /** resolves once `count` connections have had their answer begin */
    answers: (count: number) => new Promise<void>((resolve) => (answered.size >= count ? resolve() : waiters.push({ count, resolve }))),
  }
}

t.test('SIGKILL while the upstream stores writes: every stored write has its audit line', async (t) => {
  const upstream = await startUpstream(t)
  const relay = await answerHoldingRelay(t, new URL(upstream.url))
  const auditFile = join(tempDir(t), 'audit.log')
  const portal = await startPortal(t, root, {
    PORT: String(await freePort()),
    DATA_DIR: tempDir(t),
    UPSTREAM_URL: relay.url,
    UPSTREAM_TOKEN: upstream.token,
    AUDIT_LOG_FILE: auditFile,
  })
  // the token is the one call answered before the relay holds anything: it goes to the IdP, not upstream
  const token = await scriptToken(portal.baseUrl, SCRIPT_CLIENTS[1])
  const { rows } = await upstream.database.query<{ id: number }>('SELECT id FROM departments ORDER BY id LIMIT $1', [WRITES])
  const ids = rows.map((row) => row.id)
  t.equal(ids.length, WRITES, 'a department for each write')

  const writes = ids.map((id) =>
    fetch(`${portal.baseUrl}/api/departments/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ abbreviation: `K${id}` }),
    }).then(
      (answer) => answer.status,
      () => 'reset',
    ),
  )
  await relay.answers(WRITES)
  process.kill(portal.pid, 'SIGKILL')
  t.strictSame(await Promise.all(writes), Array(WRITES).fill('reset'), 'no client got an answer')

  const stored = await upstream.database.query<{ id: number }>(
    "SELECT id FROM departments WHERE abbreviation = 'K' || id::text ORDER BY id",
  )
  t.strictSame(
    stored.rows.map((row) => row.id),
    ids,
    'the upstream stored every write',
  )
  const lines = readFileSync(auditFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditLine)
  const audited = lines.filter((line) => line.event === 'forwarding' && line.method === 'PUT')
  t.strictSame(
    audited
      .map((line) => ({ user: line.user, path: line.path }))
      .sort((a, b) => String(a.path).localeCompare(String(b.path), 'en', { numeric: true })),
    ids.map((id) => ({ user: 'ccoe-automation', path: `/api/departments/${id}` })),
    'each stored write has its line, naming who and which record',
  )
  t.equal(new Set(audited.map((line) => line.reqId)).size, WRITES, 'a request id each')
})
