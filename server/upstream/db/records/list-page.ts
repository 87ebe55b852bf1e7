import { sql, type SQL } from 'drizzle-orm'
import type { FieldType, ResourceDef } from '../../../../shared/resources/index.js'
import type { RecordShape } from './columns.js'
import { filterCondition, type ListFilter } from './list-filter.js'
import { versionOf } from './row-versions.js'
import { rows, type ApiRecord, type Executor } from './rows.js'

export interface ListParams {
  page: number
  perPage: number
  /** a readable field, '-' prefix for descending */
  sort: string
  filters: readonly ListFilter[]
  /** keyset paging: the rows after this one in the sort order (then `page` is not used) */
  after?: ListCursor
  /** 'none' skips the total (whoever walks a whole list by cursor needs none) @default 'exact' */
  count?: 'exact' | 'none'
  /** sparse fields: the rows carry only these readable fields and id, read with only the joins they need @default every field */
  fields?: readonly string[]
}

/** Where a keyset page starts: the sort key (as text, or a boolean) and id of the last row seen. */
export interface ListCursor {
  key: string | boolean | null
  id: number
}

export interface ListPage {
  data: ApiRecord[]
  /** exact up to EXACT_TOTAL_LIMIT matching rows, past it the planner's estimate */
  total?: number
  estimated?: boolean
  /** the cursor of the page's last row, when the page is full (there may be more) */
  next?: ListCursor
  /** each row's version (its ETag's value) by id, for writes from the list (inline rows); not for count=none walks */
  versions?: Record<string, string>
}

/**
 * Up to this many matching rows the total is counted (a capped count reads at most this many);
 * past it the planner's estimate is given and marked as one: a full count of a million-row filter
 * on every page costs more than the page itself.
 */
export const EXACT_TOTAL_LIMIT = 10_000

const TEXT_TYPES = new Set<FieldType>(['text', 'email', 'select', 'richtext'])

/**
 * The list reads of one registry model: a page and its total (filtered, sorted, by offset or keyset),
 * and the keyset walks of a whole list (the CSV export, bulk actions) with their count.
 */
export function listReads(resource: ResourceDef, shape: RecordShape) {
  const table = sql.identifier(resource.table)
  const from = sql`${table} AS t${shape.joins}`
  const t = sql.identifier('t')
  const version = (alias: ReturnType<typeof sql.identifier>) => versionOf(alias, shape.sortKeyColumns)

  const condition = (filter: ListFilter) => filterCondition(resource, shape, filter)

  /**
   * Text sorts case-insensitively ('Information…' before 'IT Service…' whatever the collation);
   * migration 005 gives each list's default sort column a (lower(col), id) index for this order,
   * and a joined list column sorts by the key the base table keeps for it (migration 043).
   */
  function sortExpr(field: string): SQL {
    const stored = shape.storedSortKey(field)
    if (stored) return stored
    const type = resource.fields.find((f) => f.name === field)?.type
    return type && TEXT_TYPES.has(type) ? sql`lower(${shape.expr(field)})` : shape.expr(field)
  }

  function whereOf(conditions: readonly SQL[]): SQL {
    return conditions.length ? sql` WHERE ${sql.join([...conditions], sql` AND `)}` : sql``
  }

  /**
   * The rows after the cursor in `ORDER BY key dir, id dir` order, where PostgreSQL puts NULL keys
   * last ascending and first descending, as one or two ranges of the (key, id) index. An OR of
   * them would make the planner scan from the start and filter (each page slower than the last);
   * so each range is its own branch, read in index order and merged by the caller.
   */
  function afterCursor(key: SQL, descending: boolean, after: ListCursor, id: SQL = sql`t.id`): SQL[] {
    if (after.key === null) {
      // among the NULL keys, then (descending) every non-NULL key after them
      return descending
        ? [sql`${key} IS NULL AND ${id} < ${after.id}`, sql`${key} IS NOT NULL`]
        : [sql`${key} IS NULL AND ${id} > ${after.id}`]
    }
    // a row comparison with a NULL key is unknown: it never matches, so NULLs (last ascending) get their own range
    return descending
      ? [sql`(${key}, ${id}) < (${after.key}, ${after.id})`]
      : [sql`(${key}, ${id}) > (${after.key}, ${after.id})`, sql`${key} IS NULL`]
  }

  /** The planner's estimate of the rows of `filtered` (planning only, nothing is read). */
  async function estimatedRows(db: Executor, filtered: SQL): Promise<number> {
    const [plan] = await rows<Record<string, unknown>>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${filtered}`)
    const raw = Object.values(plan)[0]
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[]
    return Math.round(parsed[0].Plan['Plan Rows'])
  }

  /** An exact count up to EXACT_TOTAL_LIMIT, else the planner's estimate (never below the limit). */
  async function totalOf(db: Executor, filtered: SQL): Promise<{ total: number; estimated?: boolean }> {
    const [capped] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${filtered} LIMIT ${EXACT_TOTAL_LIMIT + 1}) AS capped`,
    )
    if (Number(capped.n) <= EXACT_TOTAL_LIMIT) return { total: Number(capped.n) }
    return estimatedTotal(db, filtered)
  }

  /** Past EXACT_TOTAL_LIMIT: the planner's estimate, never below the limit, marked as one. */
  async function estimatedTotal(db: Executor, filtered: SQL): Promise<{ total: number; estimated: true }> {
    return { total: Math.max(EXACT_TOTAL_LIMIT + 1, await estimatedRows(db, filtered)), estimated: true }
  }

  /**
   * One page, and the total. The `page` CTE finds the page's ids from the filters and sort alone
   * (only the joins those read), so the (sort key, id) index gives a top-N scan, or with a cursor
   * a range scan that costs the same on the last page as on the first; the projection (every
   * join, to_char) then runs for the page's rows only. The total is the page's own arithmetic
   * when the page is short, else a capped count (an estimate past EXACT_TOTAL_LIMIT).
   *
   * A substring (text) filter gathers its matches first. They may all lie in one stretch of the
   * sort order (a name typed in part: every 'Rosa Tanaka …' sorts together), and the planner, which
   * takes them as spread evenly, would walk the sort index from the start to meet the first few
   * (85 % of a million members' index for 25 rows, BENCHMARKS.md). So up to EXACT_TOTAL_LIMIT of
   * them are gathered (MATERIALIZED: through the trigram index), and one statement answers their
   * count and the top of them; only when there are more is the sort index walked, with an estimate.
   */
  async function list(db: Executor, query: ListParams): Promise<ListPage> {
    const descending = query.sort.startsWith('-')
    const dir = descending ? sql`DESC` : sql`ASC`
    const key = query.sort.replace(/^-/, '')
    const sortKey = sortExpr(key)
    const filters = query.filters.map(condition)
    const filterFields = query.filters.map((f) => f.field)
    const offset = query.after ? 0 : (query.page - 1) * query.perPage
    // a stored sort key needs no join; any other joined field's key is read through its lookup
    const sortJoins = shape.joinsFor(shape.storedSortKey(key) ? filterFields : [key, ...filterFields])
    // a whole-list walk (count=none: the CSV) needs no versions; a screen's page does, for its inline writes
    const walk = query.count === 'none'
    const filtered = sql`${table} AS t${shape.joinsFor(filterFields)}${whereOf(filters)}`
    const matches = (conditions: readonly SQL[]) =>
      sql`SELECT t.id AS "__id", ${sortKey} AS "__key" FROM ${table} AS t${sortJoins}${whereOf(conditions)}`
    // the page's ids (the `page` CTE) with the columns asked for (every one by default), in the page's order
    const select = query.fields ? shape.selectOf(query.fields) : shape.select
    const columns = sql`${select}, page."__id", page."__key"::text AS "__key"${walk ? sql`` : sql`, ${version(t)} AS "__version"`}`
    const joined = sql`page JOIN ${table} AS t ON t.id = page."__id"${query.fields ? shape.joinsFor(query.fields) : shape.joins}`
    const order = sql`ORDER BY page."__key" ${dir}, page."__id" ${dir}`

    /** The page's rows without the columns read for it, the cursor after them and their versions. */
    const pageOf = (found: ApiRecord[], total: Pick<ListPage, 'total' | 'estimated'>): ListPage => {
      const last = found.at(-1)
      const next = last && found.length === query.perPage ? { key: last.__key as string | null, id: Number(last.__id) } : undefined
      const versions: Record<string, string> = {}
      // copied without them rather than `delete`d: a deleted property turns a row into a slow dictionary
      // object for its serializer (a million-row CSV walk: a fifth less of the upstream's CPU)
      const records = found.map(({ __id, __key, __version, __total, ...record }) => {
        if (!walk) versions[String(__id)] = String(__version)
        return record
      })
      return walk ? { data: records, next } : { data: records, ...total, next, versions }
    }

    let estimate: Pick<ListPage, 'total' | 'estimated'> | undefined
    if (!walk && query.filters.some((f) => f.kind === 'text')) {
      // one row even for an empty page (counted LEFT JOIN the page): it carries the count
      const after = query.after
        ? sql` WHERE ${sql.join(afterCursor(sql`"__key"`, descending, query.after, sql`"__id"`), sql` OR `)}`
        : sql``
      const gathered = await rows(
        db,
        sql`WITH matches AS MATERIALIZED (${matches(filters)} LIMIT ${EXACT_TOTAL_LIMIT + 1}),
                 page AS (SELECT * FROM matches${after} ORDER BY "__key" ${dir}, "__id" ${dir} LIMIT ${query.perPage} OFFSET ${offset})
            SELECT ${columns}, counted.n AS "__total"
            FROM (SELECT count(*)::int AS n FROM matches) AS counted LEFT JOIN (${joined}) ON true
            ${order}`,
      )
      const total = Number(gathered[0].__total)
      // an empty page is one row of the count alone
      const records = gathered.filter((row) => row.__id !== null)
      if (total <= EXACT_TOTAL_LIMIT) return pageOf(records, { total })
      estimate = await estimatedTotal(db, filtered)
    }

    const branch = (conditions: readonly SQL[]) =>
      sql`(${matches(conditions)} ORDER BY ${sortKey} ${dir}, t.id ${dir} LIMIT ${query.perPage} OFFSET ${offset})`
    const ranges = query.after ? afterCursor(sortKey, descending, query.after) : []
    const pageRows =
      ranges.length > 1
        ? sql`SELECT * FROM (${sql.join(
            ranges.map((range) => branch([...filters, range])),
            sql` UNION ALL `,
          )}) AS ranges ORDER BY "__key" ${dir}, "__id" ${dir} LIMIT ${query.perPage}`
        : branch(ranges.length ? [...filters, ranges[0]] : filters)
    const found = await rows(db, sql`WITH page AS (${pageRows}) SELECT ${columns} FROM ${joined} ${order}`)
    if (walk || estimate) return pageOf(found, estimate ?? {})
    // a short first page (or a short page at an offset) is its own count
    if (!query.after && found.length < query.perPage && (found.length > 0 || query.page === 1)) {
      return pageOf(found, { total: offset + found.length })
    }
    return pageOf(found, await totalOf(db, filtered))
  }

  /**
   * Up to `limit` rows with an id above `afterId`, in id order: keyset paging, so the last page of
   * a million-row export costs what the first one does (OFFSET would rescan every earlier row).
   * `fields`: only those and id, as a list's `fields=`.
   */
  async function listAfter(
    db: Executor,
    afterId: number,
    limit: number,
    filters: readonly ListFilter[] = [],
    fields?: readonly string[],
  ): Promise<ApiRecord[]> {
    const conditions = [...filters.map(condition), sql`t.id > ${afterId}`]
    const source = fields ? sql`${table} AS t${shape.joinsFor([...fields, ...filters.map((f) => f.field)])}` : from
    const select = fields ? shape.selectOf(fields) : shape.select
    return rows(db, sql`SELECT ${select} FROM ${source} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY t.id LIMIT ${limit}`)
  }

  /** Up to `limit` ids matching `filters` above `afterId`, in id order: a keyset walk of a filtered list. */
  async function idsMatching(db: Executor, filters: readonly ListFilter[], afterId: number, limit: number): Promise<number[]> {
    const conditions = [...filters.map(condition), sql`t.id > ${afterId}`]
    const fields = filters.map((f) => f.field)
    const found = await rows<{ id: number }>(
      db,
      sql`SELECT t.id::float8 AS id FROM ${table} AS t${shape.joinsFor(fields)}${whereOf(conditions)} ORDER BY t.id LIMIT ${limit}`,
    )
    return found.map((r) => Number(r.id))
  }

  /** The exact number of rows matching `filters` above `afterId` (no cap: a bulk action is confirmed on it). */
  async function countMatching(db: Executor, filters: readonly ListFilter[], afterId = 0): Promise<number> {
    const fields = filters.map((f) => f.field)
    const conditions = [...filters.map(condition), ...(afterId ? [sql`t.id > ${afterId}`] : [])]
    const [row] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${table} AS t${shape.joinsFor(fields)}${whereOf(conditions)}`,
    )
    return Number(row.n)
  }

  return { list, listAfter, idsMatching, countMatching }
}
