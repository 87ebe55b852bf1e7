/**
 * Issue 42 item 7: the Spend screen's reads at BENCH_BILLS bills (default 1,000,000) over
 * BENCH_COST_CENTERS cost centers (default 100,000), through the gateway (a script's bearer token),
 * each beside the route's own two statements (the page and the per-currency totals) run straight on
 * the database. The aggregate is the database's (monthly_spend, migration 055), kept by its trigger
 * as the bills load. PostgreSQL when DATABASE_URL is set (the goal is for it), PGlite otherwise.
 */
import { sql } from 'drizzle-orm'
import { rows } from '../../server/upstream/db/records/rows.js'
import { groupsSql, spendSource, totalsSql, windowMonths } from '../../server/upstream/routes/cloud-bills/monthly-spend.js'
import type { MonthlySpendQuery } from '../../shared/schemas/monthly-spend.js'
import { startGateway, startUpstream } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'
import { runBench } from './run-bench.js'
import { SAMPLES, timingOf } from './timing.js'

const BILLS = Number(process.env.BENCH_BILLS ?? 1_000_000)
const COST_CENTERS = Number(process.env.BENCH_COST_CENTERS ?? 100_000)
const GOAL_MS = 100

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

async function main() {
  const { database, url: upstreamUrl, token } = await startUpstream(t, { seed: false })
  const db = database.db
  const current = new Date().toISOString().slice(0, 7)
  const months = windowMonths(current)
  const rebase = () => db.execute(sql`SELECT spend_window_rebase(${`${current}-01`}::date)`)
  // the window kept from the start, so the load pays its triggers as uploads do
  await rebase()
  const loading = performance.now()
  await db.execute(sql`INSERT INTO business_units (name) SELECT 'Unit ' || g FROM generate_series(1, 20) g`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Bench')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email) SELECT 'owner' || g || '@bench.example' FROM generate_series(1, 5000) g`)
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT 'CC-' || lpad(g::text, 6, '0'), (SELECT min(id) FROM cloud_contacts) + g % 5000, (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units) + g % 20, (SELECT min(id) FROM departments)
    FROM generate_series(1, ${COST_CENTERS}::int) g`)
  // 13 months back from this one, three providers, EUR mostly and some USD, each bill its own line;
  // loaded in statements of 250,000 as an upload's transaction would be (each fires the trigger once)
  for (let done = 0; done < BILLS; done += 250_000) {
    await db.execute(sql`
      INSERT INTO cloud_bills (date, provider, identifier, amount, currency, business_units_id, reference)
      SELECT (date_trunc('month', now()) - make_interval(months => g % 13) + make_interval(days => g % 28))::date,
             (ARRAY['aws', 'azure', 'gcp'])[1 + g % 3], 'CC-' || lpad((1 + g % ${COST_CENTERS}::int)::text, 6, '0'),
             round(((g::bigint * 7919) % 100000) / 100.0 - 50, 2), CASE WHEN g % 10 = 0 THEN 'USD' ELSE 'EUR' END,
             (SELECT min(id) FROM business_units) + (1 + g % ${COST_CENTERS}::int) % 20, 'INV-' || g
      FROM generate_series(${done + 1}::int, ${Math.min(BILLS, done + 250_000)}::int) g`)
  }
  const loadSeconds = (performance.now() - loading) / 1000
  // the month's first read after it turned: the window rebuilt from monthly_spend
  await db.execute(sql`DELETE FROM spend_window_month`)
  const rebasing = performance.now()
  await rebase()
  const rebaseSeconds = (performance.now() - rebasing) / 1000
  await db.execute(sql`ANALYZE cloud_bills, monthly_spend, spend_window, spend_window_totals, cost_centers, cloud_contacts, business_units`)
  const [{ groups }] = await rows<{ groups: number }>(db, sql`SELECT count(*)::int AS groups FROM monthly_spend`)

  const { baseUrl } = await startGateway(t, upstreamUrl, { env: { UPSTREAM_TOKEN: token } })
  const headers = { authorization: `Bearer ${await scriptToken(baseUrl)}` }
  const get = async (query: string) => {
    const response = await fetch(`${baseUrl}/api/cloud_bills/monthly_spend?${query}`, { headers })
    if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`)
    return response.arrayBuffer()
  }

  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9)
  console.log(
    `spend: ${BILLS.toLocaleString('en')} bills, ${COST_CENTERS.toLocaleString('en')} cost centers, ${groups.toLocaleString('en')} ` +
      `monthly_spend rows (loaded with the triggers in ${loadSeconds.toFixed(1)} s; the window re-based in ${rebaseSeconds.toFixed(1)} s) ` +
      `on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SAMPLES} samples each`,
  )
  const [{ unit }] = await rows<{ unit: number }>(db, sql`SELECT min(id) + 3 AS unit FROM business_units`)
  const cases: { label: string; query: MonthlySpendQuery }[] = [
    { label: 'all, biggest total first (the screen opening)', query: {} },
    { label: 'all, by change % (descending)', query: { sort: '-change_percent' } },
    { label: 'all, by business unit', query: { sort: 'business_unit' } },
    { label: 'all, by currency (descending)', query: { sort: '-currency' } },
    { label: 'provider gcp', query: { provider: 'gcp' } },
    { label: 'one business unit', query: { business_unit: Number(unit) } },
    { label: 'one owner (20 cost centers)', query: { owner: 'owner42@bench.example' } },
    { label: 'one cost center (its record page)', query: { identifier: 'CC-004242' } },
  ]
  for (const c of cases) {
    const query = new URLSearchParams(Object.entries({ ...c.query, per_page: 50 }).map(([k, v]): [string, string] => [k, String(v)]))
    const viaGateway = await timingOf(() => get(query.toString()))
    const source = spendSource(c.query, months, true)
    const direct = await timingOf(() =>
      Promise.all([rows(db, groupsSql(c.query, source, { limit: 50, offset: 0 })), rows(db, totalsSql(c.query, source))]),
    )
    console.log(
      `${c.label.padEnd(50)} gateway p50/p95 ${ms(viaGateway.p50)} / ${ms(viaGateway.p95)}   SQL alone ${ms(direct.p50)} / ${ms(direct.p95)}` +
        `   goal p95 <= ${GOAL_MS} ms${viaGateway.p95 > GOAL_MS ? '  (over)' : ''}`,
    )
  }
}

runBench(main, cleanups)
