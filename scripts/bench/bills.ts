/**
 * `npm run bench` part: cloud bills at a million rows (BENCH_BILLS), through the gateway, each beside
 * the same statement run straight on the database in the same run: a filtered, sorted history page;
 * the dashboard's 12-month aggregate; then the CSV of every bill through the gateway with the growth
 * of the process's RSS (gateway and upstream share this process). PostgreSQL when DATABASE_URL is
 * set (the goals are for it), PGlite otherwise.
 */
import { sql } from 'drizzle-orm'
import { getResource } from '../../shared/resources/index.js'
import { recordRepository } from '../../server/upstream/db/records/repository.js'
import { insertGeneratedBills } from '../../server/upstream/db/seed/generated-bills.js'
import { spendSql } from '../../server/upstream/routes/cloud-bills/spend.js'
import { startGateway, startUpstream } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'

const BILLS = Number(process.env.BENCH_BILLS ?? 1_000_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]

async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

async function p95Of(fn: () => Promise<unknown>): Promise<number> {
  await fn() // the plan and the cache warm: the figure is the steady state
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) times.push(await timedMs(fn))
  return p95(times)
}

async function main() {
  const { database, url: upstreamUrl, token } = await startUpstream(t, { seed: true })
  const db = database.db
  const loading = performance.now()
  for (let done = 0; done < BILLS; done += 250_000) await insertGeneratedBills(db, done + 1, Math.min(BILLS, done + 250_000))
  await db.execute(sql`ANALYZE cloud_bills`)
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
  const line = (label: string, viaGateway: number, direct: number, goal: number) =>
    console.log(
      `${label.padEnd(52)} gateway p95 ${ms(viaGateway)}   SQL alone ${ms(direct)}   goal <= ${goal} ms${viaGateway > goal ? '  (over)' : ''}`,
    )

  console.log(
    `cloud bills: ${fmt(BILLS)} (loaded in ${loadSeconds.toFixed(1)} s) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SAMPLES} samples each`,
  )
  const text = (field: string, value: string) => ({ field, kind: 'text' as const, value })
  const histories = [
    {
      label: 'history: identifier ~CC-0042, newest first',
      query: 'by_identifier=CC-0042&sort=-date',
      filters: [text('identifier', 'CC-0042')],
      sort: '-date',
    },
    {
      label: 'history: Invoice Num ~INV-202605-42, by identifier',
      query: 'by_reference=INV-202605-42&sort=identifier',
      filters: [text('reference', 'INV-202605-42')],
      sort: 'identifier',
    },
    // two broad filters whose joint selectivity PostgreSQL overestimates: it walks the amount index
    {
      label: 'history: company ~3100 and identifier ~CC-004, by -amount',
      query: 'by_company_code=3100&by_identifier=CC-004&sort=-amount',
      filters: [text('company_code', '3100'), text('identifier', 'CC-004')],
      sort: '-amount',
    },
  ]
  for (const h of histories) {
    line(
      h.label,
      await p95Of(async () => (await get(`cloud_bills?per_page=25&${h.query}`)).arrayBuffer()),
      await p95Of(() => bills.list(db, { page: 1, perPage: 25, sort: h.sort, filters: h.filters })),
      30,
    )
  }
  line(
    'history: page 1, newest first',
    await p95Of(async () => (await get('cloud_bills?per_page=25')).arrayBuffer()),
    await p95Of(() => bills.list(db, { page: 1, perPage: 25, sort: '-date', filters: [] })),
    30,
  )
  const today = new Date()
  const end = today.toISOString().slice(0, 10)
  const start = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1)).toISOString().slice(0, 10)
  line(
    `dashboard: 12 months (${start} to ${end}), all identifiers`,
    await p95Of(async () => (await get(`cloud_bills/spend?key=all&startDate=${start}&endDate=${end}`)).arrayBuffer()),
    await p95Of(() => db.execute(spendSql(start, end))),
    300,
  )

  if (process.env.BENCH_SKIP_CSV) return
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
    `CSV of every bill through the gateway: ${fmt(BILLS / (csvMs / 1000))} rows/s (${(csvMs / 1000).toFixed(1)} s, ${fmt(bytes / 2 ** 20)} MB); ` +
      `RSS ${fmt(rssBefore / 2 ** 20)} MB before, peak +${fmt((rssPeak - rssBefore) / 2 ** 20)} MB (gateway and upstream together)`,
  )
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })
