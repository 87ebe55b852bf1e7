/**
 * `npm run bench` part (issue 43 item 3): the audit trail at a million lines in the gateway's
 * database (GATEWAY_DATABASE_URL's table, audit-store.ts), its filtered pages asked through the
 * gateway as the Audit Trail screen asks them, p95 of each beside the goal of 100 ms. The lines are
 * stored by the store's own insert, in batches as the gateway writes them (its rate printed too), in
 * a schema of the bench's own on DATABASE_URL's PostgreSQL, dropped at the end. The table lives in
 * PostgreSQL alone (no PGlite): without DATABASE_URL the bench says so and skips.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { PostgresAuditLines } from '../../server/gateway/audit-store.js'
import { startGateway } from '../../test/helper.js'
import { signIn } from '../../test/lib/sign-in.js'
import { startRecordingUpstream } from '../../test/gateway/start.js'
import { runBench } from './run-bench.js'

const LINES = Number(process.env.BENCH_AUDIT_LINES ?? 1_000_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)
const BATCH = 5000
const GOAL_MS = 100
const DAY_MS = 24 * 60 * 60 * 1000

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!
}

const PEOPLE = Array.from({ length: 2000 }, (_, i) => `person${i}@ccoe.example`)
const CLIENTS = ['ccoe-scripts', 'ccoe-automation']
const MODELS = ['cost_centers', 'companies', 'members', 'cloud_bills', 'departments', 'cloud_contacts', 'project_ids']
const REPLICAS = ['gateway-a', 'gateway-b', 'gateway-c']

/**
 * Line `i` of `LINES`, oldest first over the last 300 days: mostly reads by people, writes one in
 * ten, scripts one in twenty, a refusal one in a hundred, a server error one in a thousand.
 */
function line(i: number, start: number, spanMs: number): string {
  const at = new Date(start + Math.floor((i / LINES) * spanMs)).toISOString()
  const user = i % 20 === 0 ? CLIENTS[(i / 20) % CLIENTS.length] : PEOPLE[(i * 7919) % PEOPLE.length]
  const write = i % 10 === 3
  const method = write ? ['PUT', 'POST', 'DELETE'][i % 3] : 'GET'
  const model = MODELS[i % MODELS.length]
  const path = write && method !== 'POST' ? `/api/${model}/${i % 50_000}` : `/api/${model}`
  const status = i % 1000 === 7 ? 502 : i % 100 === 5 ? 403 : 200
  const replica = REPLICAS[i % REPLICAS.length]
  return JSON.stringify({
    time: at,
    replica,
    reqId: `req-${i}`,
    user,
    method,
    path,
    status,
    durationMs: 3 + (i % 40),
    bytesIn: write ? 200 : 0,
    bytesOut: 1500,
    chain: `bench${replica.slice(-1)}`,
    seq: i + 1,
    prev: '0'.repeat(64),
  })
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    console.log('audit trail at 1M: skipped (the gateway keeps its lines in PostgreSQL: set DATABASE_URL)')
    return
  }
  const schema = `bench_audit_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  })
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)

  const now = Date.now()
  const store = new PostgresAuditLines(url.href, 400, () => now)
  await store.open()
  const filled = performance.now()
  const spanMs = 300 * DAY_MS
  for (let from = 0; from < LINES; from += BATCH) {
    const batch: string[] = []
    for (let i = from; i < Math.min(LINES, from + BATCH); i++) batch.push(line(i, now - spanMs, spanMs))
    await store.insert(batch)
  }
  const fillMs = performance.now() - filled
  await admin.query(`ANALYZE ${schema}.gateway_audit_lines`)
  await store.close()
  console.log(
    `audit trail: ${LINES.toLocaleString('en')} lines stored in batches of ${BATCH} in ${(fillMs / 1000).toFixed(1)} s ` +
      `(${Math.round(LINES / (fillMs / 1000)).toLocaleString('en')} lines/s, eight indexes)`,
  )

  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { GATEWAY_DATABASE_URL: url.href, REPLICA_NAME: 'bench' } })
  const cookie = await signIn(gw.baseUrl, 'audrey@ccoe.example', 'audrey')
  const ask = async (query: string) => {
    const response = await fetch(`${gw.baseUrl}/api/audit?${query}`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`/api/audit?${query} → ${response.status} ${await response.text()}`)
    return (await response.json()) as { data: unknown[]; meta: { next?: string } }
  }
  const middle = (
    await admin.query<{ cursor: string }>(
      `SELECT at_ms || '.' || id AS cursor FROM ${schema}.gateway_audit_lines ORDER BY at_ms DESC, id DESC OFFSET ${Math.floor(LINES / 2)} LIMIT 1`,
    )
  ).rows[0]!.cursor
  const day = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString().slice(0, 10)
  const person = PEOPLE[1234]!
  const cases: [string, string][] = [
    ['the newest page', ''],
    ['a person', `user=${encodeURIComponent(person)}`],
    ['a script client', 'user=ccoe-automation'],
    ['a method (DELETE)', 'method=DELETE'],
    ['a path prefix (/api/cost_centers/)', 'path=%2Fapi%2Fcost_centers%2F'],
    ['a rare status (502, 0.1 %)', 'status=502'],
    ['a request id', `reqId=req-${Math.floor(LINES / 3)}`],
    ['a replica', 'replica=gateway-b'],
    ['a day, 100 days ago', `from=${day(100)}&to=${day(100)}`],
    ['a person in a month', `user=${encodeURIComponent(person)}&from=${day(130)}&to=${day(100)}`],
    ['a person and a refusal (403)', `user=${encodeURIComponent(person)}&status=403`],
    ['the middle, after a cursor', `after=${middle}`],
    ['a page of 1000', 'per_page=1000'],
  ]
  console.log(`| filter (1M lines, ${SAMPLES} asks each) | lines | p95 | goal p95 ≤ ${GOAL_MS} ms |`)
  console.log('| --- | --- | --- | --- |')
  for (const [name, query] of cases) {
    await ask(query) // warm
    const times: number[] = []
    let lines = 0
    for (let s = 0; s < SAMPLES; s++) {
      const started = performance.now()
      lines = (await ask(query)).data.length
      times.push(performance.now() - started)
    }
    const p = p95(times)
    console.log(`| ${name} | ${lines} | ${p.toFixed(1)} ms | ${p <= GOAL_MS ? 'yes' : 'no'} |`)
  }
}

runBench(main, cleanups)
