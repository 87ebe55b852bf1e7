import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import t, { type Test } from 'tap'
import { getResource, queryFilters, RESOURCES } from '../../../shared/resources/index.js'
import { buildUpstream } from '../../../server/upstream/app.js'
import { openDatabase, PLANNER_SETTINGS } from '../../../server/upstream/db/client.js'
import { openTestDatabase } from '../../lib/test-database.js'
import { createPglite, pgliteTransaction, pgTransaction } from '../../../server/upstream/db/drivers.js'
import { migrate, readMigrations, type RunInTransaction } from '../../../server/upstream/db/migrate.js'
import { pgliteTemplate } from '../../../server/upstream/db/pglite-template.js'
import { upsertMany } from '../../../server/upstream/db/records/bulk.js'
import { recordRepository } from '../../../server/upstream/db/records/repository.js'
import { rows } from '../../../server/upstream/db/records/rows.js'
import { DEMO_SEEDS, seedDemoData } from '../../../server/upstream/db/seed/index.js'
import { TOKEN } from '../fixtures/serve.js'

interface Teardown {
  teardown(fn: () => unknown): void
}

const databaseUrl = process.env.DATABASE_URL
const dialect = databaseUrl ? 'postgres' : 'pglite'

function tempDir(t: Teardown): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-db-test-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The raw driver of this run's dialect, on a database where the migrations already ran once. */
async function rawDatabase(t: Teardown): Promise<{ run: RunInTransaction; count(table: string): Promise<number> }> {
  if (databaseUrl) {
    const schema = `test_raw_${randomBytes(4).toString('hex')}`
    const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}` })
    await pool.query(`CREATE SCHEMA ${schema}`)
    t.teardown(async () => {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`)
      await pool.end()
    })
    const count = async (table: string) =>
      Number(
        (
          await pool.query(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2`, [
            schema,
            table,
          ])
        ).rows[0].n,
      )
    return { run: pgTransaction(pool), count }
  }
  const dir = join(tempDir(t), 'pgdata')
  cpSync(await pgliteTemplate(), dir, { recursive: true })
  const client = await PGlite.create(dir)
  t.teardown(() => client.close())
  const count = async (table: string) =>
    Number(
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = $1`, [table])).rows[0]
        .n,
    )
  return { run: pgliteTransaction(client), count }
}

t.test(`migrations (${dialect})`, async (t) => {
  const { run, count } = await rawDatabase(t)
  const real = readMigrations()
  t.ok(real.length >= 1 && real.every((m) => /^\d{3}_/.test(m.name)), 'numbered SQL files')
  await migrate(run)
  t.same(await migrate(run), [], 'a second run applies nothing')
  t.equal(await count('schema_migrations'), 1, 'the bookkeeping table is in this schema')

  const dir = tempDir(t)
  for (const m of real) writeFileSync(join(dir, m.name), m.sql)
  writeFileSync(join(dir, '900_extra.sql'), 'CREATE TABLE extra_900 (id integer);')
  t.same(await migrate(run, readMigrations(dir)), ['900_extra.sql'], 'only the new one runs')
  t.equal(await count('extra_900'), 1)

  writeFileSync(join(dir, '900_extra.sql'), 'CREATE TABLE extra_900 (id bigint);')
  await t.rejects(migrate(run, readMigrations(dir)), /900_extra\.sql was changed after it was applied/)

  writeFileSync(join(dir, '900_extra.sql'), 'CREATE TABLE extra_900 (id integer);')
  writeFileSync(join(dir, '950_half.sql'), 'CREATE TABLE half_950 (id integer); SELECT 1 / 0;')
  await t.rejects(migrate(run, readMigrations(dir)), /division by zero/)
  t.equal(await count('half_950'), 0, 'a failing migration leaves nothing behind')
})

