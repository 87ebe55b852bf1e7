/**
 * A sort by a looked-up row's field (its key kept on the base table, migration 043) gives exactly
 * the order of the plain `ORDER BY key, id` over the joined rows: by pages and by cursor, both
 * directions, with ties across looked-up rows (keys equal but for case), NULL keys (looked-up rows
 * without one, rows without a looked-up row), a key no row uses, and filters. Then again after the
 * looked-up values, and the rows' lookups, change: the stored keys follow every write.
 */
import { randomBytes } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import t from 'tap'
import { getResource, RESOURCES } from '../../../../shared/resources/index.js'
import { openDatabase } from '../../../../server/upstream/db/client.js'
import { openTestDatabase } from '../../../lib/test-database.js'
import { shapeOf } from '../../../../server/upstream/db/records/columns.js'
import { recordRepository } from '../../../../server/upstream/db/records/repository.js'
import type { ListParams } from '../../../../server/upstream/db/records/list-page.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import type { ListFilter } from '../../../../server/upstream/db/records/list-filter.js'

const resource = getResource('cost_centers')
const shape = shapeOf(resource, RESOURCES)
const joined = resource.columns.filter((c) => shape.storedSortKey(c))
const TEXT = new Set(['text', 'email', 'select', 'richtext'])
const PER_PAGE = 9

