/**
 * `npm run bench` part: cloud bills at a million rows (BENCH_BILLS), through the gateway, each beside
 * the same statement run straight on the database in the same run: a filtered, sorted history page;
 * the dashboard's 12-month aggregate; then the CSV of every bill through the gateway with the growth
 * of the process's RSS (gateway and upstream share this process). PostgreSQL when DATABASE_URL is
 * set (the goals are for it), PGlite otherwise.
 */
import { sql } from 'drizzle-orm'
import v8 from 'node:v8'
import vm from 'node:vm'
import { getResource } from '../../shared/resources/index.js'
import { recordRepository } from '../../server/upstream/db/records/repository.js'
import { insertGeneratedBills } from '../../server/upstream/db/seed/generated-bills.js'
import { spendSql } from '../../server/upstream/routes/cloud-bills/spend.js'
import { listQueryOf } from '../../server/upstream/routes/crud/list-query.js'
import { startGateway, startUpstream } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'
import { runBench } from './run-bench.js'
import { SAMPLES, timedMs, timingOf, type Timing } from './timing.js'

const BILLS = Number(process.env.BENCH_BILLS ?? 1_000_000)

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

async function main() {
  const { database, url: upstreamUrl, token } = await startUpstream(t, { seed: true })
  const db = database.db
  const loading = performance.now()
  for (let done = 0; done < BILLS; done += 250_000) await insertGeneratedBills(db, done + 1, Math.min(BILLS, done + 250_000))
  await db.execute(sql`ANALYZE cloud_bills, cloud_bill_terms`)
  const loadSeconds = (performance.now() - loading) / 1000

  const { baseUrl } = await startGateway(t, upstreamUrl, { env: { UPSTREAM_TOKEN: token } })
  const headers = { authorization: `Bearer ${await scriptToken(baseUrl)}` }
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}/api/${path}`, { headers })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }

  const bills = recordRepository(getResource('cloud_bills'))
  const fmt = (n: number) => Math.round(n).toLocaleString('en')
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9)
  const both = (t: Timing) => `${ms(t.p50)} / ${ms(t.p95)}`
  const line = (label: string, viaGateway: Timing, direct: Timing, goal: number) =>
    console.log(
      `${label.padEnd(62)} gateway p50/p95 ${both(viaGateway)}   SQL alone ${both(direct)}   goal p95 <= ${goal} ms${viaGateway.p95 > goal ? '  (over)' : ''}`,
    )

  console.log(
    `cloud bills: ${fmt(BILLS)} (loaded in ${loadSeconds.toFixed(1)} s) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SAMPLES} samples each`,
  )
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 6, 1)).toISOString().slice(0, 7).replace('-', '')
  const histories = [
    { label: 'history: identifier ~CC-0042, newest first', query: 'by_identifier=CC-0042&sort=-date' },
    { label: `history: Invoice Num ~INV-${month}-42, by identifier`, query: `by_reference=INV-${month}-42&sort=identifier` },
    // two filters whose joint selectivity PostgreSQL once overestimated: it walked the amount index
    { label: 'history: company ~3100 and identifier ~CC-004, by -amount', query: 'by_company_code=3100&by_identifier=CC-004&sort=-amount' },
    // a broad search: the planner must walk the sort index, not fetch every match and sort
    { label: 'history: Invoice Num ~INV-, newest first', query: 'by_reference=INV-&sort=-date' },
  ]
  for (const h of histories) {
    // the statement the route runs: the query read by the route's own code
    const query = listQueryOf(bills.resource, { page: 1, per_page: 25, ...Object.fromEntries(new URLSearchParams(h.query)) })
    line(
      h.label,
      await timingOf(async () => (await get(`cloud_bills?per_page=25&${h.query}`)).arrayBuffer()),
      await timingOf(() => bills.list(db, query)),
      30,
    )
  }
  line(
    'history: page 1, newest first',
    await timingOf(async () => (await get('cloud_bills?per_page=25')).arrayBuffer()),
    await timingOf(() => bills.list(db, { page: 1, perPage: 25, sort: '-date', filters: [] })),
    30,
  )
  const today = new Date()
  const end = today.toISOString().slice(0, 10)
  const start = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1)).toISOString().slice(0, 10)
  line(
    `dashboard: 12 months (${start} to ${end}), all identifiers`,
    await timingOf(async () => (await get(`cloud_bills/spend?key=all&startDate=${start}&endDate=${end}`)).arrayBuffer()),
    await timingOf(() => db.execute(spendSql(start, end))),
    300,
  )

  if (process.env.BENCH_SKIP_CSV) return
  const mb = (bytes: number) => fmt(bytes / 2 ** 20)
  const rssBefore = process.memoryUsage().rss
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100)
  let bytes = 0
  const csvMs = await timedMs(async () => {
    // read and dropped as it streams: the bench must not hold the file it measures
    for await (const chunk of (await get('csv/cloud_bills')).body!) bytes += (chunk as Uint8Array).length
  })
  clearInterval(sampler)
  console.log(
    `CSV of every bill through the gateway: ${fmt(BILLS / (csvMs / 1000))} rows/s (${(csvMs / 1000).toFixed(1)} s, ${mb(bytes)} MB); ` +
      `RSS ${mb(rssBefore)} MB before, peak +${mb(rssPeak - rssBefore)} MB (gateway and upstream together)`,
  )

  // RSS counts what V8 has not collected yet and keeps what it freed: whether the export holds what
  // it sent shows in the live memory after a full collection, sampled as the file goes by. Flat:
  // the same at the tenth megabyte as at the last one.
  const live = () => {
    gc()
    const { heapUsed, external } = process.memoryUsage()
    return heapUsed + external
  }
  const samples: number[] = []
  let read = 0
  let nextSample = 0
  for await (const chunk of (await get('csv/cloud_bills')).body!) {
    read += (chunk as Uint8Array).length
    if (read >= nextSample) {
      samples.push(live())
      nextSample += bytes / 10
    }
  }
  samples.push(live())
  const [first, last] = [samples[1] ?? samples[0], samples.at(-2) ?? samples[0]]
  console.log(
    `CSV, live memory after a full GC at each tenth of the file: ${samples.map(mb).join(', ')} MB ` +
      `(from the first tenth to the last: ${last >= first ? '+' : ''}${mb(last - first)} MB, most ${mb(Math.max(...samples))} MB)`,
  )
}

/** V8's full collection, which the bench may call without starting node with --expose-gc */
let collect: (() => void) | undefined
function gc(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc')
    collect = vm.runInNewContext('gc') as () => void
  }
  collect()
}

runBench(main, cleanups)