t.test(`migration 053 keeps the bills a database already holds twice (${dialect})`, async (t) => {
  // a database as it was before bills had a key: PostgreSQL's fresh schema, or a new PGlite
  let run: RunInTransaction
  if (databaseUrl) run = (await rawDatabase(t)).run
  else {
    const client = await createPglite(join(tempDir(t), 'pgdata'))
    t.teardown(() => client.close())
    run = pgliteTransaction(client)
  }
  const all = readMigrations()
  await migrate(
    run,
    all.filter((m) => m.name < '053'),
  )
  const bill = (amount: string, lineItem: string | null) =>
    `('2026-10-01', 'aws', 'INV-1', '650100', '1000-CCOE-01', ${amount}, ${lineItem === null ? 'NULL' : `'${lineItem}'`})`
  await run((tx) =>
    tx.exec(`INSERT INTO cloud_bills (date, provider, reference, account, identifier, amount, line_item) VALUES
      ${[bill('10', 'EC2'), bill('10', 'EC2'), bill('12', 'EC2'), bill('5', null), bill('5', null), bill('7', 'S3')].join(', ')}`),
  )
  t.same(
    await migrate(run),
    all.filter((m) => m.name >= '053').map((m) => m.name),
  )
  const stored = await run((tx) =>
    tx.query<{ amount: string; line_item: string | null; occurrence: number }>(
      'SELECT amount::text AS amount, line_item, occurrence FROM cloud_bills ORDER BY id',
    ),
  )
  t.strictSame(
    stored,
    [
      { amount: '10.00', line_item: 'EC2', occurrence: 1 },
      { amount: '10.00', line_item: 'EC2', occurrence: 2 },
      { amount: '12.00', line_item: 'EC2', occurrence: 3 },
      { amount: '5.00', line_item: null, occurrence: 1 },
      { amount: '5.00', line_item: null, occurrence: 2 },
      { amount: '7.00', line_item: 'S3', occurrence: 1 },
    ],
    'not one deleted: the later copies numbered as further occurrences',
  )
  await t.rejects(
    run((tx) =>
      tx.exec(`INSERT INTO cloud_bills (date, provider, reference, account, identifier, amount, line_item) VALUES ${bill('1', null)}`),
    ),
    /duplicate key value violates unique constraint "cloud_bills_line_key_idx"/,
    'a line without a line item is one line too (NULLS NOT DISTINCT)',
  )
})

t.test('every connection plans with the upstream’s planner settings', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  // ten at once, so a PostgreSQL pool answers from several of its connections, each set at its start
  const settings = await Promise.all(
    Array.from({ length: 10 }, () =>
      rows<{ jit: string; join_collapse_limit: string; pid: number }>(
        database.db,
        sql`SELECT current_setting('jit') AS jit, current_setting('join_collapse_limit') AS join_collapse_limit, pg_backend_pid() AS pid`,
      ),
    ),
  )
  t.ok(
    new Set(settings.map(([s]) => s.pid)).size >= (dialect === 'postgres' ? 2 : 1),
    'read on several connections where there are several',
  )
  t.strictSame(
    settings.map(([{ jit, join_collapse_limit }]) => ({ jit, join_collapse_limit })),
    Array.from({ length: 10 }, () => ({ ...PLANNER_SETTINGS })),
  )
})

t.test('the demo data: seeded once, never over people’s data', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const count = async (table: string) =>
    (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n
  t.equal(await count('departments'), 0, 'a test database starts empty')
  await seedDemoData(database)
  for (const seed of DEMO_SEEDS) t.equal(await count(getResource(seed.model)!.table), seed.rows.length, seed.model)
  const units = await rows<{ abbreviation: string }>(database.db, sql`SELECT abbreviation FROM business_units`)
  t.same(units.map((u) => u.abbreviation).sort(), ['BET', 'CCOE', 'CIO', 'CORP', 'GAM', 'LOT'])
  t.ok((await count('departments')) >= 10, 'a dozen departments')
  // lookups named by label in the seed files point at the right rows
  const costCenter = await recordRepository(getResource('cost_centers')!).list(database.db, {
    page: 1,
    perPage: 1,
    sort: 'identifier',
    filters: [{ field: 'identifier', kind: 'text', value: '1000-CCOE-01' }],
  })
  t.hasStrict(costCenter.data[0], {
    cloud_contact_email: 'alice.martin@example.com',
    company_code: '1000',
    business_unit_name: 'Cloud Centre of Excellence',
    department_name: 'Cloud Engineering',
  })

  await seedDemoData(database)
  for (const seed of DEMO_SEEDS) t.equal(await count(getResource(seed.model)!.table), seed.rows.length, `again ${seed.model}`)
  await database.db.execute(sql`DELETE FROM dcoe_members`)
  await database.db.execute(sql`INSERT INTO dcoe_members (name, email) VALUES ('Only mine', 'me@example.com')`)
  await seedDemoData(database)
  t.equal(await count('dcoe_members'), 1, 'a model with rows is left alone')

  // an upgrade adds a model whose demo rows point at data people have since removed
  await database.db.execute(sql`DELETE FROM github_copilot_users`)
  await database.db.execute(sql`DELETE FROM github_organization_apps`)
  await database.db.execute(sql`DELETE FROM virtual_machines`)
  await database.db.execute(sql`DELETE FROM sap_cost_centers`)
  await database.db.execute(sql`DELETE FROM cloud_bills`)
  await database.db.execute(sql`DELETE FROM project_ids`)
  await database.db.execute(sql`DELETE FROM cost_center_networks`)
  await database.db.execute(sql`DELETE FROM cost_center_budgets`)
  await database.db.execute(sql`DELETE FROM cost_centers`)
  await database.db.execute(sql`DELETE FROM cloud_contacts WHERE email = 'alice.martin@example.com'`)
  await database.db.execute(sql`DELETE FROM dcoe_members`)
  const warnings: string[] = []
  await seedDemoData(database, (message) => warnings.push(message))
  t.equal(await count('cost_centers'), 0, 'that model is skipped, all or nothing')
  t.match(warnings, [
    /^demo data for cost_centers skipped: no cloud_contacts named "alice\.martin@example\.com"/,
    /^demo data for sap_cost_centers skipped: no cloud_contacts named "alice\.martin@example\.com"/,
    /^demo data for virtual_machines skipped: no cost_centers named "3100-GAM-07"/,
    /^demo data for github_organization_apps skipped: no cost_centers named "1000-CCOE-01"/,
    /^demo data for github_copilot_users skipped: no cost_centers named "1000-CCOE-01"/,
    /^demo data for cost_center_networks skipped: no cost_centers named "1000-CCOE-01"/,
    /^demo data for project_ids skipped: no cost_center_networks named "NET-1000-01"/,
    /^demo data for cloud_bills skipped: no cost_center_networks named "NET-/,
    /^demo data for cost_center_budgets skipped: no cost_centers named "1000-CCOE-01"/,
  ])
  t.equal(warnings.length, 9, 'and nothing else is skipped')
  t.equal(await count('dcoe_members'), DEMO_SEEDS.find((s) => s.model === 'dcoe_members')!.rows.length, 'the others still seed')
})

t.test('a database failure is a bare 500, and /healthz says so', async (t) => {
  const database = await openTestDatabase()
  const ghost = { ...getResource('departments')!, key: 'ghosts', path: 'ghosts', table: 'no_such_table' }
  const app = await buildUpstream({ token: TOKEN, database, resources: [ghost] })
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.close())
  const { port } = app.server.address() as { port: number }
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })
  const failed = await get('/ghosts')
  t.equal(failed.status, 500)
  const text = await failed.text()
  t.same(JSON.parse(text), { error: 'Internal Server Error', statusCode: 500 })
  t.notMatch(text, /no_such_table|relation|select/i, 'no SQL or table name leaks')
  t.same(await (await get('/healthz')).json(), { status: 'ok' })
  await database.close()
  const down = await get('/healthz')
  t.same({ status: down.status, body: await down.json() }, { status: 503, body: { status: 'unavailable' } })
})

t.test('PGlite: one process per data folder', { skip: databaseUrl ? 'DATABASE_URL is set' : false }, async (t) => {
  const dataDir = tempDir(t)
  cpSync(await pgliteTemplate(), join(dataDir, 'pgdata'), { recursive: true })
  const first = await openDatabase({ dataDir })
  t.equal(first.dialect, 'pglite')
  t.equal(readFileSync(join(dataDir, 'pglite.lock'), 'utf8').split('\n')[0], String(process.pid))
  await t.rejects(openDatabase({ dataDir }), {
    message: `The database in ${dataDir} is already in use by process ${process.pid}: stop that process or use another data folder`,
  })
  await first.close()
  const again = await openDatabase({ dataDir })
  await again.close()
  // a crashed owner leaves its lock behind: a dead pid does not block the next start
  const dead = spawnSync(process.execPath, ['-e', '']).pid
  writeFileSync(join(dataDir, 'pglite.lock'), `${dead}\n${(await import('node:os')).hostname()}\n`)
  const afterCrash = await openDatabase({ dataDir })
  t.same((await rows(afterCrash.db, sql`SELECT 1 AS one`))[0], { one: 1 })
  await afterCrash.close()
})

t.test(
  'PostgreSQL: each test database is its own schema, dropped on close',
  { skip: databaseUrl ? false : 'no DATABASE_URL' },
  async (t) => {
    const a = await openTestDatabase()
    const b = await openTestDatabase()
    t.equal(a.dialect, 'postgres')
    await a.db.execute(sql`INSERT INTO departments (name) VALUES ('Only in a')`)
    t.same(await rows(b.db, sql`SELECT name FROM departments`), [], 'b does not see a')
    const [{ schema }] = await rows<{ schema: string }>(a.db, sql`SELECT current_schema() AS schema`)
    t.match(schema, /^test_/)
    await a.close()
    const [{ n }] = await rows<{ n: number }>(b.db, sql`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${schema}`)
    t.equal(n, 0, 'the schema is gone')
    await b.close()
  },
)

t.test('opening a test database is cheap (informational)', async (t) => {
  const started = performance.now()
  const database = await openTestDatabase()
  t.comment(`openTestDatabase (${dialect}): ${Math.round(performance.now() - started)} ms`)
  t.equal(database.dialect, dialect)
  await database.close()
})

t.test('demo cost centers spread over the created-within choices', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  await seedDemoData(database, () => {})
  const within = async (days: number) =>
    (
      await recordRepository(getResource('cost_centers')!).list(database.db, {
        page: 1,
        perPage: 100,
        sort: 'identifier',
        filters: [{ field: 'created_at', kind: 'createdWithin', value: String(days) }],
      })
    ).total
  t.same([await within(30), await within(60), await within(90)], [1, 2, 3], '30, 60 and 90 days each show more')
})

/** An identifier as pg_get_constraintdef and pg_indexes print it: quoted unless plain lower case. */
const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name}"`)

