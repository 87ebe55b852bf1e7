/**
 * Issue 37 items 1 and 2: the gateway parses each JSON body once, refuses what it cannot parse before
 * any check, and forwards the value it checked, serialised again: never the client's bytes. Every
 * write route gets bodies two parsers may read differently; the upstream (a recording one) must see
 * exactly what the gateway read, or nothing. A mail call's audit line names where the report goes.
 */
import t from 'tap'
import { ALLOWED_ROUTES, CALL_ROUTES } from '../../server/gateway/allowlist.js'
import { JSON_BODY_MAX_DEPTH } from '../../server/gateway/json-body.js'
import { SCRIPT_CLIENT } from '../../server/idp/plugin.js'
import { startGateway } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startRecordingUpstream } from './start.js'

const BOM = Buffer.from([0xef, 0xbb, 0xbf])
const EVIL = 'x@evil.example'
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** Bodies the gateway reads, and the one JSON text the upstream must receive for each. */
const READ: { name: string; body: Buffer | string; type?: string; forwarded: string }[] = [
  { name: 'a byte-order mark', body: Buffer.concat([BOM, Buffer.from('{"probe":{"v":"a"}}')]), forwarded: '{"probe":{"v":"a"}}' },
  { name: 'a duplicate key (its last value)', body: '{"probe":{"v":"a"},"probe":{"v":"b"}}', forwarded: '{"probe":{"v":"b"}}' },
  { name: 'a charset parameter of UTF-8', body: '{"probe":1}', type: 'application/json; charset="UTF-8"', forwarded: '{"probe":1}' },
  { name: 'escaped characters', body: '{"probe":"\\u0041\\u00e9\\/"}', forwarded: '{"probe":"Aé/"}' },
  { name: 'spaces and number forms', body: ' {\n "probe" : [1, 2.50, -0, 1E2] }\n', forwarded: '{"probe":[1,2.5,0,100]}' },
  { name: 'nesting at the limit', body: nested(JSON_BODY_MAX_DEPTH), forwarded: nested(JSON_BODY_MAX_DEPTH) },
]

/** Bodies the gateway cannot read as one value: refused, and nothing goes upstream. */
const REFUSED: { name: string; body: Buffer | string; type?: string; status: number }[] = [
  { name: '__proto__', body: '{"__proto__":{"role":"admin"}}', status: 400 },
  { name: 'an escaped __proto__', body: '{"\\u005f_proto__":{"role":"admin"}}', status: 400 },
  { name: 'constructor.prototype', body: '{"constructor":{"prototype":{"role":"admin"}}}', status: 400 },
  { name: 'UTF-16', body: Buffer.from('\ufeff{"probe":1}', 'utf16le'), status: 400 },
  { name: 'a charset parameter of UTF-16', body: '{"probe":1}', type: 'application/json; charset=utf-16', status: 415 },
  { name: 'a charset parameter of Latin-1', body: '{"probe":1}', type: 'application/json;charset=ISO-8859-1', status: 415 },
  { name: 'bytes that are not UTF-8', body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), status: 400 },
  { name: 'two byte-order marks', body: Buffer.concat([BOM, BOM, Buffer.from('{}')]), status: 400 },
  { name: 'trailing garbage', body: '{"probe":1} {"probe":2}', status: 400 },
  { name: 'NaN', body: '{"probe":NaN}', status: 400 },
  { name: 'a number past a double', body: '{"probe":1e400}', status: 400 },
  { name: 'a single quote', body: "{'probe':1}", status: 400 },
  { name: 'nesting past the limit', body: nested(JSON_BODY_MAX_DEPTH + 1), status: 400 },
  { name: 'nesting a stack deep', body: nested(20_000), status: 400 },
  { name: 'blanks only', body: ' \n', status: 400 },
]

const WRITES = ALLOWED_ROUTES.filter((route) => route.method !== 'GET').map((route) => ({
  method: route.method,
  path: route.path.replace(/:\w+/g, '7'),
}))
const MAIL_CALLS = CALL_ROUTES.filter((route) => route.call?.recipient).map((route) => ({
  path: route.path,
  at: route.call!.recipient!.at,
}))
/** `{"<outer>":{"<field>":address}}`, the envelope a mail call reads its address from */
const addressed = ([outer, field]: readonly [string, string], address: unknown) => ({ [outer]: { [field]: address } })

