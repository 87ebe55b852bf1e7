/**
 * `npm run bench` part: a list at a million rows, through the gateway, beside the database's own
 * timing of the page's rows in the same run. Cost centers (1M, BENCH_LIST_ROWS) owned by 100k
 * cloud contacts: page 1, a substring filter, a sort by every list column, a deep page and the
 * cursor's page after it; then the CSV of all of them against PostgreSQL's COPY (psql), and the
 * CSV's time at a tenth of the rows (linear time means about 10x). On PGlite when DATABASE_URL is
 * unset (slower; COPY's baseline then skipped).
 */
import { execFileSync } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { getResource } from '../../shared/resources/index.js'
import { startGateway, startUpstream } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]
}

async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

async function main() {
  const { database, url: upstreamUrl, token } = await startUpstream(t, { seed: true })
  const db = database.db
  const insertCostCenters = (from: number, to: number) =>
    db.execute(sql`
      WITH ids AS (SELECT (SELECT array_agg(id) FROM companies) AS companies, (SELECT array_agg(id) FROM business_units) AS units,
                          (SELECT array_agg(id) FROM departments) AS departments, (SELECT min(id) FROM cloud_contacts) AS contact)
      INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id, approved, active_at, expired_at, created_at)
      SELECT 'CC' || lpad(g::text, 8, '0'), ids.contact + (g % 100000),
             ids.companies[1 + g % cardinality(ids.companies)], ids.units[1 + g % cardinality(ids.units)],
             ids.departments[1 + g % cardinality(ids.departments)],
             g % 3 = 0, now() - make_interval(days => g % 900), CASE WHEN g % 4 = 0 THEN now() + make_interval(days => g % 700) END,
             now() - make_interval(secs => g)
      FROM generate_series(${from}::int, ${to}::int) g, ids`)
  await db.execute(sql`
    INSERT INTO cloud_contacts (email, name, terminated)
    SELECT 'owner' || g || '@bench.example', 'Owner ' || g, g % 50 = 0 FROM generate_series(1, 100000) g`)
  const tenth = Math.floor(ROWS / 10)
  await insertCostCenters(1, tenth)
  await db.execute(sql`ANALYZE`)

  const { baseUrl } = await startGateway(t, upstreamUrl, { env: { UPSTREAM_TOKEN: token } })
  const headers = { authorization: `Bearer ${await scriptToken(baseUrl)}` }
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}/api/${path}`, { headers })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }
  // read and dropped as it streams: the bench process must not hold the file it measures
  const csvSeconds = async () => {
    const ms = await timedMs(async () => {
      for await (const chunk of (await get('csv/cost_centers?sort=identifier')).body!) void chunk
    })
    return ms / 1000
  }
  const smallCsv = process.env.BENCH_SKIP_CSV ? 0 : await csvSeconds()

  await insertCostCenters(tenth + 1, ROWS)
  await db.execute(sql`ANALYZE`)

  const fmt = (n: number) => Math.round(n).toLocaleString('en')
  const ms = (n: number) => `${n.toFixed(1)} ms`
  async function measure(label: string, path: string, goal: number) {
    await get(path) // warm the plan and cache: the figure is the steady state
    const times: number[] = []
    for (let i = 0; i < SAMPLES; i++) times.push(await timedMs(async () => (await get(path)).arrayBuffer()))
    const value = p95(times)
    console.log(`${label.padEnd(44)} p95 ${ms(value).padStart(10)}  goal <= ${goal} ms${value > goal ? '  (over)' : ''}`)
  }

  const baseline: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const from = Math.floor(Math.random() * ROWS)
    baseline.push(await timedMs(() => db.execute(sql`SELECT * FROM cost_centers WHERE id > ${from} ORDER BY id LIMIT 25`)))
  }
  console.log(`cost centers: ${fmt(ROWS)}, cloud contacts: 100,000, ${SAMPLES} samples each`)
  console.log(`${'a page of 25 rows by primary key, SQL only'.padEnd(44)} p95 ${ms(p95(baseline)).padStart(10)}  (baseline)`)
  await measure('page 1, default sort', 'cost_centers?per_page=25', 30)
  await measure('substring filter by_identifier=12345', 'cost_centers?per_page=25&by_identifier=12345', 30)
  for (const column of process.env.BENCH_SKIP_SORTS ? [] : getResource('cost_centers').columns) {
    await measure(`sort by ${column}`, `cost_centers?per_page=25&sort=${column}`, 100)
    await measure(`sort by -${column}`, `cost_centers?per_page=25&sort=-${column}`, 100)
  }
  await measure('deep page (the middle, OFFSET)', `cost_centers?per_page=25&page=${Math.floor(ROWS / 50)}`, 100)
  const middle = (await (await get(`cost_centers?per_page=25&sort=identifier&count=none&page=1`)).json()) as { meta: { next: string } }
  await measure('the page after a cursor', `cost_centers?per_page=25&sort=identifier&count=none&after=${middle.meta.next}`, 100)

  if (process.env.BENCH_SKIP_CSV) return
  const rssBefore = process.memoryUsage().rss
  const fullCsv = await csvSeconds()
  const rssGrowth = (process.memoryUsage().rss - rssBefore) / 2 ** 20
  console.log(`CSV through the gateway, ${fmt(ROWS)} rows     ${fmt(ROWS / fullCsv)} rows/s (${fullCsv.toFixed(1)} s)`)
  console.log(
    `CSV, ${fmt(tenth)} rows -> ${fmt(ROWS)} rows          ${(fullCsv / smallCsv).toFixed(1)}x the time for 10x the rows  goal <= 12x`,
  )
  console.log(`RSS growth of the bench process (gateway + upstream) during the CSV  ${rssGrowth.toFixed(0)} MB  goal <= 64 MB`)
  if (process.env.DATABASE_URL) {
    const schema = ((await db.execute(sql`SELECT current_schema() AS s`)) as unknown as { rows: { s: string }[] }).rows[0].s
    const copySeconds =
      (await timedMs(async () =>
        execFileSync(
          'psql',
          [process.env.DATABASE_URL!, '-qAtc', `COPY (SELECT * FROM "${schema}".cost_centers ORDER BY identifier) TO STDOUT CSV`],
          {
            maxBuffer: 1 << 30,
          },
        ),
      )) / 1000
    console.log(
      `COPY ... TO STDOUT CSV (psql), same rows     ${fmt(ROWS / copySeconds)} rows/s (baseline)  CSV ratio ${(copySeconds / fullCsv).toFixed(2)}  goal >= 0.5`,
    )
  }
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })
