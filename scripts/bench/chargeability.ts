/**
 * Issue 42 items 4 and 7: the Chargeability screen's read at BENCH_COST_CENTERS cost centers (default
 * 100,000), BENCH_PARENTS cloud parents (default 50,000) and BENCH_VMS virtual machines (default
 * 300,000), about one resource in twenty unchargeable, through the gateway (a script's bearer token)
 * beside the counts' statement alone on the database. PostgreSQL when DATABASE_URL is set (the goal is
 * for it), PGlite otherwise.
 */
import { sql } from 'drizzle-orm'
import { countGroups, flaggedSql } from '../../server/upstream/db/records/chargeability.js'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startGateway, startUpstream } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'
import { runBench } from './run-bench.js'
import { SAMPLES, timingOf } from './timing.js'

const COST_CENTERS = Number(process.env.BENCH_COST_CENTERS ?? 100_000)
const PARENTS = Number(process.env.BENCH_PARENTS ?? 50_000)
const VMS = Number(process.env.BENCH_VMS ?? 300_000)
const GOAL_MS = 100

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

async function main() {
  const { database, url: upstreamUrl, token } = await startUpstream(t, { seed: false })
  const db = database.db
  const loading = performance.now()
  await db.execute(sql`INSERT INTO business_units (name, abbreviation)
    SELECT name, abbreviation FROM unnest(ARRAY['CCoE', 'Corporate', 'Gaming', 'Lottery', 'Betting', 'CIO'],
                                          ARRAY['CCOE', 'CORP', 'GAM', 'LOT', 'BET', 'CIO']) AS u (name, abbreviation)`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Bench')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  // one owner in a hundred terminated
  await db.execute(sql`INSERT INTO cloud_contacts (email, terminated)
    SELECT 'owner' || g || '@bench.example', g % 100 = 0 FROM generate_series(1, 5000) g`)
  // one cost center in a hundred not approved, one in a hundred expired
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id, approved, active_at, expired_at)
    SELECT 'CC-' || lpad(g::text, 6, '0'), (SELECT min(id) FROM cloud_contacts) + g % 5000, (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units) + g % 6, (SELECT min(id) FROM departments), g % 100 <> 7,
           '2024-01-01', CASE WHEN g % 100 = 13 THEN now() - interval '10 days' END
    FROM generate_series(1, ${COST_CENTERS}::int) g`)
  // one parent in a hundred names no cost center, one in a hundred an unknown one
  await db.execute(sql`
    INSERT INTO cloud_parents (provider_type, identifier, name, business_unit_name, cost_center)
    SELECT (ARRAY['AwsCloudParent', 'AzureCloudParent', 'GcpCloudParent'])[1 + g % 3], 'P-' || g, 'parent ' || g,
           (ARRAY['CCOE', 'CORP', 'GAM', 'LOT', 'BET', 'CIO'])[1 + g % 6],
           CASE g % 100 WHEN 1 THEN NULL WHEN 2 THEN 'NO-SUCH-' || g ELSE 'CC-' || lpad((1 + g % ${COST_CENTERS}::int)::text, 6, '0') END
    FROM generate_series(1, ${PARENTS}::int) g`)
  await db.execute(sql`
    INSERT INTO virtual_machines (resource_id, provider_type, name, business_units_id, default_cost_center_id)
    SELECT 'vm-' || g, (ARRAY['aws', 'azure', 'gcp'])[1 + g % 3], 'vm ' || g, (SELECT min(id) FROM business_units) + g % 6,
           CASE WHEN g % 100 = 1 THEN NULL ELSE (SELECT min(id) FROM cost_centers) + g % ${COST_CENTERS}::int END
    FROM generate_series(1, ${VMS}::int) g`)
  await db.execute(sql`ANALYZE cost_centers, cloud_contacts, business_units, cloud_parents, virtual_machines`)
  const loadSeconds = (performance.now() - loading) / 1000

  const { baseUrl } = await startGateway(t, upstreamUrl, { env: { UPSTREAM_TOKEN: token } })
  const headers = { authorization: `Bearer ${await scriptToken(baseUrl)}` }
  const get = async (query: string) => {
    const response = await fetch(`${baseUrl}/api/chargeability?${query}`, { headers })
    if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<{ meta: { count: number } }>
  }

  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9)
  const { meta } = await get('per_page=50')
  console.log(
    `chargeability: ${COST_CENTERS.toLocaleString('en')} cost centers, ${PARENTS.toLocaleString('en')} cloud parents, ` +
      `${VMS.toLocaleString('en')} virtual machines, ${meta.count.toLocaleString('en')} unchargeable (loaded in ${loadSeconds.toFixed(1)} s) ` +
      `on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SAMPLES} samples each`,
  )
  if (process.env.BENCH_EXPLAIN) {
    const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE) ${flaggedSql(new Date())}`)
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'))
  }
  const direct = await timingOf(() => countGroups(db, new Date()))
  console.log(`${'the counts alone (SQL)'.padEnd(50)} p50/p95 ${ms(direct.p50)} / ${ms(direct.p95)}`)
  for (const [label, query] of [
    ['the screen opening (page 1, counts, keeping them)', 'per_page=50'],
    ['one reason (expired)', 'reason=expired&per_page=50'],
    ['one business unit, one provider, machines', 'business_unit=3&provider=gcp&kind=virtual_machines&per_page=50'],
    ['a deep page (page 100)', 'page=100&per_page=50'],
  ]) {
    const viaGateway = await timingOf(() => get(query))
    console.log(
      `${label.padEnd(50)} gateway p50/p95 ${ms(viaGateway.p50)} / ${ms(viaGateway.p95)}   goal p95 <= ${GOAL_MS} ms${viaGateway.p95 > GOAL_MS ? '  (over)' : ''}`,
    )
  }
}

runBench(main, cleanups)
