/**
 * GETs go upstream by undici's dispatch (plugins/proxy.ts `forwardGet`): an answer of known length up
 * to 64 KiB is read whole and sent in one write, a longer one or one of unknown length streams. Both
 * pass every byte, the allowed headers and the audit line's byte count; a small answer the upstream
 * cuts short is a 502 (nothing had gone out yet), counted as an upstream failure.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import t from 'tap'
import { startGateway, type Teardown } from '../../../helper.js'
import { signIn } from '../../../lib/sign-in.js'
import { upstreamFailures } from '../../start.js'
import { statusOf } from '../../../lib/status-of.js'

const ALICE = 'alice@ccoe.example'
const WHOLE = 64 * 1024

/** `n` bytes of JSON-ish text that differ along the way, so a lost or repeated chunk shows */
const bodyOf = (n: number) => {
  const unit = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz\n')
  const out = Buffer.alloc(n)
  for (let i = 0; i < n; i++) out[i] = unit[(i + Math.floor(i / 997)) % unit.length]
  return out
}
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/** /departments?bytes=N[&chunked][&cut] answers N bytes; `cut` promises them and closes after 10 */
async function sizedUpstream(t: Teardown) {
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://upstream')
    if (url.pathname === '/healthz') return res.end('{"status":"ok"}')
    const body = bodyOf(Number(url.searchParams.get('bytes') ?? 0))
    if (url.pathname === '/departments/9') {
      res.writeHead(500, { 'content-type': 'text/plain', 'content-length': body.length })
      return res.end(body)
    }
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'x-upstream-secret': 'no' }
    if (!url.searchParams.has('chunked')) headers['content-length'] = body.length
    res.writeHead(200, headers)
    if (url.searchParams.has('cut')) {
      res.write(body.subarray(0, 10))
      return setImmediate(() => res.destroy())
    }
    // in several writes, as a real server sends a long answer
    for (let at = 0; at < body.length; at += 16 * 1024) res.write(body.subarray(at, at + 16 * 1024))
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

t.test('every byte of an answer, read whole or streamed, with its headers and audit count', async (t) => {
  const gw = await startGateway(t, await sizedUpstream(t))
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  for (const [bytes, framing] of [
    [0, ''],
    [10, ''],
    [WHOLE, ''],
    [WHOLE + 1, ''],
    [3_000_000, ''],
    [10, '&chunked'],
    [3_000_000, '&chunked'],
  ] as const) {
    const label = `${bytes} bytes${framing ? ', chunked' : ''}`
    // identity: the bytes compared are the upstream's, not a compressor's
    const answer = await fetch(`${gw.baseUrl}/api/departments?bytes=${bytes}${framing}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    })
    const body = Buffer.from(await answer.arrayBuffer())
    t.same(
      [answer.status, answer.headers.get('content-type'), answer.headers.get('x-upstream-secret'), answer.headers.get('cache-control')],
      [200, 'application/json', null, 'no-store'],
      `${label}: status and allowed headers`,
    )
    t.equal(body.length, bytes, `${label}: length`)
    t.equal(sha(body), sha(bodyOf(bytes)), `${label}: the same bytes`)
    const reqId = answer.headers.get('x-request-id')
    const line = await gw.auditLine((l) => l.reqId === reqId)
    t.same([line.status, line.bytesOut, line.complete], [200, bytes, undefined], `${label}: the audit line`)
  }
  t.same(await upstreamFailures(gw.baseUrl), { error: 0, timeout: 0 })
})

t.test('a small answer cut short upstream is a 502, counted; a 5xx body stays in the log', async (t) => {
  const gw = await startGateway(t, await sizedUpstream(t))
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const cut = await fetch(`${gw.baseUrl}/api/departments?bytes=1000&cut`, { headers: { cookie } })
  t.same([cut.status, await cut.json()], [502, { error: 'Upstream unavailable', statusCode: 502 }])
  const line = await gw.auditLine((l) => l.reqId === cut.headers.get('x-request-id'))
  t.same([line.status, line.complete, line.bytesOut], [502, undefined, 0], 'its audit line')
  t.same(await upstreamFailures(gw.baseUrl), { error: 1, timeout: 0 })

  const failed = await fetch(`${gw.baseUrl}/api/departments/9?bytes=200000`, { headers: { cookie } })
  const body = (await failed.json()) as { requestId: string }
  t.same([failed.status, body], [500, { error: 'Upstream error', statusCode: 500, requestId: failed.headers.get('x-request-id') }])
  t.equal(await statusOf(fetch(`${gw.baseUrl}/healthz`)), 200, 'the gateway serves on')
})