t.test('one parse of every body', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const alice = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  const bob = await signIn(gw.baseUrl, 'bob@ccoe.example', 'bob')
  const scripts = await scriptToken(gw.baseUrl, SCRIPT_CLIENT)
  const send = (method: string, path: string, auth: Record<string, string>, body: Buffer | string, type = 'application/json') =>
    fetch(`${gw.baseUrl}/api/${path}`, {
      method,
      headers: { ...auth, 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    })
  const asAlice = { cookie: alice, origin: gw.baseUrl }

  t.ok(WRITES.length > 100, `${WRITES.length} write routes`)
  t.strictSame(
    MAIL_CALLS.map((call) => call.path),
    [
      'cloud_bills/send_single',
      'cloud_bills/send_all',
      'cloud_bills/send_zipped_aws_bill',
      'cloud_certifications/export',
      'cloud_contacts/send_email_report_of_terminated_cloud_parent_owners',
      'cost_centers/send_report',
      'cost_centers/send_owner_digest',
      'db_dump/dump_db',
      'github/send_copilot_xlsx_email',
      'sap_cost_centers/upload',
    ],
    'the calls that mail an address their body names (the digest: the owner it names, or every owner)',
  )

  // each case goes to every route at once; the upstream's record of a request is found by its request id
  t.test('every write route forwards the value it read, serialised again', async (t) => {
    for (const { name, body, type, forwarded } of READ) {
      await Promise.all(
        WRITES.map(async ({ method, path }) => {
          const answer = await send(method, path, asAlice, body, type)
          await answer.arrayBuffer()
          const seen = upstream.seen.filter((s) => s.headers['x-request-id'] === answer.headers.get('x-request-id'))
          t.strictSame(
            seen.map((s) => ({
              status: answer.status,
              body: s.body,
              type: s.headers['content-type'],
              length: s.headers['content-length'],
            })),
            [{ status: 200, body: forwarded, type: 'application/json', length: String(Buffer.byteLength(forwarded)) }],
            `${method} ${path}: ${name}`,
          )
        }),
      )
    }
  })

  t.test('every write route refuses what it cannot read, and nothing goes upstream', async (t) => {
    const before = upstream.seen.length
    for (const { name, body, type, status } of REFUSED) {
      await Promise.all(
        WRITES.map(async ({ method, path }) => {
          const answer = await send(method, path, asAlice, body, type)
          const json = (await answer.json()) as { error: string; statusCode: number }
          const prefix = status === 415 ? 'Unsupported Media Type: a JSON body is UTF-8' : 'The body is not valid JSON: '
          t.strictSame(
            { status: answer.status, statusCode: json.statusCode, reason: json.error.startsWith(prefix) },
            { status, statusCode: status, reason: true },
            `${method} ${path}: ${name}`,
          )
        }),
      )
    }
    t.equal(upstream.seen.length, before, 'the upstream saw none of them')
  })

  t.test('no mail call mails outside through a body read two ways (bob, and the reports script)', async (t) => {
    const before = upstream.seen.length
    for (const { path, at } of MAIL_CALLS) {
      const [outer, field] = at
      const tricks: [string, Buffer | string][] = [
        ['a byte-order mark', Buffer.concat([BOM, Buffer.from(JSON.stringify(addressed(at, EVIL)))])],
        ['a duplicate key, outside last', `{"${outer}":{"${field}":"me@ccoe.example","${field}":"${EVIL}"}}`],
        ['a duplicate envelope, outside last', `{"${outer}":{"${field}":"me@ccoe.example"},"${outer}":{"${field}":"${EVIL}"}}`],
        ['a list of addresses', JSON.stringify(addressed(at, `me@ccoe.example, ${EVIL}`))],
        ['a display name', JSON.stringify(addressed(at, `"me@ccoe.example" <${EVIL}>`))],
        ['an array', JSON.stringify(addressed(at, [EVIL, 'me@ccoe.example']))],
        ['an escaped address', `{"${outer}":{"${field}":"x\\u0040evil.example"}}`],
      ]
      for (const [who, auth] of [
        ['bob', { cookie: bob, origin: gw.baseUrl }],
        ['ccoe-scripts', { authorization: `Bearer ${scripts}` }],
      ] as const) {
        for (const [name, body] of tricks) {
          const answer = await send('POST', path, auth, body)
          await answer.arrayBuffer()
          t.ok([403, 422].includes(answer.status), `${who} ${path}, ${name}: ${answer.status}`)
        }
      }
    }
    t.equal(upstream.seen.length, before, 'none of them reached the upstream')
  })

  t.test('a duplicate key that ends inside the domains goes on as the one address checked', async (t) => {
    const { path, at } = MAIL_CALLS.find((call) => call.path === 'cost_centers/send_report')!
    const before = upstream.seen.length
    const answer = await send('POST', path, asAlice, `{"cost_center":{"send_to":"${EVIL}","send_to":"me@ccoe.example"}}`)
    t.equal(answer.status, 200)
    await answer.arrayBuffer()
    t.strictSame(
      upstream.seen.slice(before).map((s) => JSON.parse(s.body) as unknown),
      [addressed(at, 'me@ccoe.example')],
    )
  })

  t.test("a mail call's audit line names its recipients", async (t) => {
    const post = async (path: string, body: unknown) => {
      const answer = await send('POST', path, asAlice, JSON.stringify(body))
      await answer.arrayBuffer()
      const reqId = answer.headers.get('x-request-id')
      return gw.auditLine((line) => line.reqId === reqId && line.status !== undefined && line.event === undefined)
    }
    const named = await post('cost_centers/send_report', { cost_center: { email: true, send_to: ' me@ccoe.example ' } })
    t.strictSame(named.recipients, ['me@ccoe.example'], 'the address named, as the upstream uses it')
    const own = await post('cloud_bills/send_all', { cloud_bill: { start_date: '2026-11-01', end_date: '2026-11-30' } })
    t.strictSame(own.recipients, ['alice@ccoe.example'], "send_all without an address: the caller's own")
    const other = await post('cloud_bills/send_all', {
      cloud_bill: { start_date: '2026-11-01', end_date: '2026-11-30', email: 'a@example.com' },
    })
    t.strictSame(other.recipients, ['a@example.com'])
    const refused = await post('cost_centers/send_report', { cost_center: { email: true, send_to: EVIL } })
    t.strictSame(
      { status: refused.status, recipients: refused.recipients },
      { status: 422, recipients: undefined },
      'a refused one went nowhere',
    )
    const plain = await post('departments', { department: { name: 'x' } })
    t.equal('recipients' in plain, false, 'a call that mails nothing names no one')
  })
})