t.test("the CHECK lists of the migrations are the registry's options", async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const checks = await rows<{ table: string; def: string }>(
    database.db,
    sql`SELECT r.relname AS "table", pg_get_constraintdef(c.oid) AS def
        FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
        WHERE c.contype = 'c' AND r.relnamespace = current_schema()::regnamespace`,
  )
  // `CHECK ((team = ANY (ARRAY['Core'::text, …])))`: the column and its list of choices
  const lists = new Map<string, string[]>()
  for (const { table, def } of checks) {
    const match = /^CHECK \(\((\S+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(def)
    if (match)
      lists.set(
        `${table}.${match[1]}`,
        [...match[2].matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1].replace(/''/g, "'")),
      )
  }
  const selects = RESOURCES.flatMap((r) =>
    r.fields.filter((f) => f.type === 'select' && !f.readOnly).map((f) => [`${r.table}.${ident(f.name)}`, [...f.options!]] as const),
  )
  t.ok(selects.length >= 5, 'teams, GL types, RI/Reno, business units')
  for (const [column, options] of selects) t.same(lists.get(column), options, `${column}: the CHECK and the registry agree`)
  // tables outside the registry (the directory groups of migration 014) keep CHECK lists of their own
  const registryTables = new Set(RESOURCES.map((r) => r.table))
  t.same(
    [...lists.keys()].filter((column) => registryTables.has(column.split('.')[0])).sort(),
    selects.map(([column]) => column).sort(),
    'no CHECK list of a registry table without its select field',
  )
})

/**
 * A sort's (key, id) index as pg_indexes prints it, as a pattern: text sorts by lower(column), and
 * such an index includes the column, so a deep page's walk reads the index alone (migration 042).
 */
function sortIndex(type: string, column: string): string {
  if (!['text', 'email', 'select'].includes(type)) return `\\(${ident(column)}, id\\)`
  return `\\(lower\\(${ident(column)}\\), id\\) INCLUDE \\(${ident(column)}\\)`
}

t.test("the indexes serve the registry's sorts, searches and case-insensitive emails", async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const indexes = (
    await rows<{ def: string }>(database.db, sql`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = current_schema()`)
  ).map((r) => r.def.replace(/ ON \S+\./, ' ON ')) // no schema name in the comparisons
  const has = (t: Test, pattern: RegExp, what: string) =>
    t.ok(
      indexes.some((d) => pattern.test(d)),
      `${what}: ${pattern}`,
    )
  for (const resource of RESOURCES) {
    const on = `ON ${ident(resource.table)} USING`
    const baseColumn = (name: string) => resource.fields.find((f) => f.name === name && !f.join)
    // every list column on the table itself sorts by a (key, id) index: a page at 1M rows is a
    // top-N index scan whatever column a person clicks (rich text is never sorted, nor indexed)
    const sorts = new Set([resource.defaultSort.replace(/^-/, ''), ...resource.columns])
    for (const sort of [...sorts].map(baseColumn)) {
      if (!sort || sort.name === 'id' || sort.type === 'richtext' || sort.type === 'list' || sort.type === 'json') continue
      // long free text (over 500 characters, or unbounded) could pass btree's row limit: sorted unindexed
      if (['text', 'email'].includes(sort.type) && (sort.maxLength === undefined || sort.maxLength > 500)) continue
      has(t, new RegExp(`${on} btree ${sortIndex(sort.type, sort.name)}$`), `${resource.key} sorted by ${sort.name}`)
    }
    // a list column of a looked-up row sorts by the key the base table keeps for it (migration 043)
    for (const field of resource.fields.filter((f) => f.join && resource.columns.includes(f.name))) {
      has(t, new RegExp(`${on} btree \\(${ident(`sort_${field.name}`)}, id\\)$`), `${resource.key} sorted by ${field.name}`)
    }
    for (const filter of queryFilters(resource).filter((f) => f.kind === 'text' && baseColumn(f.field))) {
      if (filter.terms) {
        // searched among its distinct values (no pending list to read through), then matched by the (lower(column), id) index
        has(
          t,
          new RegExp(`ON ${ident(filter.terms)} USING gin \\(term (\\S+\\.)?gin_trgm_ops\\) WITH \\(fastupdate='?off'?\\)$`),
          `${filter.terms} searched`,
        )
        has(t, new RegExp(`${on} btree ${sortIndex('text', filter.field)}$`), `${resource.key} matched by ${filter.param}`)
        continue
      }
      has(t, new RegExp(`${on} gin \\(${ident(filter.field)} (\\S+\\.)?gin_trgm_ops\\)$`), `${resource.key} searched by ${filter.param}`)
    }
    for (const field of resource.fields.filter((f) => f.unique && f.type === 'email')) {
      const name = `${resource.table}_${field.name}_key`
      has(
        t,
        new RegExp(`^CREATE UNIQUE INDEX ${name} ${on} btree \\(lower\\(${ident(field.name)}\\)\\)$`),
        `${resource.key}.${field.name} unique in any case`,
      )
    }
  }
})

