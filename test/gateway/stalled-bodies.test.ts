/**
 * Issue 37 items 4 and 5: a body that stops coming is answered 408 on every route that reads one
 * (stalled-bodies.ts), whoever reads it; a stalled upload holds its place only that long, and one
 * caller holds at most a quarter of the places; one address holds at most CONNECTIONS_PER_ADDRESS
 * connections (connection-cap.ts).
 */
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import t from 'tap'
import { SCRIPT_CLIENTS } from '../../server/idp/plugin.js'
import { startGateway, type AuditLine } from '../helper.js'
import { automationToken, signIn } from '../lib/sign-in.js'
import { startRecordingUpstream } from './start.js'

const ALICE = 'alice@ccoe.example'
const TIMED_OUT = { error: 'Request Timeout', statusCode: 408 }
const BOUNDARY = 'x-stalled-upload'
const UPLOAD = '/api/upload/cost_center_networks'

interface Raw {
  socket: Socket
  /** everything the gateway sent, once it closed the connection */
  closed: Promise<string>
}

/** A raw connection that sends `text` and keeps what comes back until the gateway closes it. */
async function rawConnection(port: number, text = ''): Promise<Raw> {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  // a connection the gateway refuses may end in a reset
  socket.on('error', () => {})
  const closed = once(socket, 'close').then(() => answer)
  if (text) socket.write(text)
  return { socket, closed }
}

/** A POST that announces 1000 bytes of body and sends only `start` of them. */
const stalledPost = (port: number, path: string, headers: Record<string, string>, start: string) =>
  rawConnection(
    port,
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `Content-Length: 1000\r\n\r\n${start}`,
  )

/** An upload whose form has begun its file, then stops. */
const stalledUpload = (port: number, cookie: string) =>
  stalledPost(
    port,
    UPLOAD,
    { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="networks.csv"\r\nContent-Type: text/csv\r\n\r\ncost_center,`,
  )

const statusLine = (answer: string) => answer.split('\r\n')[0]
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown

function networksForm(): FormData {
  const data = new FormData()
  data.append('file', new Blob(['cost_center,network\r\nCC-1,NET-1\r\n'], { type: 'text/csv' }), 'networks.csv')
  return data
}

t.test('a stalled body is answered 408 and closed, on every route that reads one, whoever reads it', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { bodyIdleMs: 200 })
  const port = Number(new URL(gw.baseUrl).port)
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const stalled = await Promise.all([
    // anonymous, through Fastify's own JSON parser
    stalledPost(port, '/api/members/update-restricted/5?credential=abc', { 'content-type': 'application/json' }, '{"depart'),
    // anonymous, through the embedded IdP (oidc-provider, a Koa app that reads its own bodies)
    stalledPost(port, '/idp/token', { 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_cre'),
    // a route nobody has: Fastify's parser still reads its body
    stalledPost(port, '/nowhere', { 'content-type': 'application/json' }, '{"a'),
    // signed in, through the proxy's readBody and the multipart reader
    stalledPost(port, '/api/departments', { cookie, 'content-type': 'application/json' }, '{"name":"x'),
    stalledUpload(port, cookie),
  ])
  const answers = await Promise.all(stalled.map(({ closed }) => closed))
  t.strictSame(answers.map(statusLine), Array(5).fill('HTTP/1.1 408 Request Timeout'))
  t.strictSame(answers.map(bodyOf), Array(5).fill(TIMED_OUT))
  t.ok(
    answers.every((answer) => /\r\nconnection: close\r\n/i.test(answer)),
    'each says the connection closes',
  )
  const isUpload = (l: AuditLine) => l.path === UPLOAD && !('event' in l)
  const line = await gw.auditLine(isUpload)
  t.strictSame([line.user, line.status, line.upstream], [ALICE, 408, 'cost_center_networks/upload'], 'the upload’s line')
  t.strictSame(upstream.seen, [], 'nothing went upstream')
})

t.test('a body that comes slowly but steadily is not cut: the wait is between its bytes', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { bodyIdleMs: 1000 })
  const port = Number(new URL(gw.baseUrl).port)
  const cookie = await signIn(gw.baseUrl, ALICE, 'alice')
  const body = '{"name":"slow"}'
  const { socket, closed } = await rawConnection(
    port,
    `POST /api/departments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  )
  // the pace of a slow client, not a wait for the gateway: three pieces 400 ms apart, 1.2 s in all,
  // longer than one idle wait, each gap well within it
  for (const piece of [body.slice(0, 5), body.slice(5, 10), body.slice(10)]) {
    await new Promise<void>((resolve) => setTimeout(resolve, 400))
    socket.write(piece)
  }
  const answer = await closed
  t.equal(statusLine(answer), 'HTTP/1.1 200 OK')
  t.strictSame(
    upstream.seen.map((s) => s.body),
    [body],
  )
})

