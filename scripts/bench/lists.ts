/**
 * `npm run bench` part: a list at a million rows, through the gateway, beside the database's own
 * timing of the page's rows in the same run. Cost centers (1M, BENCH_LIST_ROWS) owned by 100k
 * cloud contacts: page 1, a substring filter, the command palette's search (issue 29 item 6), a sort
 * by every list column, a deep page by every list column, and the page after a cursor (at the start,
 * and in the middle of a joined sort); then the CSV of all of them against PostgreSQL's COPY (psql), and the CSV's time at a tenth of the rows
 * (linear time means about 10x); and what the joined sort keys cost writes (migration 043): the
 * bulk insert's rate, and a company's new value rewritten into its cost centers' keys. Beside them,
 * the change log (migration 047): a creation entry per cost center and four updates of every tenth,
 * and the history of one cost center as its record page asks for it; and as many members, filtered
 * by a name typed in part. On PGlite when DATABASE_URL is unset (slower; COPY's baseline then skipped).
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { cpSync, readFileSync } from 'node:fs'
import { get as httpGet, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { csvColumns, getResource, RESOURCES } from '../../shared/resources/index.js'
import { pgliteTemplate } from '../../server/upstream/db/pglite-template.js'
import { shapeOf } from '../../server/upstream/db/records/columns.js'
import { openDatabase, type Database } from '../../server/upstream/db/client.js'
import { startEmbeddedUpstream, type EmbeddedOptions } from '../../server/upstream/embedded.js'
import { startGateway, tempDir, TEST_UPSTREAM_TOKEN } from '../../test/helper.js'
import { scriptToken } from '../../test/lib/sign-in.js'
import { runBench } from './run-bench.js'

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

function p50(times: number[]): number {
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]
}

async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

/**
 * The provider API as `npm start` runs it (embedded.ts): a process of its own, on PGlite in a data
 * folder or on DATABASE_URL in a schema of the bench's (dropped at the end). The bench's own SQL (its
 * rows, the baseline) goes to a pool of its own on that schema; a PGlite folder is one process's, so
 * there the provider API stops while the bench's SQL runs, and comes back at the same address.
 */
async function startBenchUpstream() {
  const dir = tempDir(t, 'ccoe-bench-lists-')
  const databaseUrl = process.env.DATABASE_URL
  const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined
  if (!databaseUrl) cpSync(await pgliteTemplate(), join(dir, 'pglite', 'pgdata'), { recursive: true })
  const options: EmbeddedOptions = {
    databaseUrl,
    schema,
    dataDir: databaseUrl ? undefined : join(dir, 'pglite'),
    token: TEST_UPSTREAM_TOKEN,
    seed: true,
    mail: { outboxDir: join(dir, 'outbox') },
  }
  let embedded = await startEmbeddedUpstream(options)
  options.port = Number(new URL(embedded.url).port)
  const pool = databaseUrl ? await openDatabase({ databaseUrl, schema }) : undefined
  t.teardown(async () => {
    await embedded.close()
    if (!pool) return
    await pool.query(`DROP SCHEMA ${schema} CASCADE`)
    await pool.close()
  })
  return {
    url: embedded.url,
    schema,
    /** the provider API's process (a new one after withSql on PGlite) */
    get pid() {
      return embedded.pid
    },
    async withSql<T>(fn: (database: Database) => Promise<T>): Promise<T> {
      if (pool) return fn(pool)
      await embedded.close()
      const database = await openDatabase({ dataDir: options.dataDir })
      try {
        return await fn(database)
      } finally {
        await database.close()
        embedded = await startEmbeddedUpstream(options)
      }
    },
  }
}

