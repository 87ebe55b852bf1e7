import { createServer, request } from 'node:http'
import t from 'tap'
import { discardUnreadBody } from '../../server/gateway/unread-body.js'
import { signIn } from '../lib/sign-in.js'
import { startGateway } from '../helper.js'
import { startRecordingUpstream } from './start.js'
import { statusOf } from '../lib/status-of.js'

const MIB = 1024 * 1024

interface Seen {
  status?: number
  body: string
  /** an error of the request itself: EPIPE or ECONNRESET when the socket was reset under its writes */
  error?: string
}

/** Sends `size` bytes as fast as the socket takes them, on a connection the client asks to close. */
function send(url: string, headers: Record<string, string>, size: number, chunked = false) {
  return new Promise<Seen>((resolve) => {
    const seen: Seen = { body: '' }
    const req = request(url, { agent: false, method: 'POST', headers: { ...headers, ...(!chunked && { 'content-length': String(size) }) } })
    req.on('response', (res) => {
      seen.status = res.statusCode
      res.setEncoding('utf8')
      res.on('data', (chunk) => (seen.body += chunk))
    })
    req.on('error', (error: NodeJS.ErrnoException) => (seen.error = error.code ?? error.message))
    req.on('close', () => resolve(seen))
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let sent = 0
    const pump = () => {
      while (sent < size) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

t.test('an oversize body is answered 413 that the client reads, and no reset under its writes', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const { baseUrl } = await startGateway(t, upstream.url, { overrides: { bodyLimitBytes: 400_000 } })
  const cookie = await signIn(baseUrl, 'alice@ccoe.example', 'alice')
  const json = { cookie, origin: baseUrl, 'content-type': 'application/json' }
  const tooLarge = { status: 413, body: JSON.stringify({ error: 'Payload Too Large', statusCode: 413 }) }
  t.strictSame(await send(`${baseUrl}/api/departments`, json, 64 * MIB), tooLarge, 'a declared length')
  t.strictSame(await send(`${baseUrl}/api/departments`, json, 16 * MIB, true), tooLarge, 'a chunked body, counted on its way')
  const multipart = { cookie, origin: baseUrl, 'content-type': 'multipart/form-data; boundary=b' }
  t.strictSame(await send(`${baseUrl}/api/upload/sap_cost_centers`, multipart, 64 * MIB), tooLarge, 'an upload of a declared length')
  t.equal(upstream.seen.length, 0, 'none of it reached the upstream')
  t.equal(await statusOf(fetch(`${baseUrl}/api/session`, { headers: { cookie } })), 200, 'and the gateway answers on')
})

t.test('the rest of a refused body is read within bounds, past them the connection is cut', async (t) => {
  const outcomes: boolean[] = []
  const server = createServer(async (req, res) => {
    outcomes.push(await discardUnreadBody(req, { bytes: 2 * MIB, ms: 60_000 }))
    res.writeHead(413).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => server.close())
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
  t.strictSame(await send(url, {}, MIB), { status: 413, body: '' }, 'within the bound: read, then answered')
  const past = await send(url, {}, 64 * MIB)
  t.not(past.error, undefined, 'past the bound the connection is cut under the writes')
  t.same(outcomes, [true, false])
})
