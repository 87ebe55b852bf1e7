/**
 * Issue 42 item 4 through the gateway: GET /api/chargeability and its CSV are read by a viewer,
 * refused to someone signed in without a portal role and to no one signed in, and the CSV arrives as
 * the file it is (text/csv, attachment), not JSON.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { startPortal } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

t.test('the Chargeability calls: roles and the CSV', async (t) => {
  const portal = await startPortal(t, { seed: false })
  await portal.database.db.execute(sql`
    INSERT INTO cloud_parents (provider_type, identifier, name, cost_center) VALUES ('GcpCloudParent', 'gcp-1', 'one', NULL)`)
  const get = async (path: string, who: [string, string]) =>
    fetch(`${portal.baseUrl}/api/${path}`, { headers: { cookie: await signIn(portal.baseUrl, ...who) } })

  const viewer = await get('chargeability?reason=missing', ['vera@ccoe.example', 'vera'])
  t.equal(viewer.status, 200)
  const body = (await viewer.json()) as { data: { resource: string; reasons: string[] }[]; meta: { count: number } }
  t.strictSame([body.meta.count, body.data.map((r) => [r.resource, r.reasons])], [1, [['gcp-1', ['missing']]]])

  const csv = await get('chargeability/csv?provider=gcp', ['vera@ccoe.example', 'vera'])
  t.equal(csv.status, 200)
  t.match(csv.headers.get('content-type'), /^text\/csv/)
  t.match(csv.headers.get('content-disposition'), /^attachment; filename="unchargeable_resources_\d{4}-\d{2}\.csv"$/)
  t.strictSame((await csv.text()).split('\r\n').slice(1), ['cloud_parents,gcp-1,one,gcp,,,,Missing', ''])

  const refused = await get('chargeability?provider=ibm', ['vera@ccoe.example', 'vera'])
  t.equal(refused.status, 400, 'the upstream names the parameter')
  t.strictSame(Object.keys(((await refused.json()) as { fields: object }).fields), ['provider'])

  t.equal((await get('chargeability', ['olga@ccoe.example', 'olga'])).status, 403, 'no portal role')
  t.equal((await get('chargeability/csv', ['olga@ccoe.example', 'olga'])).status, 403, 'no portal role, no CSV')
  t.equal((await fetch(`${portal.baseUrl}/api/chargeability`)).status, 401, 'signed out')
})
