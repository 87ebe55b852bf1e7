/**
 * A sort by a looked-up row's field (server/upstream/db/records/join-sort.ts) gives exactly the
 * order of the plain `ORDER BY key, id` over the joined rows: by pages and by cursor, both
 * directions, with ties across looked-up rows (keys equal but for case), NULL keys (looked-up rows
 * without one, rows without a looked-up row), a key no row uses, keys carried by many looked-up
 * rows and by few, and filters. Walked (the threshold lowered to 0), and as small tables are
 * read (split or plain).
 */
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import t from 'tap'
import { getResource, RESOURCES } from '../../shared/resources/index.js'
import { openTestDatabase } from '../../server/upstream/db/client.js'
import { shapeOf } from '../../server/upstream/db/records/columns.js'
import { recordRepository, rows, type ListFilter, type ListQuery } from '../../server/upstream/db/records/repository.js'

const resource = getResource('cost_centers')
const shape = shapeOf(resource, RESOURCES)
const joined = resource.columns.filter((c) => shape.lookupOf(c))
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
  // terminated: false for ~38 contacts (more than FEW_LOOKUP_ROWS), true for a few, NULL for five
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
    return { seen, executor: { execute: (q: SQL) => (seen.push(dialect.sqlToQuery(q).sql), db.execute(q)) } }
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

  for (const [mode, keyWalkAbove] of [
    ['walked', 0],
    ['as small tables are read', undefined],
  ] as const) {
    const repo = recordRepository(resource, RESOURCES, { keyWalkAbove })
    for (const { name, filters, plain: conditions } of filterSets) {
      for (const field of joined) {
        for (const sort of [field, `-${field}`]) {
          const expected = await plain(field, sort.startsWith('-'), conditions)
          const { seen, executor } = recording()
          const query = (more: Partial<ListQuery>): ListQuery => ({ page: 1, perPage: PER_PAGE, sort, filters, ...more })
          const byPages: number[] = []
          for (let page = 1; ; page++) {
            const { data } = await repo.list(executor, query({ page }))
            byPages.push(...data.map((r) => Number(r.id)))
            if (data.length < PER_PAGE) break
          }
          const boolean = resource.fields.find((f) => f.name === field)!.type === 'boolean'
          const byCursor: number[] = []
          for (let after: ListQuery['after']; ;) {
            const { data, next } = await repo.list(executor, query({ after, count: 'none' }))
            byCursor.push(...data.map((r) => Number(r.id)))
            if (!next) break
            // as the route decodes a cursor (list-query.ts): a boolean key as a JS boolean
            after = boolean && next.key !== null ? { ...next, key: next.key === 'true' } : next
          }
          const label = `${mode}, ${name}: sort=${sort}`
          t.strictSame(byPages, expected, `${label}, by pages`)
          t.strictSame(byCursor, expected, `${label}, by cursor`)
          const walked = seen.some((text) => text.includes('"__walk"'))
          const split = seen.some((text) => text.includes(') AS split'))
          const optional = !shape.lookupOf(field)!.required
          t.strictSame(
            [walked, split],
            keyWalkAbove === 0 ? [true, false] : [false, optional && filters.length === 0],
            `${label}: how the page was read`,
          )
        }
      }
    }
  }
  t.ok(joined.length >= 10, `every looked-up column of cost centers: ${joined.join(', ')}`)
})
