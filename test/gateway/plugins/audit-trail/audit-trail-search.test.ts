/**
 * Issue 43 item 3: the trail searchable by time range, person, method, path, status, request id and
 * replica, newest first and paged, as CSV, and a line by its place in its chain; from AUDIT_LOG_FILE
 * without a database, and from the gateway's database (every replica's lines) with one.
 */
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { changedRecord, type AuditLine as TrailLine } from '../../../../shared/audit-trail.js'
import { NO_DATABASE, ownSchema, startGateway, tempDir, testClock, type AuditLine } from '../../../helper.js'
import { signIn } from '../../../lib/sign-in.js'
import { startRecordingUpstream } from '../../start.js'

const AUDREY = 'audrey@ccoe.example'
const VERA = 'vera@ccoe.example'
const NINE = Date.parse('2026-11-28T09:00:00.000Z')
const HOUR = 60 * 60 * 1000

/** chain fields aside, as the test gateway's own lines leave them out */
const unchained = ({ chain: _chain, seq: _seq, prev: _prev, ...line }: Record<string, unknown>) => line

async function searchTrail(t: Test, env: Record<string, string>) {
  const upstream = await startRecordingUpstream(t)
  const clock = testClock(NINE)
  const gw = await startGateway(t, upstream.url, { env: { REPLICA_NAME: 'east', ...env }, now: clock.now })
  const get = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${gw.baseUrl}${path}`, { headers })
    const text = await response.text()
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text,
      body: /json/.test(response.headers.get('content-type') ?? '') ? (JSON.parse(text) as unknown) : undefined,
    }
  }
  const audrey = { cookie: await signIn(gw.baseUrl, AUDREY, 'audrey') }
  const vera = { cookie: await signIn(gw.baseUrl, VERA, 'vera') }
  const alice = { cookie: await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice') }
  await get('/api/departments', vera) // 09:00
  clock.advance(HOUR)
  const refused = await fetch(`${gw.baseUrl}/api/departments/3`, { method: 'DELETE', headers: vera }) // 10:00
  await refused.arrayBuffer()
  clock.advance(HOUR)
  await get('/api/companies?per_page=2', vera) // 11:00
  const write = await fetch(`${gw.baseUrl}/api/departments/3`, {
    method: 'PUT',
    headers: { ...alice, 'content-type': 'application/json', origin: gw.baseUrl },
    body: '{"name":"Finance"}',
  })
  t.equal(write.status, 200)
  await write.arrayBuffer()
  await gw.auditLine((line) => line.reqId === write.headers.get('x-request-id'))
  await gw.gateway.auditStored()
  const veras = gw.auditWithForwarding.filter((line) => line.user === VERA).reverse()
  t.same(
    veras.map((line) => [line.time, line.method, line.status]),
    [
      ['2026-11-28T11:00:00.000Z', 'GET', 200],
      ['2026-11-28T10:00:00.000Z', 'DELETE', 403],
      ['2026-11-28T09:00:00.000Z', 'GET', 200],
      ['2026-11-28T09:00:00.000Z', 'GET', 302],
    ],
    'her sign-in, two reads and a refusal, an hour apart',
  )

  const trail = async (query: string) => {
    const { status, body } = (await get(`/api/audit?${query}`, audrey)) as {
      status: number
      body: { data: AuditLine[]; meta: { next?: string } }
    }
    t.equal(status, 200, query)
    return { data: body.data.map(unchained), next: body.meta.next }
  }
  t.same((await trail(`user=${VERA}`)).data, veras, 'all of hers, newest first')
  t.same((await trail(`user=${VERA}&from=2026-11-28T09:30:00Z&to=2026-11-28T10:30:00Z`)).data, [veras[1]], 'an hour of hers')
  t.same((await trail(`user=${VERA}&from=2026-11-28T10:00:00Z`)).data, veras.slice(0, 2), 'from is inclusive')
  t.same((await trail(`user=${VERA}&to=2026-11-28T10:00:00Z`)).data, veras.slice(2), 'to is not')
  t.same((await trail(`user=${VERA}&from=2026-11-28`)).data, veras, 'a date alone is its midnight, UTC')
  t.same((await trail(`user=${VERA}&to=2026-11-28`)).data, veras, 'a date alone as `to`: the whole day is in')
  t.same((await trail(`user=${VERA}&to=2026-11-27`)).data, [], 'and the day before is not')
  t.same((await trail('method=delete')).data, [veras[1]], 'by method, any case')
  t.same((await trail('path=/api/dep&status=403')).data, [veras[1]], 'by how the path starts, and status')
  t.same((await trail(`reqId=${refused.headers.get('x-request-id')}`)).data, [veras[1]], 'by request id')
  t.same((await trail(`user=${VERA}&replica=east`)).data, veras, 'by replica')
  t.same((await trail(`user=${VERA}&replica=west`)).data, [], 'of a replica with none')
  t.same((await trail('path=/api/dep%25')).data, [], "a path's % is itself")

  const pages: unknown[] = []
  let after = ''
  for (let page = 0; page < 4; page++) {
    const { data, next } = await trail(`user=${VERA}&per_page=3${after}`)
    pages.push(data)
    if (next === undefined) break
    after = `&after=${encodeURIComponent(next)}`
  }
  t.same(pages, [veras.slice(0, 3), veras.slice(3)], 'pages of three by the cursor; the last names none')

  const bad = await get('/api/audit?from=yesterday&status=200', audrey)
  const fromWrong = 'from must be a date or a date and time in ISO 8601, such as 2026-11-28T09:30:00Z'
  t.same([bad.status, bad.body], [400, { error: fromWrong, statusCode: 400, fields: { from: fromWrong } }], 'a bad time is named')
  t.same((await get('/api/audit?to=2026-13-01', audrey)).body, {
    error: fromWrong.replace('from', 'to'),
    statusCode: 400,
    fields: { to: fromWrong.replace('from', 'to') },
  })
  t.same((await get('/api/audit?after=x', audrey)).status, 400, 'a cursor no page gave')

  // a line by its place in its chain, as written
  const denialLine = ((await get('/api/audit?method=DELETE', audrey)).body as { data: TrailLine[] }).data[0]!
  const detail = await get(`/api/audit/${denialLine.chain}/${denialLine.seq}`, audrey)
  t.same([detail.status, detail.body], [200, { data: denialLine }], "a line's detail")
  t.same((await get(`/api/audit/${denialLine.chain}/999999`, audrey)).body, { error: 'No such audit line.', statusCode: 404 })
  t.same((await get(`/api/audit/${denialLine.chain}/x`, audrey)).status, 404)

  // the PUT changed a department: the record its history is of
  const put = (await trail('method=PUT')).data[0] as TrailLine
  t.same(changedRecord(put), { model: 'departments', id: '3' }, 'a write names the record it changed')
  t.equal(changedRecord(veras[1] as TrailLine), undefined, 'a refused write changed none')

  const csv = await get(`/api/csv/audit?user=${VERA}&from=2026-11-28T10:00:00Z`, audrey)
  t.equal(csv.status, 200)
  t.equal(csv.type, 'text/csv; charset=utf-8')
  const rows = csv.text.trimEnd().split('\r\n')
  t.equal(rows[0], 'time,replica,user,event,method,path,status,durationMs,reqId,reason,bulk,chain,seq')
  t.same(
    rows.slice(1).map((row) => row.split(',').slice(0, 7)),
    veras.slice(0, 2).map((line) => [line.time, 'east', VERA, line.event ?? '', line.method, line.path, String(line.status)]),
    'the CSV of the filter: its lines, newest first',
  )
  t.equal((await get('/api/csv/audit?status=nope', audrey)).status, 400)

  // who may: auditors and admins; not viewers, editors or anyone signed out
  for (const path of ['/api/audit', `/api/audit/${denialLine.chain}/${denialLine.seq}`, '/api/csv/audit']) {
    const bob = { cookie: await signIn(gw.baseUrl, 'bob@ccoe.example', 'bob') }
    t.same(
      [
        (await get(path, audrey)).status,
        (await get(path, alice)).status,
        (await get(path, vera)).status,
        (await get(path, bob)).status,
        (await get(path, {})).status,
      ],
      [200, 200, 403, 403, 401],
      path,
    )
  }
  return { gw, get, audrey, clock, upstream }
}

t.test('from AUDIT_LOG_FILE: search, pages, detail and CSV', NO_DATABASE, async (t) => {
  await searchTrail(t, { AUDIT_LOG_FILE: join(tempDir(t), 'audit.log') })
})

t.test(
  "from the gateway's database: the same, and every replica's lines in one trail",
  { skip: !process.env.DATABASE_URL && 'needs a PostgreSQL: the DATABASE_URL pass' },
  async (t) => {
    const { url } = await ownSchema(t, `audit_search_${process.pid}`)
    const { get, audrey, clock, upstream } = await searchTrail(t, { GATEWAY_DATABASE_URL: url.href })
    const west = await startGateway(t, upstream.url, { env: { REPLICA_NAME: 'west', GATEWAY_DATABASE_URL: url.href }, now: clock.now })
    const vera = await signIn(west.baseUrl, VERA, 'vera')
    await (await fetch(`${west.baseUrl}/api/departments`, { headers: { cookie: vera } })).arrayBuffer()
    await west.gateway.auditStored()
    const wests = west.audit.filter((line) => line.user === VERA).reverse()
    const { body } = (await get(`/api/audit?user=${VERA}&replica=west`, audrey)) as { body: { data: AuditLine[] } }
    t.same(body.data.map(unchained), wests, "the other replica's lines, read at this one")
    // at close, the chain's signed head is its last line: written to the table before the pool ends
    await west.gateway.close()
    const last = (await get('/api/audit?replica=west&per_page=1', audrey)) as { body: { data: AuditLine[] } }
    t.same(
      last.body.data.map((line) => line.event),
      ['audit-digest'],
      'the line a replica writes as it stops is in the table: what waited was written at close',
    )
  },
)
