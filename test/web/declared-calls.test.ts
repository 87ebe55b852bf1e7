/**
 * Typed declared calls (issue 40 item 2): a declared call of shared/calls is sent by its domain and
 * name (declaredRequest, and useDeclaredCall on it), its path, query, body and answer typed from its
 * declaration. The requests go to a stand-in fetch; the `@ts-expect-error` lines are the proof that a
 * wrong input fails `tsc -b` (this file is in tsconfig.browser-test.json): were a line accepted, its
 * unused directive would fail the typecheck.
 */
import t from 'tap'
import type { CallAnswer, CallBody } from '../../shared/calls/index.js'
import { need } from '../../web/src/lib/access.js'
import { declaredRequest, useDeclaredCall } from '../../web/src/lib/use-call.js'

const sent: { method: string; url: string; body: unknown }[] = []
let answer = '{"data":{"message":"Your report will be emailed!"}}'
const original = globalThis.fetch
globalThis.fetch = async (url, init) => {
  sent.push({ method: init?.method ?? 'GET', url: String(url), body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) })
  return new Response(answer, { status: 200 })
}
t.teardown(() => {
  globalThis.fetch = original
})

t.test('a call is sent with its declared method and path, its ids and query filled, its body as JSON', async (t) => {
  sent.length = 0
  const report = await declaredRequest('costCenters', 'sendReport')({ body: { cost_center: { email: true, send_to: 'a@x.example' } } })
  // the answer is the declaration's: its message is a string to tsc
  const message: string = report.data.message
  t.equal(message, 'Your report will be emailed!')
  answer = '{"data":{"id":4}}'
  await declaredRequest('listViews', 'update')({ params: { id: 4 }, body: { name: 'Mine' } })
  await declaredRequest('listViews', 'remove')({ params: { id: 4 } })
  await declaredRequest('listViews', 'resetLayout')({ query: { model: 'departments' } })
  await declaredRequest('selfService', 'credential')({ params: { id: 12 } })
  await declaredRequest('costCenters', 'expiredReport')({ body: {} })
  await declaredRequest(
    'selfService',
    'updateRestricted',
  )({
    params: { member_id: 7 },
    query: { credential: 'a.b' },
    body: { department: 'IT', business_unit: 'CORP' },
  })
  t.strictSame(sent, [
    { method: 'POST', url: '/api/cost_centers/send_report', body: { cost_center: { email: true, send_to: 'a@x.example' } } },
    { method: 'PUT', url: '/api/list_views/4', body: { name: 'Mine' } },
    { method: 'DELETE', url: '/api/list_views/4', body: undefined },
    { method: 'DELETE', url: '/api/list_layouts?model=departments', body: undefined },
    { method: 'POST', url: '/api/dcoe/members/12/credential', body: undefined },
    { method: 'POST', url: '/api/cost_centers/send_expired_cost_centers_report', body: {} },
    { method: 'POST', url: '/api/members/update-restricted/7?credential=a.b', body: { department: 'IT', business_unit: 'CORP' } },
  ])
})

t.test('a need names the call as the session permits do, with the role its declaration asks', async (t) => {
  t.strictSame(need.call('costCenters', 'sendReport'), { call: 'costCenters.sendReport', role: 'editor' })
  t.strictSame(need.call('dbDump', 'dump'), { call: 'dbDump.dump', role: 'admin' })
})

/** Never run: what tsc refuses. Each `@ts-expect-error` must meet an error, or tsc -b fails. */
export function refusedByTsc() {
  const sendReport = declaredRequest('costCenters', 'sendReport')
  // @ts-expect-error a field the body does not declare
  void sendReport({ body: { cost_center: { send_to: 'a@x.example', cc: 'b@x.example' } } })
  // @ts-expect-error a field of the wrong type (email is a boolean)
  void sendReport({ body: { cost_center: { email: 'yes', send_to: 'a@x.example' } } })
  // @ts-expect-error a required field left out
  void sendReport({ body: { cost_center: { email: true } } })
  // @ts-expect-error the body's envelope misnamed
  void sendReport({ body: { cost_centre: { send_to: 'a@x.example' } } })
  // @ts-expect-error no body where one is declared
  void sendReport({})
  // @ts-expect-error a body for a call that takes none
  void declaredRequest('costCenters', 'expiredReport')({ body: { send_to: 'a@x.example' } })
  // @ts-expect-error a path id left out
  void declaredRequest('listViews', 'remove')({})
  // @ts-expect-error a query the call does not take
  void declaredRequest('listViews', 'remove')({ params: { id: 1 }, query: { model: 'departments' } })
  // @ts-expect-error an unknown call name
  void declaredRequest('costCenters', 'sendReports')
  // @ts-expect-error an unknown domain
  void declaredRequest('costCentres', 'sendReport')
  // @ts-expect-error the answer's fields are the declaration's
  void sendReport({ body: { cost_center: { send_to: 'a@x.example' } } }).then((answer) => answer.data.sent)
  // @ts-expect-error the hook's trigger is typed the same way
  void useDeclaredCall('cloudCertifications', 'export').trigger({ body: { cloud_certification: { to: 'a@x.example' } } })
  // @ts-expect-error a need names a declared call
  void need.call('dbDump', 'restore')
  // the types themselves, for a reader: the body and answer of sendReport
  const body: CallBody<'costCenters', 'sendReport'> = { cost_center: { send_to: 'a@x.example' } }
  const sent: CallAnswer<'costCenters', 'expiredReport'> = { data: { message: 'sent', sent: 2 } }
  return [body, sent]
}
