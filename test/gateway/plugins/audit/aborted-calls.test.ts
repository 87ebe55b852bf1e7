/**
 * Calls that end badly still leave their audit line (issue 12 item 2): a client that cancels a
 * download or an upload gets one line with 499 and `aborted: true`; an upstream that stalls
 * mid-body gets one with the status that went out and `aborted: true`. None holds a secret.
 */
import { once } from 'node:events'
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect } from 'node:net'
import t from 'tap'
import { startGateway, type AuditLine, type Teardown } from '../../../helper.js'
import { signIn } from '../../../lib/sign-in.js'
import { startRecordingUpstream, upstreamFailures } from '../../start.js'
import { statusOf } from '../../../lib/status-of.js'

const ALICE = 'alice@ccoe.example'
const FIRST_CHUNK = `{"data":[${'{"id":1,"name":"x"},'.repeat(4000)}`
const pick = (line: AuditLine, keys: string[]) => Object.fromEntries(keys.map((k) => [k, line[k]]))
const KEYS = ['user', 'method', 'path', 'status', 'complete', 'aborted']

/** An upstream whose list answers start (200, a first chunk) and then never go on; `cut` when the gateway lets go. */
async function stallingUpstream(t: Teardown) {
  const open = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    if (req.url === '/healthz') return res.end('{"status":"ok"}')
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write(FIRST_CHUNK)
    open.add(res)
    res.once('close', () => {
      open.delete(res)
      server.emit('cut', req.url)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, open }
}

/** GET through node:http (whose destroy() closes the connection at once), resolved at the answer's first bytes */
async function firstBytes(url: string, cookie: string) {
  const request = get(url, { headers: { cookie } })
  request.on('error', () => {})
  const [response] = (await once(request, 'response')) as [IncomingMessage]
  response.on('error', () => {})
  const [chunk] = (await once(response, 'data')) as [Buffer]
  return { request, response, chunk }
}

t.test('a client that cancels a download: one line, 499, aborted; the upstream is let go', async (t) => {
  const upstream = await stallingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const { request, response, chunk } = await firstBytes(`${gw.baseUrl}/api/departments`, cookie)
  t.equal(response.statusCode, 200)
  t.ok(chunk.length > 0, 'the download has started')
  const reqId = response.headers['x-request-id']
  const cut = once(upstream.server, 'cut')
  request.destroy()
  t.same(await cut, ['/departments'], 'the gateway ends its upstream call too')
  const line = await gw.auditLine((l) => l.reqId === reqId)
  t.same(pick(line, KEYS), { user: ALICE, method: 'GET', path: '/api/departments', status: 499, complete: false, aborted: true })
  t.ok((line.bytesOut as number) > 0 && (line.bytesOut as number) <= FIRST_CHUNK.length, `${String(line.bytesOut)} bytes went out`)
  t.equal(gw.audit.filter((l) => l.reqId === reqId).length, 1, 'exactly one line')
  t.same(await upstreamFailures(gw.baseUrl), { error: 0, timeout: 0 }, 'a client that leaves is no upstream failure')
  t.notOk(gw.auditText().includes(cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf('=') + 25)), 'no cookie in it')
})

t.test('an upstream that stalls mid-body: cut at the timeout, one line with the status sent, aborted', async (t) => {
  const upstream = await stallingUpstream(t)
  // a short timeout of the gateway's own: the stall is cut when it runs out
  const gw = await startGateway(t, upstream.url, { overrides: { upstreamTimeoutMs: 300 } })
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const { response } = await firstBytes(`${gw.baseUrl}/api/departments`, cookie)
  t.equal(response.statusCode, 200, 'the answer had started')
  const reqId = response.headers['x-request-id']
  const [ended] = await Promise.race([once(response, 'aborted').then(() => ['aborted']), once(response, 'close').then(() => ['close'])])
  t.ok(!response.complete, `the client sees a broken transfer (${String(ended)}), never a short list that looks whole`)
  const line = await gw.auditLine((l) => l.reqId === reqId)
  t.same(pick(line, KEYS), { user: ALICE, method: 'GET', path: '/api/departments', status: 200, complete: false, aborted: true })
  t.ok((line.durationMs as number) >= 300, 'not before the configured timeout')
  t.equal(gw.audit.filter((l) => l.reqId === reqId).length, 1, 'exactly one line')
  t.same(await upstreamFailures(gw.baseUrl), { error: 0, timeout: 1 }, 'the stall is counted as an upstream timeout, once')
  t.equal(await statusOf(fetch(`${gw.baseUrl}/healthz`)), 200, 'the gateway serves on')
})

/** Sends a multipart upload's head and the first part of its file, then closes the socket. */
async function abortedUpload(port: number, cookie: string): Promise<void> {
  const boundary = 'x-aborted-upload'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="networks.csv"\r\nContent-Type: text/csv\r\n\r\n`
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  socket.write(
    `POST /api/upload/cost_center_networks HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n${head}cost_center,network\r\nCC-1,`,
  )
  return new Promise((resolve) => {
    socket.once('close', () => resolve())
    // the gateway has begun reading the form once its bytes are in: then the client goes
    setImmediate(() => socket.destroy())
  })
}

t.test('an aborted upload: one line, 499, aborted; its place is free again and nothing went upstream', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { overrides: { uploadsInFlight: 1 } })
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const port = Number(new URL(gw.baseUrl).port)
  const isUpload = (l: AuditLine) => l.path === '/api/upload/cost_center_networks' && !('event' in l)
  // one at a time, each line awaited: with one place, an upload that kept it would make the next a 503
  for (let i = 1; i <= 3; i++) {
    await abortedUpload(port, cookie)
    await gw.auditLine(() => gw.audit.filter(isUpload).length >= i)
  }
  const lines = gw.audit.filter(isUpload)
  t.same(
    lines.map((l) => pick(l, [...KEYS, 'upstream', 'bytesOut'])),
    Array(3).fill({
      user: ALICE,
      method: 'POST',
      path: '/api/upload/cost_center_networks',
      status: 499,
      complete: false,
      aborted: true,
      upstream: 'cost_center_networks/upload',
      bytesOut: 0,
    }),
  )
  t.equal(upstream.seen.length, 0, 'no half file reached the upstream')
  t.notOk(
    gw.audit.some((l) => l.reason === 'uploads in flight'),
    'none was refused for want of a place',
  )

  // one upload at a time: each aborted one gave its place back
  const form = new FormData()
  form.append('file', new Blob(['cost_center,network\r\nCC-1,NET-1\r\n'], { type: 'text/csv' }), 'networks.csv')
  const next = await fetch(`${gw.baseUrl}/api/upload/cost_center_networks`, { method: 'POST', headers: { cookie }, body: form })
  t.equal(next.status, 200, 'the next upload goes through')
  const line = await gw.auditLine((l) => isUpload(l) && l.status === 200)
  t.notOk('aborted' in line || 'complete' in line, 'a whole upload is not marked')
})
