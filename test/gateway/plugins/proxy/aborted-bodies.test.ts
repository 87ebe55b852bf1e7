/**
 * Issue: a signed-in caller that sends part of a body and leaves could hold a gateway→upstream
 * connection for good; 130 of them emptied the pool of 128 and /api stopped answering for all.
 */
import { connect } from 'node:net'
import { once } from 'node:events'
import t from 'tap'
import { startPortal } from '../../../helper.js'
import { automationToken } from '../../../lib/sign-in.js'

/** Sends the head and 10 of the 1000 bytes it announces, then closes the socket. */
async function abortedBody(port: number, path: string, token: string): Promise<void> {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"x',
  )
  // the gateway has the head and has opened its upstream call once it reads the first bytes
  await new Promise((resolve) => setImmediate(resolve))
  socket.destroy()
  await once(socket, 'close')
}

t.test('300 aborted bodies leave /api answering', async (t) => {
  const portal = await startPortal(t, { seed: false })
  const port = Number(new URL(portal.baseUrl).port)
  const token = await automationToken(portal.baseUrl)
  for (let round = 0; round < 3; round++) {
    await Promise.all(Array.from({ length: 100 }, () => abortedBody(port, '/api/departments', token)))
  }
  // every aborted call has had its audit line: the gateway has seen each one end
  // each aborted call's line is written as the gateway sees it end: await the 300th
  await portal.auditLine(() => portal.audit.filter((l) => l.method === 'POST').length >= 300)
  // a bounded wait for the answer: with the pool held it would never come (the test's own timeout)
  const answer = await fetch(`${portal.baseUrl}/api/departments?per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(5_000),
  })
  t.equal(answer.status, 200, '/api still answers')
  // read to its end, so the connection is idle when the gateway closes (close() ends idle ones only)
  t.same(((await answer.json()) as { data: unknown[] }).data, [])
  const posts = portal.audit.filter((l) => l.method === 'POST' && l.path === '/api/departments')
  t.equal(posts.length, 300, 'one audit line per aborted call')
  t.same([...new Set(posts.map((l) => `${l.status} aborted: ${String(l.aborted)}`))], ['499 aborted: true'], 'each a client abort')
  const rows = await fetch(`${portal.upstreamUrl}/departments?per_page=1`, {
    headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 't' },
  })
  t.same(((await rows.json()) as { meta: { total: number } }).meta.total, 0, 'no half body became a row')
})

t.test('/readyz fails while the proxy pool is full, though /healthz would answer a fresh connection', async (t) => {
  const { createServer } = await import('node:http')
  const held: import('node:http').ServerResponse[] = []
  const upstream = createServer((req, res) => {
    if (req.url === '/healthz') return res.setHeader('content-type', 'application/json').end('{"status":"ok"}')
    held.push(res) // a list call the upstream never finishes
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => (upstream.closeAllConnections(), upstream.close(resolve))))
  const { startGateway } = await import('../../../helper.js')
  const gw = await startGateway(t, `http://127.0.0.1:${(upstream.address() as { port: number }).port}`, {
    overrides: { upstreamConnections: 2 },
  })
  const token = await automationToken(gw.baseUrl)
  const ready = async () => (await (await fetch(`${gw.baseUrl}/readyz`)).json()) as unknown
  t.same(await ready(), { status: 'ok' })
  const calls = [1, 2].map(() => fetch(`${gw.baseUrl}/api/departments`, { headers: { authorization: `Bearer ${token}` } }))
  await new Promise<void>((resolve) => {
    const check = () => (held.length === 2 ? resolve() : setImmediate(check))
    check()
  })
  t.same(await ready(), { status: 'unavailable', failed: ['upstream'] }, 'both connections taken: not ready')
  for (const res of held) res.setHeader('content-type', 'application/json').end('{"data":[],"meta":{"total":0,"page":1,"per_page":25}}')
  for (const call of calls) {
    const answer = await call
    t.equal(answer.status, 200)
    t.same(await answer.json(), { data: [], meta: { total: 0, page: 1, per_page: 25 } })
  }
  t.same(await ready(), { status: 'ok' }, 'ready again once they finish')
})
