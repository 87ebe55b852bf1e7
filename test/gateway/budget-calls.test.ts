/**
 * Issue 42 item 3 through the gateway: cost center budgets are read by a viewer (the list, the CSV,
 * the status), written by an editor and not by a viewer, and refused to someone signed in without a
 * portal role.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { startPortal } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

t.test('the budget calls: roles, the CSV and the status', async (t) => {
  const portal = await startPortal(t, { seed: false })
  const db = portal.database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email) VALUES ('olivia@ccoe.example')`)
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT 'CC-1', min(c.id), min(co.id), min(u.id), min(d.id) FROM cloud_contacts c, companies co, business_units u, departments d`)
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency) VALUES
      (date_trunc('month', now())::date, 'gcp', 'CC-1', 90, 'EUR')`)
  const [{ id: costCenterId }] = (await db.execute(sql`SELECT id FROM cost_centers`)).rows as { id: number }[]
  const cookies = {
    vera: await signIn(portal.baseUrl, 'vera@ccoe.example', 'vera'),
    bob: await signIn(portal.baseUrl, 'bob@ccoe.example', 'bob'),
  }
  const call = (who: keyof typeof cookies, path: string, body?: object) =>
    fetch(`${portal.baseUrl}/api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: cookies[who], origin: portal.baseUrl, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    })
  const budget = { cost_center_budget: { cost_center_id: costCenterId, amount: 100, currency: 'EUR' } }

  t.equal((await call('vera', 'cost_center_budgets', budget)).status, 403, 'a viewer does not write budgets')
  const created = await call('bob', 'cost_center_budgets', budget)
  t.equal(created.status, 201, 'an editor does')

  const list = await call('vera', 'cost_center_budgets')
  t.equal(list.status, 200)
  const csv = await call('vera', 'csv/cost_center_budgets')
  t.equal(csv.status, 200)
  t.match(csv.headers.get('content-disposition'), /^attachment; filename="cost_center_budgets_.*\.csv"$/)
  t.strictSame((await csv.text()).split('\r\n').slice(0, 2), [
    'cost_center_identifier,amount,currency,thresholds,created_at',
    expectedLine(await db.execute(sql`SELECT created_at FROM cost_center_budgets`)),
  ])

  const status = await call('vera', 'cost_center_budgets/status')
  t.equal(status.status, 200)
  const body = (await status.json()) as { data: { identifier: string; spent: number; crossed: number[] }[] }
  t.strictSame(
    body.data.map((r) => [r.identifier, r.spent, r.crossed]),
    [['CC-1', 90, [80]]],
  )
  const olga = await signIn(portal.baseUrl, 'olga@ccoe.example', 'olga')
  t.equal((await fetch(`${portal.baseUrl}/api/cost_center_budgets/status`, { headers: { cookie: olga } })).status, 403, 'no portal role')
  t.equal((await fetch(`${portal.baseUrl}/api/cost_center_budgets/status`)).status, 401, 'signed out')
})

/** the CSV's line of the one budget: its creation instant as the CSV writes instants */
function expectedLine(result: { rows: unknown[] }): string {
  const [{ created_at }] = result.rows as { created_at: Date | string }[]
  return `CC-1,100,EUR,"80, 100",${new Date(created_at).toISOString()}`
}
