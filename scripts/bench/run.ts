/**
 * `npm run bench`: what the gateway costs, as ratios against a baseline measured in the same run.
 *   1. list throughput: GET /departments?per_page=25 straight to the upstream vs through the
 *      gateway (bearer token, allowlist, proxy, audit); then, direct only, two harder pages of the
 *      same list: a text filter (ILIKE scans every row for the total) and a page in the middle
 *      (OFFSET walks half the sort index);
 *   2. CSV export: the gateway's streamed /api/csv/<model> vs fetching the same pages as JSON
 *      straight from the upstream.
 * The upstream runs on PGlite (or DATABASE_URL) with BENCH_ROWS departments (default 50 000).
 * Every loop is bounded in count and time and talks to 127.0.0.1 only.
 */
import { sql } from 'drizzle-orm'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startGateway, startUpstream } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'
import { runBench } from './run-bench.js'

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const CONCURRENCY = 20

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

async function load(url: string, headers: Record<string, string>) {
  const deadline = Date.now() + SECONDS * 1000
  let done = 0
  let failed = 0
  const worker = async () => {
    for (let i = 0; i < 1_000_000 && Date.now() < deadline; i++) {
      const response = await fetch(url, { headers })
      await response.arrayBuffer()
      if (response.ok) done++
      else failed++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  if (failed) throw new Error(`${failed} requests failed on ${url}`)
  return done / seconds
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const value = await fn()
  return [value, (performance.now() - started) / 1000]
}

async function main() {
  const { database, url: upstreamUrl, token } = await startUpstream(t, { seed: false })
  await database.db.execute(sql`
    insert into departments (name, abbreviation)
    select 'Department ' || g, 'D' || g from generate_series(1, ${ROWS}::int) g`)
  const { baseUrl } = await startGateway(t, upstreamUrl, { env: { UPSTREAM_TOKEN: token } })
  const accessToken = await scriptToken(baseUrl)
  const direct = { authorization: `Bearer ${token}`, uid: 'bench@ccoe.example' }
  const viaGateway = { authorization: `Bearer ${accessToken}` }

  const directRate = await load(`${upstreamUrl}/departments?per_page=25&sort=name`, direct)
  const gatewayRate = await load(`${baseUrl}/api/departments?per_page=25&sort=name`, viaGateway)
  const filteredRate = await load(`${upstreamUrl}/departments?per_page=25&sort=name&by_name=ment%201`, direct)
  const middle = Math.max(1, Math.floor(ROWS / 25 / 2))
  const deepRate = await load(`${upstreamUrl}/departments?per_page=25&sort=name&page=${middle}`, direct)

  const [{ n: total }] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from departments`)
  const [, pagedSeconds] = await timed(async () => {
    for (let page = 1; page <= Math.ceil(total / 1000) + 1; page++) {
      const response = await fetch(`${upstreamUrl}/departments?per_page=1000&page=${page}&sort=name`, { headers: direct })
      const body = (await response.json()) as { data: unknown[] }
      if (body.data.length === 0) break
    }
  })
  const [csvLines, csvSeconds] = await timed(async () => {
    const response = await fetch(`${baseUrl}/api/csv/departments?sort=name`, { headers: viaGateway })
    return (await response.text()).split('\r\n').filter(Boolean).length - 1
  })
  if (csvLines < total) throw new Error(`CSV had ${csvLines} rows, expected ${total}`)

  const fmt = (n: number) => Math.round(n).toLocaleString('en')
  console.log(`rows in departments: ${fmt(total)}, ${CONCURRENCY} concurrent clients, ${SECONDS}s per run`)
  console.log(`list, upstream direct   ${fmt(directRate)} req/s (baseline)`)
  console.log(`list, through gateway   ${fmt(gatewayRate)} req/s  ratio ${(gatewayRate / directRate).toFixed(2)}`)
  console.log(`list, by_name filter     ${fmt(filteredRate)} req/s  (direct)`)
  console.log(`list, page ${middle} (middle)  ${fmt(deepRate)} req/s  (direct)`)
  console.log(`JSON pages, direct      ${fmt(total / pagedSeconds)} rows/s (baseline)`)
  console.log(`CSV through gateway     ${fmt(csvLines / csvSeconds)} rows/s  ratio ${(pagedSeconds / csvSeconds).toFixed(2)}`)
}

runBench(main, cleanups)
