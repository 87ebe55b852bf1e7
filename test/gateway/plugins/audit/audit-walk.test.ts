/**
 * What an auditor has: the log alone. One person's whole session through the real gateway and
 * upstream (sign-in, reads, a write, a refused write, a CSV, an upload, sign-out), then the
 * questions an auditor asks, answered from the audit lines only.
 */
import t from 'tap'
import { startPortal } from '../../../helper.js'
import { signIn } from '../../../lib/sign-in.js'

const ALICE = 'alice@ccoe.example'

t.test('the audit log alone tells who did what, when, with which result', async (t) => {
  const portal = await startPortal(t)
  const { baseUrl } = portal
  const started = new Date().toISOString()
  const cookie = await signIn(baseUrl, ALICE, 'alice')
  const call = async (method: string, path: string, body?: string | FormData) => {
    // a form sets its own multipart type
    const type: Record<string, string> = typeof body === 'string' ? { 'content-type': 'application/json' } : {}
    const answer = await fetch(`${baseUrl}${path}`, { method, headers: { cookie, origin: baseUrl, ...type }, body })
    await answer.arrayBuffer()
    return { status: answer.status, reqId: answer.headers.get('x-request-id') }
  }

  const read = await call('GET', '/api/departments?per_page=5&by_name=secret-filter')
  const write = await call('POST', '/api/departments', JSON.stringify({ name: 'Audit Walk', abbreviation: 'AW' }))
  const refused = await call('POST', '/api/departments', JSON.stringify({ name: '', abbreviation: 'AW' }))
  const csv = await call('GET', '/api/csv/departments')
  const file = new FormData()
  file.append('file', new Blob(['date,provider,identifier,amount,reference\n2024-06-01,aws,AW-1,10,INV-AW\n']), 'bills.csv')
  const upload = await call('POST', '/api/upload/cloud_bills', file)
  const logout = await fetch(`${baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
  t.same([read.status, write.status, refused.status, csv.status, upload.status, logout.status], [200, 201, 400, 200, 200, 302])

  // the auditor's view: Alice's lines, in order, with what each one says
  const lines = portal.auditWithForwarding.filter((line) => line.user === ALICE)
  const story = lines.map(({ event, method, path, status }) => ({ event: event ?? null, method, path, status }))
  t.same(story, [
    { event: 'login', method: 'GET', path: '/oidc/callback', status: 302 },
    { event: null, method: 'GET', path: '/api/departments', status: 200 },
    // a write's line before it goes upstream (a gateway killed meanwhile leaves this one), then its outcome
    { event: 'forwarding', method: 'POST', path: '/api/departments', status: null },
    { event: null, method: 'POST', path: '/api/departments', status: 201 },
    { event: 'forwarding', method: 'POST', path: '/api/departments', status: null },
    { event: null, method: 'POST', path: '/api/departments', status: 400 },
    { event: null, method: 'GET', path: '/api/csv/departments', status: 200 },
    { event: 'forwarding', method: 'POST', path: '/api/upload/cloud_bills', status: null },
    { event: null, method: 'POST', path: '/api/upload/cloud_bills', status: 200 },
    { event: 'logout', method: 'GET', path: '/oidc/logout', status: 302 },
  ])

  // when: every line is timed, in order, within the session
  const times = lines.map((line) => String(line.time))
  t.ok(
    times.every((time) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(time)),
    'ISO 8601 UTC times',
  )
  t.same([...times].sort(), times, 'in the order things happened')
  t.ok(times[0] >= started, 'from the session on')

  // which call: each answer's X-Request-Id names its line, so a complaint about one answer finds it
  const byId = (reqId: string | null) => lines.find((line) => line.reqId === reqId && line.event === undefined)
  t.same(
    [read, write, refused, csv, upload].map((answer) => byId(answer.reqId)?.status),
    [200, 201, 400, 200, 200],
  )
  // with how much: the write's bytes, the CSV's rows, the uploaded file's name and where it went
  t.equal(byId(write.reqId)?.bytesIn, JSON.stringify({ name: 'Audit Walk', abbreviation: 'AW' }).length)
  t.equal(byId(csv.reqId)?.rows, (await portal.database.query<{ n: number }>('SELECT count(*)::int AS n FROM departments')).rows[0].n)
  t.same([byId(upload.reqId)?.file, byId(upload.reqId)?.upstream], ['bills.csv', 'cloud_bills/upload'])

  // and nothing a reader must not see: no cookie, no query value, no body
  const text = portal.auditText()
  for (const secret of [cookie.split('=')[1].slice(0, 24), 'secret-filter', 'Audit Walk', 'INV-AW']) {
    t.notOk(text.includes(secret), `no ${secret.slice(0, 12)}…`)
  }
})
