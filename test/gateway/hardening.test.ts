/**
 * Issue 28, the gateway's part: stalled request bodies no longer stop /api for everyone (item 2),
 * text/plain writes are a 415 at once (item 3), and item 6: two Host headers are a 400, an upstream
 * 4xx passes only the documented error fields, and the IdP's answers carry HSTS behind https.
 */
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'
import t from 'tap'
import { startGateway, type AuditLine, type Teardown } from '../helper.js'
import { signIn } from '../lib/sign-in.js'
import { bodyReaders, startRecordingUpstream } from './start.js'

const ALICE = 'alice@ccoe.example'
const STALLED = 200
const pick = (line: AuditLine, keys: string[]) => Object.fromEntries(keys.map((k) => [k, line[k]]))

/** A POST that announces 1000 bytes, sends 10 and then waits, its socket open; `answer` is what comes back. */
async function stalledBody(port: number, cookie: string) {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  socket.on('error', () => {})
  socket.write(
    `POST /api/departments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"x',
  )
  return { socket, answer: () => answer }
}

/** One raw request, its whole answer (the gateway closes the connection after it). */
async function rawRequest(port: number, head: string): Promise<string> {
  const socket: Socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  socket.write(head)
  await once(socket, 'close')
  return answer
}

async function stallTest(t: Teardown, bodyIdleMs: number) {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { bodyIdleMs })
  const port = Number(new URL(gw.baseUrl).port)
  const alice = await signIn(gw.baseUrl, ALICE, 'alice')
  const bob = await signIn(gw.baseUrl, 'bob@ccoe.example', 'bob')
  const readers = bodyReaders(gw.gateway.server)
  const stalled = await Promise.all(Array.from({ length: STALLED }, () => stalledBody(port, alice)))
  return { upstream, gw, bob, stalled, readers, posts: () => gw.audit.filter((l) => l.method === 'POST' && l.path === '/api/departments') }
}
t.test('200 stalled bodies, held: another person’s list answers, and none of them went upstream', { timeout: 60_000 }, async (t) => {
  const { upstream, gw, bob, stalled, readers, posts } = await stallTest(t, 600_000)
  // every one is in the gateway, its first bytes read, the rest awaited
  await readers.reading(STALLED)
  // a bounded wait: with the pool held by the stalled bodies the answer would never come
  const list = await fetch(`${gw.baseUrl}/api/departments`, { headers: { cookie: bob }, signal: AbortSignal.timeout(10_000) })
  t.equal(list.status, 200, 'Bob’s list answers')
  t.same(await list.json(), { data: { data: [], method: 'GET', url: '/departments' } })
  t.same(
    upstream.seen.map((s) => s.method),
    ['GET'],
    'the upstream saw only the list: no stalled body took a connection',
  )
  for (const { socket } of stalled) socket.destroy()
  await gw.auditLine(() => posts().length >= STALLED)
  t.same([...new Set(posts().map((l) => `${l.status} ${String(l.bytesIn)}`))], ['499 10'], 'each one a client that left, 10 bytes in')
})

t.test('200 stalled bodies end with 408 after the wait without progress, an audit line each', { timeout: 60_000 }, async (t) => {
  const { upstream, gw, stalled, posts } = await stallTest(t, 200)
  await Promise.all(stalled.map(({ socket }) => once(socket, 'close')))
  const statuses = new Set(stalled.map(({ answer }) => answer().split('\r\n')[0]))
  t.same([...statuses], ['HTTP/1.1 408 Request Timeout'], 'every stalled one got its 408, then the connection closed')
  t.same(JSON.parse(stalled[0].answer().split('\r\n\r\n')[1]), { error: 'Request Timeout', statusCode: 408 })
  await gw.auditLine(() => posts().length >= STALLED)
  t.equal(new Set(posts().map((l) => l.reqId)).size, STALLED, 'one line each')
  t.same(
    [...new Set(posts().map((l) => JSON.stringify(pick(l, ['user', 'status', 'bytesIn', 'bytesOut']))))],
    [JSON.stringify({ user: ALICE, status: 408, bytesIn: 10, bytesOut: 0 })],
  )
  t.same(upstream.seen, [], 'nothing went upstream')
})

t.test('writes whose body is not JSON are a 415 at once; JSON passes', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const write = (method: string, path: string, type: string, body: string) =>
    // bounded: a write that hangs fails here rather than at the test's timeout
    fetch(`${gw.baseUrl}/api/${path}`, { method, headers: { cookie, 'content-type': type }, body, signal: AbortSignal.timeout(10_000) })
  for (const [method, path] of [
    ['POST', 'departments'],
    ['PUT', 'departments/7'],
    ['DELETE', 'business_units/12'],
  ]) {
    for (const type of ['text/plain;charset=UTF-8', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const answer = await write(method, path, type, '{"name":"x"}')
      t.equal(answer.status, 415, `${method} ${type}`)
      t.same(await answer.json(), { error: 'Unsupported Media Type: a request body is JSON', statusCode: 415 })
    }
  }
  const refusals = gw.audit.filter((l) => l.reason === 'not JSON')
  t.same(pick(refusals[0], ['event', 'user', 'status', 'path']), { event: 'denied', user: ALICE, status: 415, path: '/api/departments' })
  t.equal(refusals.length, 12, 'each refusal has its line')
  t.same(upstream.seen, [], 'none reached the upstream')
  const json = await write('POST', 'departments', 'application/json; charset=utf-8', '{"name":"x"}')
  t.equal(json.status, 200)
  t.same(await json.json(), { data: { data: [], method: 'POST', url: '/departments' } })
})

t.test('a request with two Host headers is a 400; one is served', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const port = Number(new URL(gw.baseUrl).port)
  const two = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n')
  t.equal(two.split('\r\n')[0], 'HTTP/1.1 400 Bad Request')
  t.same(JSON.parse(two.split('\r\n\r\n')[1]), { error: 'Bad Request', statusCode: 400 })
  t.same(pick(await gw.auditLine((l) => l.reason === 'two Host headers'), ['event', 'status', 'path']), {
    event: 'denied',
    status: 400,
    path: '/healthz',
  })
  const one = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
  t.equal(one.split('\r\n')[0], 'HTTP/1.1 200 OK')
})

t.test('an upstream 4xx reaches the client only in its documented fields', async (t) => {
  const seen: IncomingHttpHeaders[] = []
  const upstream = createServer((req, res) => {
    seen.push(req.headers)
    if (req.url?.startsWith('/departments/5')) {
      res.writeHead(404, { 'content-type': 'text/plain', etag: 'W/"x"' })
      return res.end('no row 5 in table departments (SELECT * FROM departments WHERE id = 5)')
    }
    if (req.url?.startsWith('/select_options')) {
      res.writeHead(403, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ error: 'Forbidden', statusCode: 403, credential: 'abc', member: { id: 9 } }))
    }
    res.writeHead(422, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        error: 'Name is taken',
        statusCode: 500,
        fields: { name: 'Name is taken', id: 7, nested: { x: 1 } },
        stack: 'Error: at /srv/upstream/routes.js:42',
        sql: 'INSERT INTO departments',
      }),
    )
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => (upstream.closeAllConnections(), upstream.close(resolve))))
  const gw = await startGateway(t, `http://127.0.0.1:${(upstream.address() as { port: number }).port}`)
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')

  const refused = await fetch(`${gw.baseUrl}/api/departments`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{"name":"x"}',
  })
  t.equal(refused.status, 422)
  t.equal(refused.headers.get('content-type'), 'application/json; charset=utf-8')
  t.same(await refused.json(), { error: 'Name is taken', statusCode: 422, fields: { name: 'Name is taken' } }, 'the proxy')

  const missing = await fetch(`${gw.baseUrl}/api/departments/5`, { headers: { cookie } })
  t.equal(missing.status, 404)
  t.equal(missing.headers.get('etag'), null)
  t.same(await missing.json(), { error: 'Not Found', statusCode: 404 }, 'a body that is no error object: the status’s name')

  const options = await fetch(`${gw.baseUrl}/api/select_options?by_field=department`, { headers: { cookie } })
  t.equal(options.status, 403)
  t.same(await options.json(), { error: 'Forbidden', statusCode: 403 }, 'the gateway’s own routes (upstream-client.ts)')
  const unnamed = await fetch(`${gw.baseUrl}/api/select_options`, { headers: { cookie } })
  t.equal(unnamed.status, 400)
  t.same(await unnamed.json(), { error: 'by_field must be department or business_unit', statusCode: 400 }, 'refused by the gateway itself')
  t.equal(seen.length, 3)
})

t.test('behind https, HSTS is on every answer, the embedded IdP’s too', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { PUBLIC_URL: 'https://portal.example' } })
  for (const path of ['/healthz', '/idp/.well-known/openid-configuration', '/idp/jwks', '/api/session']) {
    const answer = await fetch(`${gw.baseUrl}${path}`)
    await answer.arrayBuffer()
    t.equal(answer.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains', path)
  }
  const plain = await startGateway(t, upstream.url)
  t.equal((await fetch(`${plain.baseUrl}/idp/jwks`)).headers.get('strict-transport-security'), null, 'not over plain http')
})
