import { sql, type SQL } from 'drizzle-orm'
import { RESOURCES, type FieldType, type FilterKind, type ResourceDef } from '../../../../shared/resources/index.js'
import type { Db } from '../client.js'
import { shapeOf } from './columns.js'

/** A database or a transaction: every function takes one, so callers group writes as they need. */
export type Executor = Pick<Db, 'execute'>

export type ApiRecord = Record<string, unknown>

export interface ListFilter {
  field: string
  kind: FilterKind
  /** already converted to the field's JS type (a string, number or boolean; days for createdWithin) */
  value: string | number | boolean
}

export interface ListQuery {
  page: number
  perPage: number
  /** a readable field, '-' prefix for descending */
  sort: string
  filters: readonly ListFilter[]
}

export async function rows<T = ApiRecord>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

const TEXT_TYPES = new Set<FieldType>(['text', 'email', 'select', 'richtext'])

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&')
}

/** Reads and writes the rows of one registry model (generic CRUD, seeding, special modules). */
export function recordRepository(resource: ResourceDef, registry: readonly ResourceDef[] = RESOURCES) {
  const shape = shapeOf(resource, registry)
  const table = sql.identifier(resource.table)
  const from = sql`${table} AS t${shape.joins}`

  function condition(filter: ListFilter): SQL {
    const expr = shape.expr(filter.field)
    switch (filter.kind) {
      case 'text':
        return sql`(${expr})::text ILIKE ${`%${escapeLike(String(filter.value))}%`}`
      case 'exact':
        return sql`${expr} = ${filter.value}`
      case 'createdWithin':
        return sql`${expr} >= now() - make_interval(days => ${Number(filter.value)}::int)`
    }
  }

  /**
   * Text sorts case-insensitively ('Information…' before 'IT Service…' whatever the collation);
   * migration 005 gives each list's default sort column a (lower(col), id) index for this order.
   */
  function sortExpr(field: string): SQL {
    const type = resource.fields.find((f) => f.name === field)?.type
    return type && TEXT_TYPES.has(type) ? sql`lower(${shape.expr(field)})` : shape.expr(field)
  }

  function whereOf(filters: readonly ListFilter[]): SQL {
    return filters.length ? sql` WHERE ${sql.join(filters.map(condition), sql` AND `)}` : sql``
  }

  async function get(db: Executor, id: number): Promise<ApiRecord | undefined> {
    const [row] = await rows(db, sql`SELECT ${shape.select} FROM ${from} WHERE t.id = ${id}`)
    return row
  }

  return {
    resource,
    get,

    /**
     * One page and the total, in ONE statement (one snapshot: the total always matches the page).
     * Its `page` CTE finds the page's ids from the filters and sort alone (only the joins those
     * read), so the index on the sort column gives a top-N scan; the projection (every join,
     * to_char) then runs for the page's rows only, never for every matching row as it did with
     * `count(*) OVER ()`, which also forced a full sort. The total is the page's own arithmetic
     * when the page is short (small tables, last pages), else a separate count(*): PostgreSQL
     * runs an uncalled CASE branch's sub-select never, so the count costs only when needed.
     */
    async list(db: Executor, query: ListQuery): Promise<{ data: ApiRecord[]; total: number }> {
      const dir = query.sort.startsWith('-') ? sql`DESC` : sql`ASC`
      const key = query.sort.replace(/^-/, '')
      const sortKey = sortExpr(key)
      const where = whereOf(query.filters)
      const filterFields = query.filters.map((f) => f.field)
      const filtered = sql`${table} AS t${shape.joinsFor(filterFields)}${where}`
      const offset = (query.page - 1) * query.perPage
      const count = sql`(SELECT count(*) FROM ${filtered})`
      const found = await rows(
        db,
        sql`WITH page AS (
              SELECT t.id AS "__id", ${sortKey} AS "__key"
              FROM ${table} AS t${shape.joinsFor([key, ...filterFields])}${where}
              ORDER BY ${sortKey} ${dir}, t.id ${dir}
              LIMIT ${query.perPage} OFFSET ${offset})
            SELECT ${shape.select},
              (CASE WHEN (SELECT count(*) FROM page) < ${query.perPage} THEN ${offset} + (SELECT count(*) FROM page)
                    ELSE ${count} END)::int AS "__total"
            FROM page JOIN ${table} AS t ON t.id = page."__id"${shape.joins}
            ORDER BY page."__key" ${dir}, page."__id" ${dir}`,
      )
      // past the last page there is no row to carry the total: count on its own
      let total = Number(found[0]?.__total ?? 0)
      if (found.length === 0 && query.page > 1) {
        const [row] = await rows<{ n: number }>(db, sql`SELECT ${count}::int AS n`)
        total = Number(row.n)
      }
      for (const row of found) delete row.__total
      return { data: found, total }
    },

    /**
     * Up to `limit` rows with an id above `afterId`, in id order: keyset paging, so the last page of
     * a million-row export costs what the first one does (OFFSET would rescan every earlier row).
     */
    async listAfter(db: Executor, afterId: number, limit: number, filters: readonly ListFilter[] = []): Promise<ApiRecord[]> {
      const conditions = [...filters.map(condition), sql`t.id > ${afterId}`]
      return rows(db, sql`SELECT ${shape.select} FROM ${from} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY t.id LIMIT ${limit}`)
    },

    /** One statement: the INSERT and the joined read of the new row are atomic. */
    async create(db: Executor, values: ApiRecord): Promise<ApiRecord> {
      const names = Object.keys(values)
      const insert = names.length
        ? sql`INSERT INTO ${table} (${sql.join(
            names.map((n) => sql.identifier(n)),
            sql`, `,
          )})
              VALUES (${sql.join(
                names.map((n) => sql`${values[n]}`),
                sql`, `,
              )}) RETURNING *`
        : sql`INSERT INTO ${table} DEFAULT VALUES RETURNING *`
      const [row] = await rows(db, sql`WITH t AS (${insert}) SELECT ${shape.select} FROM t${shape.joins}`)
      return row
    },

    async update(db: Executor, id: number, values: ApiRecord): Promise<ApiRecord | undefined> {
      const names = Object.keys(values)
      if (names.length === 0) return get(db, id)
      const assignments = sql.join(
        names.map((n) => sql`${sql.identifier(n)} = ${values[n]}`),
        sql`, `,
      )
      const [row] = await rows(
        db,
        sql`WITH t AS (UPDATE ${table} SET ${assignments} WHERE id = ${id} RETURNING *)
            SELECT ${shape.select} FROM t${shape.joins}`,
      )
      return row
    },

    async remove(db: Executor, id: number): Promise<boolean> {
      const deleted = await rows(db, sql`DELETE FROM ${table} WHERE id = ${id} RETURNING id`)
      return deleted.length > 0
    },

    async hasRows(db: Executor): Promise<boolean> {
      const [row] = await rows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${table}) AS found`)
      return row.found
    },
  }
}

export type RecordRepository = ReturnType<typeof recordRepository>