t.test('sorts by a looked-up field: the plain ORDER BY, page by page and by cursor', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  const db = database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Beta'), ('alpha'), ('Gamma')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops'), ('dev'), ('Dev Tools'), ('finance')`)
  // GL-A in three spellings (one key, three companies), a NULL GL, and ZZ, which no cost center uses
  await db.execute(sql`
    INSERT INTO companies (code, aws_gl, gcp_gl, azure_gl)
    SELECT 'C' || g, (ARRAY['GL-A', 'gl-a', 'GL-B', NULL, 'Gl-A', 'gl-c', 'GL-B', 'ZZ'])[g],
           CASE WHEN g % 2 = 0 THEN 'G' || (g % 3) END, 'AZ'
    FROM generate_series(1, 8) g`)
  // terminated: false for ~38 contacts, true for a few, NULL for five
  await db.execute(sql`
    INSERT INTO cloud_contacts (email, terminated)
    SELECT CASE WHEN g % 2 = 0 THEN 'Owner' ELSE 'owner' END || lpad(g::text, 3, '0') || '@ccoe.example',
           CASE WHEN g % 10 = 0 THEN NULL ELSE g % 7 = 0 END
    FROM generate_series(1, 50) g`)
  await db.execute(sql`
    WITH ids AS (SELECT (SELECT array_agg(id ORDER BY id) FROM companies) AS companies, (SELECT array_agg(id ORDER BY id) FROM business_units) AS units,
                        (SELECT array_agg(id ORDER BY id) FROM departments) AS departments, (SELECT array_agg(id ORDER BY id) FROM cloud_contacts) AS contacts)
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT CASE WHEN g % 3 = 0 THEN 'cc-' ELSE 'CC-' END || lpad(g::text, 4, '0'), ids.contacts[1 + (g * 7) % 50],
           ids.companies[1 + g % 7], ids.units[1 + g % 3], ids.departments[1 + g % 4]
    FROM generate_series(1, 150) g, ids`)
  // replacements for every third (some shared), a backup for a few: the rest have none
  await db.execute(sql`UPDATE cost_centers AS c SET new_cost_center_id = o.id FROM cost_centers AS o
    WHERE c.id % 3 = 0 AND o.identifier = 'CC-' || lpad((1 + (c.id % 40))::text, 4, '0') AND o.id <> c.id`)
  await db.execute(sql`UPDATE cost_centers AS c SET alt_cost_center_id = o.id FROM cost_centers AS o
    WHERE c.id % 11 = 0 AND o.id = c.id - 5`)

  const dialect = new PgDialect()
  function recording() {
    const seen: string[] = []
    return {
      seen,
      executor: { execute: <T extends Record<string, unknown>>(q: SQL) => (seen.push(dialect.sqlToQuery(q).sql), db.execute<T>(q)) },
    }
  }

  const filterSets: { name: string; filters: ListFilter[]; plain: SQL[] }[] = [
    { name: 'no filter', filters: [], plain: [] },
    {
      name: 'owner not terminated, identifier with a 1',
      filters: [
        { field: 'owner_terminated', kind: 'exact', value: false },
        { field: 'identifier', kind: 'text', value: '1' },
      ],
      plain: [sql`${shape.expr('owner_terminated')} = false`, sql`${shape.expr('identifier')} ILIKE '%1%'`],
    },
  ]

  async function plain(field: string, descending: boolean, conditions: SQL[]): Promise<number[]> {
    const type = resource.fields.find((f) => f.name === field)!.type
    const key = TEXT.has(type) ? sql`lower(${shape.expr(field)})` : shape.expr(field)
    const dir = descending ? sql`DESC` : sql`ASC`
    const where = conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``
    const found = await rows<{ id: number }>(
      db,
      sql`SELECT t.id FROM cost_centers AS t${shape.joins}${where} ORDER BY ${key} ${dir}, t.id ${dir}`,
    )
    return found.map((r) => Number(r.id))
  }

  const repo = recordRepository(resource, RESOURCES)
  async function compareEverySort(when: string) {
    for (const { name, filters, plain: conditions } of filterSets) {
      for (const field of joined) {
        for (const sort of [field, `-${field}`]) {
          const expected = await plain(field, sort.startsWith('-'), conditions)
          const { seen, executor } = recording()
          const query = (more: Partial<ListParams>): ListParams => ({ page: 1, perPage: PER_PAGE, sort, filters, ...more })
          const byPages: number[] = []
          for (let page = 1; ; page++) {
            const { data } = await repo.list(executor, query({ page }))
            byPages.push(...data.map((r) => Number(r.id)))
            if (data.length < PER_PAGE) break
          }
          const boolean = resource.fields.find((f) => f.name === field)!.type === 'boolean'
          const byCursor: number[] = []
          for (let after: ListParams['after']; ;) {
            const { data, next } = await repo.list(executor, query({ after, count: 'none' }))
            byCursor.push(...data.map((r) => Number(r.id)))
            if (!next) break
            // as the route decodes a cursor (list-query.ts): a boolean key as a JS boolean
            after = boolean && next.key !== null ? { ...next, key: next.key === 'true' } : next
          }
          const label = `${when}, ${name}: sort=${sort}`
          t.strictSame(byPages, expected, `${label}, by pages`)
          t.strictSame(byCursor, expected, `${label}, by cursor`)
          // the page's ids come from the stored key: no join unless a filter reads one
          const pageQuery = seen.find((text) => text.startsWith('WITH page AS'))!
          const pageCte = pageQuery.slice(0, pageQuery.search(/\)\s+SELECT /) + 1)
          t.strictSame(
            [pageCte.includes(`"sort_${field}"`), / JOIN /.test(pageCte)],
            [true, filters.length > 0],
            `${label}: sorted by the stored key`,
          )
        }
      }
    }
  }
  await compareEverySort('as inserted')

  // new values in the looked-up rows (case-only changes too), and rows moved to other lookups
  await db.execute(sql`UPDATE companies SET aws_gl = CASE WHEN aws_gl = 'GL-A' THEN 'gl-a' WHEN aws_gl IS NULL THEN 'AAA' ELSE NULL END,
    code = 'X' || code WHERE id % 2 = 0`)
  await db.execute(sql`UPDATE cloud_contacts SET email = 'z' || email, terminated = NOT terminated WHERE id % 3 = 0`)
  await db.execute(sql`UPDATE business_units SET name = 'Zeta' WHERE name = 'alpha'`)
  await db.execute(sql`UPDATE departments SET name = 'aaa' WHERE name = 'Ops'`)
  await db.execute(sql`UPDATE cost_centers SET identifier = 'A-' || identifier WHERE id % 4 = 0`)
  await db.execute(sql`UPDATE cost_centers SET companies_id = (SELECT max(id) FROM companies), cloud_contact_id = (SELECT min(id) FROM cloud_contacts),
    new_cost_center_id = NULL, alt_cost_center_id = id - 1 WHERE id % 5 = 0`)
  await compareEverySort('after the looked-up values and the lookups changed')
  t.ok(joined.length >= 10, `every looked-up column of cost centers: ${joined.join(', ')}`)
})

t.test(
  'a looked-up value changed while a row that uses it is written: the stored key is the new value, in either order',
  { skip: process.env.DATABASE_URL ? false : 'PGlite runs one statement at a time: no two writes overlap' },
  async (t) => {
    const databaseUrl = process.env.DATABASE_URL!
    const schema = `test_race_${randomBytes(4).toString('hex')}`
    const database = await openDatabase({ databaseUrl, schema })
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` })
      await client.connect()
      const { rows: backend } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      return Object.assign(client, { pid: backend[0].pid })
    }
    const [inserting, renaming, watching] = [await connect(), await connect(), await connect()]
    t.teardown(async () => {
      for (const client of [inserting, renaming, watching]) await client.end()
      await database.db.execute(sql`DROP SCHEMA ${sql.identifier(schema)} CASCADE`)
      await database.close()
    })
    await watching.query(`INSERT INTO business_units (name) VALUES ('Unit'); INSERT INTO departments (name) VALUES ('Dept');
      INSERT INTO cloud_contacts (email) VALUES ('owner@ccoe.example'); INSERT INTO companies (code, aws_gl) VALUES ('C1', 'GL-OLD')`)
    const insert = (identifier: string) =>
      inserting.query(
        `INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
        SELECT $1, (SELECT id FROM cloud_contacts), (SELECT id FROM companies), (SELECT id FROM business_units), (SELECT id FROM departments)`,
        [identifier],
      )
    /** until the statement has finished or waits for a lock the other transaction holds (polled, not timed) */
    async function settled(client: { pid: number }, statement: Promise<unknown>) {
      let done = false
      void statement.then(
        () => (done = true),
        () => (done = true),
      )
      for (;;) {
        const { rows: found } = await watching.query(`SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`, [
          client.pid,
        ])
        if (done || found[0]?.waiting) return
      }
    }
    const storedKey = async (identifier: string) =>
      (await watching.query(`SELECT sort_aws_gl FROM cost_centers WHERE identifier = $1`, [identifier])).rows[0]?.sort_aws_gl

    // the insert first: the change of the company waits for it, then rewrites its key
    await inserting.query('BEGIN')
    await insert('CC-FIRST')
    const renamed = renaming.query(`UPDATE companies SET aws_gl = 'GL-NEW'`)
    await settled(renaming, renamed)
    await inserting.query('COMMIT')
    await renamed
    t.equal(await storedKey('CC-FIRST'), 'gl-new', 'inserted, then the company changed before the insert committed')

    // the change first: the insert waits for it, then reads the new value
    await renaming.query('BEGIN')
    await renaming.query(`UPDATE companies SET aws_gl = 'GL-NEWER'`)
    const inserted = insert('CC-SECOND')
    await settled(inserting, inserted)
    await renaming.query('COMMIT')
    await inserted
    t.equal(await storedKey('CC-SECOND'), 'gl-newer', 'the company changed, then inserted before the change committed')
    t.equal(await storedKey('CC-FIRST'), 'gl-newer', 'and the first row follows too')
  },
)