t.test("every joined list column's stored sort key follows the looked-up rows and the lookups", async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  await seedDemoData(database, () => {})
  const joined = RESOURCES.flatMap((resource) =>
    resource.fields
      .filter((f) => f.join && resource.columns.includes(f.name))
      .map((field) => {
        const lookup = resource.fields.find((f) => f.name === field.join!.via)!
        const looked = RESOURCES.find((r) => r.key === lookup.lookup!.model)!
        return { resource, field, lookup: lookup.name, looked: looked.table, column: field.join!.column }
      }),
  )
  t.ok(joined.length >= 30, `${joined.length} joined list columns`)
  /** rows whose stored key is not the looked-up value as the list sorts it (lower() for text) */
  async function stale(everyColumnUsed = false): Promise<string[]> {
    const found: string[] = []
    for (const { resource, field, lookup, looked, column } of joined) {
      const value = sql`l.${sql.identifier(column)}`
      const key = field.type === 'boolean' ? value : sql`lower(${value})`
      const [row] = await rows<{ n: number; used: number }>(
        database.db,
        sql`SELECT count(*) FILTER (WHERE t.${sql.identifier(`sort_${field.name}`)} IS DISTINCT FROM ${key})::int AS n,
                   count(l.id)::int AS used
            FROM ${sql.identifier(resource.table)} AS t LEFT JOIN ${sql.identifier(looked)} AS l ON l.id = t.${sql.identifier(lookup)}`,
      )
      if (row.n > 0) found.push(`${resource.key}.${field.name}: ${row.n}`)
      if (everyColumnUsed && row.used === 0) found.push(`${resource.key}.${field.name}: no demo row uses a looked-up row`)
    }
    return found
  }
  t.strictSame(await stale(), [], 'as the demo data was inserted')
  // every looked-up value changes (booleans flip, text gains a prefix in another case)
  for (const { looked, column, field } of joined) {
    const name = sql.identifier(column)
    await database.db.execute(
      field.type === 'boolean'
        ? sql`UPDATE ${sql.identifier(looked)} SET ${name} = NOT ${name}`
        : sql`UPDATE ${sql.identifier(looked)} SET ${name} = 'Z' || ${name} WHERE length(${name}) < 40`,
    )
  }
  t.strictSame(await stale(), [], 'after every looked-up value changed')
  // every row moves to another looked-up row (the next one by id, else the first), and every third loses an optional one
  for (const { resource, lookup, looked } of joined) {
    const table = sql.identifier(resource.table)
    const column = sql.identifier(lookup)
    const optional = !resource.fields.find((f) => f.name === lookup)!.required
    await database.db.execute(sql`UPDATE ${table} AS t SET ${column} = CASE WHEN ${optional} AND t.id % 3 = 0 THEN NULL
        ELSE coalesce((SELECT min(l.id) FROM ${sql.identifier(looked)} AS l WHERE l.id > t.${column} AND l.id <> t.id),
                      (SELECT min(l.id) FROM ${sql.identifier(looked)} AS l WHERE l.id <> t.id)) END`)
  }
  t.strictSame(await stale(true), [], 'after every row moved to another looked-up row')
})

t.test('a bulk upsert keyed by email matches the address in any case', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const contacts = getResource('cloud_contacts')
  const [added] = await upsertMany(database.db, contacts, 'email', [{ email: 'Ann.Lee@example.com', name: 'Ann' }])
  t.strictSame(added, { id: added.id, key: 'Ann.Lee@example.com', inserted: true })
  t.type(added.id, 'number')
  t.strictSame(await upsertMany(database.db, contacts, 'email', [{ email: 'ann.lee@EXAMPLE.com', name: 'Ann Lee' }]), [
    { id: added.id, key: 'Ann.Lee@example.com', inserted: false },
  ])
  t.same(
    await rows(database.db, sql`SELECT email, name FROM cloud_contacts`),
    [{ email: 'Ann.Lee@example.com', name: 'Ann Lee' }],
    'one row, renamed',
  )
})

t.test('a required lookup is a NOT NULL column with a foreign key (list joins on it are inner joins)', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const columns = await rows<{ table_name: string; column_name: string; is_nullable: string }>(
    database.db,
    sql`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`,
  )
  const foreignKeys = await rows<{ table_name: string; column_name: string }>(
    database.db,
    sql`SELECT k.table_name, k.column_name FROM information_schema.table_constraints c
        JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
        WHERE c.constraint_type = 'FOREIGN KEY' AND c.table_schema = current_schema()`,
  )
  for (const resource of RESOURCES) {
    for (const field of resource.fields.filter((f) => f.lookup && f.required && !f.readOnly)) {
      const column = columns.find((c) => c.table_name === resource.table && c.column_name === field.name)
      t.equal(column?.is_nullable, 'NO', `${resource.table}.${field.name} is NOT NULL`)
      t.ok(
        foreignKeys.some((k) => k.table_name === resource.table && k.column_name === field.name),
        `${resource.table}.${field.name} references its lookup`,
      )
    }
  }
})