/** CPU seconds (user + system) of a process so far, from /proc (Linux: 100 ticks a second). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0 // gone
  }
}

async function main() {
  const upstream = await startBenchUpstream()
  const dialect = new PgDialect()
  const execute = (database: Database, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query)
    return database.query(text, params)
  }
  // the bounds inline (the bench's own numbers), so the statement also runs inside a multi-statement text
  const costCentersInsert = (from: number, to: number) =>
    sql`
      WITH ids AS (SELECT (SELECT array_agg(id) FROM companies) AS companies, (SELECT array_agg(id) FROM business_units) AS units,
                          (SELECT array_agg(id) FROM departments) AS departments, (SELECT min(id) FROM cloud_contacts) AS contact)
      INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id, approved, active_at, expired_at, created_at)
      SELECT 'CC' || lpad(g::text, 8, '0'), ids.contact + (g % 100000),
             ids.companies[1 + g % cardinality(ids.companies)], ids.units[1 + g % cardinality(ids.units)],
             ids.departments[1 + g % cardinality(ids.departments)],
             g % 3 = 0, now() - make_interval(days => g % 900), CASE WHEN g % 4 = 0 THEN now() + make_interval(days => g % 700) END,
             now() - make_interval(secs => g)
      FROM generate_series(${sql.raw(String(from))}, ${sql.raw(String(to))}) g, ids`
  const insertCostCenters = (database: Database, from: number, to: number) => execute(database, costCentersInsert(from, to))
  // the change log of those cost centers, as the CRUD writes it: created by a loader, every tenth updated four times since
  const code = (g: number) => `CC${String(g).padStart(8, '0')}`
  const insertChanges = (database: Database, from: number, to: number) =>
    execute(
      database,
      sql`
        INSERT INTO record_changes (changed_at, changed_by, model, record_id, action, changes)
        SELECT c.created_at + make_interval(days => k), CASE WHEN k = 0 THEN 'loader' ELSE 'editor' || (c.id % 50) || '@bench.example' END,
               'cost_centers', c.id, CASE WHEN k = 0 THEN 'create' ELSE 'update' END,
               CASE WHEN k = 0 THEN jsonb_build_object('identifier', jsonb_build_object('from', null, 'to', c.identifier))
                    ELSE jsonb_build_object('approved', jsonb_build_object('from', k % 2 = 0, 'to', k % 2 = 1)) END
        FROM cost_centers c, generate_series(0, 4) k
        WHERE c.identifier BETWEEN ${code(from)} AND ${code(to)} AND (k = 0 OR c.id % 10 = 0)`,
    )
  // as many members as cost centers, named first name, surname and number (20 x 20 names): a name
  // typed in part matches 1 in 400 of them, all in one stretch of the list's name order
  const insertMembers = (database: Database) =>
    execute(
      database,
      sql`
        INSERT INTO members (name, email, team, business_units_id, departments_id)
        SELECT (ARRAY['Ada','Ben','Carla','Dmitri','Elena','Farid','Grace','Hiro','Ines','Jonas','Kemal','Lena','Marta','Noor','Oscar','Priya','Quinn','Rosa','Sven','Tariq'])[1 + g % 20]
               || ' ' || (ARRAY['Anders','Baker','Costa','Dubois','Eriksen','Fischer','Garcia','Hansen','Ivanova','Jansen','Kowalski','Larsen','Moreau','Nakamura','Olsen','Petrov','Quist','Rossi','Schmidt','Tanaka'])[1 + (g / 20) % 20]
               || ' ' || g,
               'member' || g || '@bench.example', (ARRAY['Core','Advisory','Community'])[1 + g % 3],
               (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
        FROM generate_series(1, ${sql.raw(String(ROWS))}) g`,
    )
  const tenth = Math.floor(ROWS / 10)
  await upstream.withSql(async (database) => {
    await execute(
      database,
      sql`
        INSERT INTO cloud_contacts (email, name, terminated)
        SELECT 'owner' || g || '@bench.example', 'Owner ' || g, g % 50 = 0 FROM generate_series(1, 100000) g`,
    )
    await insertCostCenters(database, 1, tenth)
    await insertChanges(database, 1, tenth)
    await insertMembers(database)
    await execute(database, sql`ANALYZE`)
  })

  const { baseUrl } = await startGateway(t, upstream.url, { env: { UPSTREAM_TOKEN: TEST_UPSTREAM_TOKEN } })
  const headers = { authorization: `Bearer ${await scriptToken(baseUrl)}` }
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}/api/${path}`, { headers })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }
  // read and dropped as it streams (node:http: a compressed file is counted, not decompressed here,
  // as a browser does that in a process of its own); uncompressed as COPY's baseline is by default
  const csvSeconds = async (encoding = 'identity') => {
    const ms = await timedMs(async () => {
      const url = `${baseUrl}/api/csv/cost_centers?sort=identifier`
      const request = httpGet(url, { headers: { ...headers, 'accept-encoding': encoding } })
      const [response] = (await once(request, 'response')) as [IncomingMessage]
      if (response.statusCode !== 200) throw new Error(`csv: ${response.statusCode}`)
      for await (const chunk of response) void chunk
    })
    return ms / 1000
  }
  const smallCsv = process.env.BENCH_SKIP_CSV ? 0 : await csvSeconds()

  const baseline: number[] = []
  // cost centers whose history is read, one per sample (a tenth of them have five entries, the rest one), and the log's size
  let historyIds: number[] = []
  let logRows = 0
  const insertMs = await upstream.withSql(async (database) => {
    const ms = await timedMs(() => insertCostCenters(database, tenth + 1, ROWS))
    await insertChanges(database, tenth + 1, ROWS)
    // as autovacuum leaves a table after a bulk insert (PostgreSQL 13 and later vacuum after inserts):
    // statistics, and the visibility map that lets a deep page walk its index alone (migration 042)
    await execute(database, sql`VACUUM ANALYZE`)
    for (let i = 0; i < SAMPLES; i++) {
      const from = Math.floor(Math.random() * ROWS)
      baseline.push(await timedMs(() => execute(database, sql`SELECT * FROM cost_centers WHERE id > ${from} ORDER BY id LIMIT 25`)))
    }
    const picked = await execute(
      database,
      sql`SELECT id FROM cost_centers WHERE identifier LIKE 'CC%' ORDER BY random() LIMIT ${SAMPLES + 1}`,
    )
    historyIds = (picked.rows as { id: number }[]).map((r) => Number(r.id))
    logRows = Number(((await execute(database, sql`SELECT count(*)::int AS n FROM record_changes`)).rows as { n: number }[])[0].n)
    return ms
  })

  const fmt = (n: number) => Math.round(n).toLocaleString('en')
  const ms = (n: number) => `${n.toFixed(1)} ms`
  /** `path` may differ per sample (the i-th; -1 for the warm-up) */
  async function measure(label: string, path: string | ((i: number) => string), goal: number) {
    const pathOf = typeof path === 'string' ? () => path : path
    await get(pathOf(-1)) // warm the plan and cache: the figure is the steady state
    const times: number[] = []
    for (let i = 0; i < SAMPLES; i++) times.push(await timedMs(async () => (await get(pathOf(i))).arrayBuffer()))
    const value = p95(times)
    console.log(`${label.padEnd(44)} p95 ${ms(value).padStart(10)}  goal <= ${goal} ms${value > goal ? '  (over)' : ''}`)
  }

  console.log(`cost centers: ${fmt(ROWS)}, cloud contacts: 100,000, ${SAMPLES} samples each`)
  console.log(`${'a page of 25 rows by primary key, SQL only'.padEnd(44)} p95 ${ms(p95(baseline)).padStart(10)}  (baseline)`)
  // each row's joined sort keys are read by trigger as it is inserted (migration 043)
  console.log(
    `${`insert of ${fmt(ROWS - tenth)} cost centers, one statement`.padEnd(44)} ${fmt((ROWS - tenth) / (insertMs / 1000))} rows/s`,
  )
  await measure('page 1, default sort', 'cost_centers?per_page=25', 30)
  // issue 27 item 7: a record page's History, as the web asks for it (its newest 10 entries)
  console.log(`record changes: ${fmt(logRows)}`)
  await measure(
    'history of one cost center (a different one each)',
    (i) => `record_changes?per_page=10&sort=-changed_at&by_model=cost_centers&by_record_id=${historyIds[i + 1]}`,
    30,
  )
  await measure('substring filter by_identifier=12345', 'cost_centers?per_page=25&by_identifier=12345', 30)
  console.log(`members: ${fmt(ROWS)}`)
  await measure('members by a name in part (rosa tanak)', 'members?per_page=25&by_name=rosa%20tanak', 30)
  await measure('members by a name in part (12345)', 'members?per_page=25&by_name=12345', 30)
  // issue 29 item 6: the command palette's search of every model (shared/calls/search.ts), as typed:
  // the start of an identifier, a whole one, an id, an owner's email and name, one letter, nothing found
  const someCode = (i: number) => code(1 + (((i + 1) * 7919) % ROWS))
  const searches: [string, (i: number) => string][] = [
    ['the start of an identifier', (i) => someCode(i).slice(0, 6)],
    ['a whole identifier, in lower case', (i) => someCode(i).toLowerCase()],
    ['an id', (i) => String(1 + (((i + 1) * 104729) % ROWS))],
    ["the start of an owner's email", (i) => `owner${(i + 1) * 997}@`],
    ["the start of an owner's name", (i) => `Owner ${(i + 1) * 13}`],
    ['one letter', () => 'c'],
    ['nothing found', (i) => `zz${i}`],
  ]
  for (const [label, text] of searches) await measure(`search: ${label}`, (i) => `search?q=${encodeURIComponent(text(i))}`, 100)
  const middle = Math.floor(ROWS / 50)
  await measure('deep page (the middle, OFFSET)', `cost_centers?per_page=25&page=${middle}`, 100)
  for (const column of process.env.BENCH_SKIP_SORTS ? [] : getResource('cost_centers').columns) {
    await measure(`sort by ${column}`, `cost_centers?per_page=25&sort=${column}`, 100)
    await measure(`sort by -${column}`, `cost_centers?per_page=25&sort=-${column}`, 100)
    await measure(`deep page sorted by ${column}`, `cost_centers?per_page=25&sort=${column}&page=${middle}`, 100)
  }
  const cursorOf = async (path: string) => ((await (await get(path)).json()) as { meta: { next: string } }).meta.next
  const first = await cursorOf('cost_centers?per_page=25&sort=identifier&count=none&page=1')
  await measure('the page after a cursor', `cost_centers?per_page=25&sort=identifier&count=none&after=${first}`, 100)
  // the keyset way to the middle of a joined sort: a cursor from there costs what one from page 1 does
  const deep = await cursorOf(`cost_centers?per_page=25&sort=cloud_contact_email&count=none&page=${middle}`)
  await measure(
    'the middle by cursor, sorted by owner email',
    `cost_centers?per_page=25&sort=cloud_contact_email&count=none&after=${deep}`,
    100,
  )

  if (!process.env.BENCH_SKIP_CSV) await csvFigures()

  // what the stored sort keys cost a write: a company's new AWS GL rewrites the keys of every cost center it has
  await upstream.withSql(async (database) => {
    const [busiest] = (
      await execute(
        database,
        sql`SELECT companies_id AS id, count(*)::int AS n FROM cost_centers GROUP BY companies_id ORDER BY n DESC LIMIT 1`,
      )
    ).rows as { id: number; n: number }[]
    const rewriteMs = await timedMs(() => execute(database, sql`UPDATE companies SET aws_gl = aws_gl || '-2' WHERE id = ${busiest.id}`))
    console.log(`${`a company's new AWS GL, into ${fmt(busiest.n)} cost centers' keys`.padEnd(44)} ${ms(rewriteMs)}`)
    if (!process.env.DATABASE_URL) return
    // the keys' share of a bulk insert: 100,000 more rows with the trigger, and without it (the baseline), each rolled back
    const rolledBack = async (withoutKeys: boolean) => {
      const insert = dialect.sqlToQuery(costCentersInsert(ROWS + 1, ROWS + 100_000)).sql
      const disable = withoutKeys ? 'ALTER TABLE cost_centers DISABLE TRIGGER cost_centers_sort_keys;' : ''
      return 100_000 / ((await timedMs(() => database.query(`BEGIN; ${disable} ${insert}; ROLLBACK`))) / 1000)
    }
    const [withKeys, withoutKeys] = [await rolledBack(false), await rolledBack(true)]
    console.log(
      `${'insert of 100,000 cost centers, keys read'.padEnd(44)} ${fmt(withKeys)} rows/s, ${fmt(withoutKeys)} without the trigger (baseline): ${(withKeys / withoutKeys).toFixed(2)}x`,
    )
  })

  async function csvFigures() {
    const rssBefore = process.memoryUsage().rss
    const cpuBefore = [process.cpuUsage(), cpuOf(upstream.pid)] as const
    const fullCsv = await csvSeconds()
    const rssGrowth = (process.memoryUsage().rss - rssBefore) / 2 ** 20
    const gatewayCpu = process.cpuUsage(cpuBefore[0])
    const cpu = [(gatewayCpu.user + gatewayCpu.system) / 1e6, cpuOf(upstream.pid) - cpuBefore[1]]
    console.log(`CSV through the gateway, ${fmt(ROWS)} rows     ${fmt(ROWS / fullCsv)} rows/s (${fullCsv.toFixed(1)} s)`)
    console.log(`  its CPU: the gateway (and the reader) ${cpu[0].toFixed(1)} s, the upstream ${cpu[1].toFixed(1)} s`)
    for (const encoding of ['br', 'gzip']) {
      const seconds = await csvSeconds(encoding)
      console.log(`  the same, compressed (${encoding})`.padEnd(44) + ` ${fmt(ROWS / seconds)} rows/s (${seconds.toFixed(1)} s)`)
    }
    console.log(
      `CSV, ${fmt(tenth)} rows -> ${fmt(ROWS)} rows          ${(fullCsv / smallCsv).toFixed(1)}x the time for 10x the rows  goal <= 12x`,
    )
    console.log(`RSS growth of the bench process (the gateway) during the CSV  ${rssGrowth.toFixed(0)} MB  goal <= 64 MB`)
    // what one page of the walk weighs as JSON: with the CSV's columns alone (fields=, as the CSV asks), and with every field
    const pageBytes = async (fields: string) =>
      (await (await get(`cost_centers?per_page=1000&count=none&sort=identifier${fields}`)).arrayBuffer()).byteLength
    const columnsOnly = `&fields=${csvColumns(getResource('cost_centers'))
      .map((c) => c.field)
      .join(',')}`
    console.log(
      `a page of 1,000 as JSON, the CSV's columns     ${fmt((await pageBytes(columnsOnly)) / 1024)} KB (every field: ${fmt((await pageBytes('')) / 1024)} KB)`,
    )
    // a list page while an export runs: on PGlite both share one connection, so the export must leave it turns
    const page = () => timedMs(async () => (await get('cost_centers?per_page=25&sort=identifier')).arrayBuffer())
    const idle: number[] = []
    for (let i = 0; i < SAMPLES; i++) idle.push(await page())
    let exporting = true
    const exported = csvSeconds().finally(() => (exporting = false))
    const during: number[] = []
    while (exporting && during.length < SAMPLES) during.push(await page())
    await exported
    const ratio = p50(during) / p50(idle)
    // the goal is PGlite's, where the export and a person's page share one database thread
    const goal = process.env.DATABASE_URL ? "(PGlite's goal <= 2x)" : 'goal <= 2x'
    console.log(
      `a list page during a CSV export, p50           ${ms(p50(idle))} idle, ${ms(p50(during))} during (${ratio.toFixed(1)}x, ${during.length} samples)  ${goal}`,
    )
    if (process.env.DATABASE_URL) {
      const schema = upstream.schema!
      const copySeconds = (query: string) =>
        timedMs(async () =>
          execFileSync('psql', [process.env.DATABASE_URL!, '-qAtc', `SET search_path = "${schema}"; COPY (${query}) TO STDOUT CSV`], {
            maxBuffer: 1 << 30,
          }),
        ).then((ms) => ms / 1000)
      // the export's own rows and columns (the joined ones too), in its order, as PostgreSQL writes them
      const resource = getResource('cost_centers')
      const shape = shapeOf(resource, RESOURCES)
      const columns = csvColumns(resource).map((c) => shape.expr(c.field))
      const sameColumns = dialect.sqlToQuery(
        sql`SELECT ${sql.join(columns, sql`, `)} FROM cost_centers AS t${shape.joins} ORDER BY lower(t.identifier), t.id`,
      ).sql
      const copySame = await copySeconds(sameColumns)
      const copyTable = await copySeconds('SELECT * FROM cost_centers ORDER BY identifier')
      console.log(
        `COPY of the export's rows and columns (psql)  ${fmt(ROWS / copySame)} rows/s (baseline)  CSV ratio ${(copySame / fullCsv).toFixed(2)}  goal >= 0.25`,
      )
      console.log(
        `COPY of the table alone, no joins (psql)      ${fmt(ROWS / copyTable)} rows/s  CSV ratio ${(copyTable / fullCsv).toFixed(2)}`,
      )
    }
  }
}

runBench(main, cleanups)
