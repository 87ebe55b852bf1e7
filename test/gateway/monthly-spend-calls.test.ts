/**
 * Issue 42 item 1 through the gateway: GET /api/cloud_bills/monthly_spend and its CSV are read by a
 * viewer (like the bills), refused to someone signed in without a portal role, and the CSV arrives
 * as the file it is (text/csv, attachment), not JSON.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { startPortal } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

t.test('the Spend calls: roles and the CSV', async (t) => {
  const portal = await startPortal(t, { seed: false })
  await portal.database.db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency) VALUES
      (date_trunc('month', now())::date, 'gcp', 'CC-1', 12.5, 'EUR')`)
  const get = async (path: string, who: [string, string]) =>
    fetch(`${portal.baseUrl}/api/${path}`, { headers: { cookie: await signIn(portal.baseUrl, ...who) } })

  const viewer = await get('cloud_bills/monthly_spend?provider=gcp', ['vera@ccoe.example', 'vera'])
  t.equal(viewer.status, 200)
  const body = (await viewer.json()) as { data: { identifier: string; current: number }[]; meta: { totals: { currency: string }[] } }
  t.strictSame(
    body.data.map((r) => [r.identifier, r.current]),
    [['CC-1', 12.5]],
  )
  t.strictSame(
    body.meta.totals.map((r) => r.currency),
    ['EUR'],
  )

  const csv = await get('cloud_bills/monthly_spend/csv?provider=gcp', ['vera@ccoe.example', 'vera'])
  t.equal(csv.status, 200)
  t.match(csv.headers.get('content-type'), /^text\/csv/)
  t.match(csv.headers.get('content-disposition'), /^attachment; filename="monthly_spend_\d{4}-\d{2}\.csv"$/)
  t.match((await csv.text()).split('\r\n')[1], /^CC-1,,gcp,EUR,(0,){11}12\.5,12\.5,12\.5,$/)

  t.equal((await get('cloud_bills/monthly_spend', ['olga@ccoe.example', 'olga'])).status, 403, 'no portal role')
  t.equal((await get('cloud_bills/monthly_spend/csv', ['olga@ccoe.example', 'olga'])).status, 403, 'no portal role, no CSV')
  t.equal((await fetch(`${portal.baseUrl}/api/cloud_bills/monthly_spend`)).status, 401, 'signed out')
})