t.test('eight stalled uploads of one person hold two places: the others still upload', async (t) => {
  const upstream = await startRecordingUpstream(t)
  // a wait longer than the test: the stalled uploads stay
  const gw = await startGateway(t, upstream.url, { bodyIdleMs: 600_000 })
  t.equal(gw.config.uploadsInFlight, 8, 'the default number of places')
  const port = Number(new URL(gw.baseUrl).port)
  const alice = await signIn(gw.baseUrl, ALICE, 'alice')
  const stalled = await Promise.all(Array.from({ length: 8 }, () => stalledUpload(port, alice)))
  // the six past her share are refused at once (their answers wait for bodies that do not come)
  await gw.auditLine(() => gw.audit.filter((l) => l.reason === 'uploads per caller').length === 6)
  const denied = gw.audit.filter((l) => l.reason === 'uploads per caller')
  t.strictSame([...new Set(denied.map((l) => `${String(l.user)} ${String(l.status)}`))], [`${ALICE} 429`])
  const metrics = await (await fetch(`${gw.baseUrl}/metrics`)).text()
  t.match(metrics, /^ccoe_gateway_uploads_in_flight 2$/m, 'two places held')

  const upload = (headers: Record<string, string>) => fetch(`${gw.baseUrl}${UPLOAD}`, { method: 'POST', headers, body: networksForm() })
  const bob = await signIn(gw.baseUrl, 'bob@ccoe.example', 'bob')
  const token = await automationToken(gw.baseUrl)
  t.strictSame(
    [(await upload({ cookie: bob })).status, (await upload({ authorization: `Bearer ${token}` })).status],
    [200, 200],
    'Bob and a script upload beside them',
  )
  t.strictSame(
    upstream.seen.map((s) => s.headers.uid),
    [`bob@ccoe.example`, SCRIPT_CLIENTS[1].clientId],
  )
  for (const { socket } of stalled) socket.destroy()
})

t.test('a stalled upload holds its place until the idle wait: then 408, and the place is free', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { bodyIdleMs: 200, overrides: { uploadsInFlight: 1 } })
  const port = Number(new URL(gw.baseUrl).port)
  const alice = await signIn(gw.baseUrl, ALICE, 'alice')
  const { closed } = await stalledUpload(port, alice)
  t.equal(statusLine(await closed), 'HTTP/1.1 408 Request Timeout')
  const upload = await fetch(`${gw.baseUrl}${UPLOAD}`, { method: 'POST', headers: { cookie: alice }, body: networksForm() })
  t.equal(upload.status, 200, 'the one place is hers again')
  t.notOk(
    gw.audit.some((l) => l.event === 'denied'),
    'none was refused',
  )
})

t.test('one address holds at most CONNECTIONS_PER_ADDRESS connections; a closed one frees its place', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { CONNECTIONS_PER_ADDRESS: '3' } })
  const port = Number(new URL(gw.baseUrl).port)
  const held = [await rawConnection(port), await rawConnection(port), await rawConnection(port)]
  const refused = await rawConnection(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
  t.equal(await refused.closed, '', 'the fourth is closed unanswered')

  // one of the three asks and closes; a new connection is let in once the gateway has seen it go
  held[0].socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
  t.equal(statusLine(await held[0].closed), 'HTTP/1.1 200 OK', 'the held ones are served')
  let answer = ''
  while (!answer) {
    answer = await (await rawConnection(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).closed
  }
  t.equal(statusLine(answer), 'HTTP/1.1 200 OK')
  for (const { socket } of held) socket.destroy()
})

t.test('the load balancers of TRUST_PROXY are not capped: their clients all come from their address', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.1' } })
  const port = Number(new URL(gw.baseUrl).port)
  const held = [await rawConnection(port), await rawConnection(port)]
  const third = await rawConnection(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
  t.equal(statusLine(await third.closed), 'HTTP/1.1 200 OK')
  for (const { socket } of held) socket.destroy()
})
