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
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../../server/config.js'
import { buildGateway } from '../../server/gateway/app.js'
import { SCRIPT_CLIENT } from '../../server/idp/plugin.js'
import { buildUpstream } from '../../server/upstream/app.js'
import { openTestDatabase } from '../../server/upstream/db/client.js'
import { freePort, tempDir } from '../../test/helper.js'

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
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  await database.db.execute(sql`
    insert into departments (name, abbreviation)
    select 'Department ' || g, 'D' || g from generate_series(1, ${ROWS}::int) g`)
  const token = 'bench-upstream-token'
  const upstream = await buildUpstream({ token, database, logger: false, mail: { outboxDir: tempDir(t) } })
  await upstream.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => upstream.close())
  const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`

  const port = await freePort()
  const config = loadConfig({ PORT: String(port), DATA_DIR: tempDir(t), UPSTREAM_TOKEN: token })
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
  const gateway = await buildGateway({ ...config, upstreamUrl }, { auditDestination: discard, logger: false })
  await gateway.listen({ host: '127.0.0.1', port })
  t.teardown(() => gateway.close())
  const baseUrl = `http://127.0.0.1:${port}`

  const tokenResponse = await fetch(`${baseUrl}/idp/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${SCRIPT_CLIENT.clientId}:${SCRIPT_CLIENT.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=api',
  })
  const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string }
  const direct = { authorization: `Bearer ${token}`, uid: 'bench@ccoe.example' }
  const viaGateway = { authorization: `Bearer ${accessToken}` }

  const directRate = await load(`${upstreamUrl}/departments?per_page=25&sort=name`, direct)
  const gatewayRate = await load(`${baseUrl}/api/departments?per_page=25&sort=name`, viaGateway)
  const filteredRate = await load(`${upstreamUrl}/departments?per_page=25&sort=name&by_name=ment%201`, direct)
  const middle = Math.max(1, Math.floor(ROWS / 25 / 2))
  const deepRate = await load(`${upstreamUrl}/departments?per_page=25&sort=name&page=${middle}`, direct)

  const counted = await database.db.execute(sql`select count(*)::int as n from departments`)
  const total = (counted as unknown as { rows: { n: number }[] }).rows[0].n
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

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })
