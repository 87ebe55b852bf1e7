import { sql, type SQL } from 'drizzle-orm'
import type { JoinLookup } from './columns.js'

/**
 * A page sorted by a joined field (the company's AWS GL, the owner's email, a replacement's
 * identifier), read one key at a time. The plain `ORDER BY key, id` has no index to walk: the key
 * lives in the looked-up table and the id in the base table, so PostgreSQL joins and sorts every
 * row (~250 ms at 1M cost centers when the key has a handful of values, ~400 ms for an optional
 * self-join). Instead a recursive walk takes the looked-up table's keys in order from its
 * (key, id) index, and for each key the base rows, in id order, of the looked-up rows that carry it:
 *
 * - few looked-up rows carry the key (a company, a contact): each one's first rows by the base
 *   table's (lookup, id) index (migration 041), merged by id;
 * - many do (the 98,000 contacts not terminated): the base table in id order, each row's key
 *   checked; a key that many rows carry is soon met.
 *
 * The walk stops at the first key after which it holds `need` rows (PostgreSQL evaluates a
 * recursive query only as far as it is read), so a page costs a few index probes per key it
 * touches. NULL keys keep PostgreSQL's place (last ascending, first descending): they are one more
 * group, the rows whose looked-up row has a NULL key and, for an optional lookup, the rows without
 * one. A cursor starts the walk at its key, past its id; its key is the walk's `__key` as text.
 *
 * What it does not bound: every key of the looked-up table is visited in turn, used or not, so a
 * large looked-up table whose keys few base rows use costs a probe per unused key (repository.ts
 * sorts those lists plainly when at most EXACT_TOTAL_LIMIT rows use the lookup); and a key that many
 * looked-up rows carry but few base rows use reads the base table far to find them.
 */
export interface JoinSortQuery {
  base: string
  lookup: JoinLookup
  /** the sort key over `lookup.alias` (lower() for text, as the plain sort) */
  key: SQL
  keyType: 'text' | 'boolean'
  descending: boolean
  /** the list's filter conditions over `t`, and the joins they read */
  filters: readonly SQL[]
  filterJoins: SQL
  /** the joins of the sort field and the filters */
  sortJoins: SQL
  perPage: number
  offset: number
  after?: { key: string | boolean | null; id: number }
}

/** Up to this many looked-up rows with one key are each read by index; past it the base table is read in id order. */
export const FEW_LOOKUP_ROWS = 20

export function joinSortPage(q: JoinSortQuery): SQL {
  const dir = q.descending ? sql`DESC` : sql`ASC`
  const need = q.offset + q.perPage
  const base = sql.identifier(q.base)
  const looked = sql.identifier(q.lookup.table)
  const alias = sql.identifier(q.lookup.alias)
  const column = sql`t.${sql.identifier(q.lookup.column)}`
  const key = q.key
  const keyType = q.keyType === 'boolean' ? sql`boolean` : sql`text`
  const step = sql`"__step"."__key"`
  const and = (conditions: readonly SQL[]) => sql.join([...conditions], sql` AND `)

  /** the ids of the base rows whose looked-up row matches `group` (over the alias), in the bound */
  function groupIds(group: SQL, bound: SQL | undefined, withoutLookup: boolean): SQL {
    const conditions = bound ? [...q.filters, bound] : [...q.filters]
    const carriers = sql`(SELECT count(*) FROM (SELECT 1 FROM ${looked} AS ${alias} WHERE ${group} LIMIT ${FEW_LOOKUP_ROWS + 1}) AS c)`
    // the LIMIT changes nothing (the branch runs for at most FEW_LOOKUP_ROWS rows) but keeps the
    // planner's cost of the walk small: priced at every row of a key, it passed jit_above_cost and
    // PostgreSQL spent ~800 ms compiling a plan that runs in 1 ms
    const few = sql`SELECT x.id FROM (SELECT ${alias}.id AS "__lookup" FROM ${looked} AS ${alias} WHERE ${group} LIMIT ${FEW_LOOKUP_ROWS + 1}) AS g
        CROSS JOIN LATERAL (SELECT t.id FROM ${base} AS t${q.filterJoins}
          WHERE ${and([sql`${column} = g."__lookup"`, ...conditions])} ORDER BY t.id ${dir} LIMIT ${need}) AS x
        WHERE ${carriers} <= ${FEW_LOOKUP_ROWS}`
    const many = sql`SELECT t.id FROM ${base} AS t${q.sortJoins}
        WHERE ${and([group, sql`${column} IS NOT NULL`, ...conditions, sql`${carriers} > ${FEW_LOOKUP_ROWS}`])}
        ORDER BY t.id ${dir} LIMIT ${need}`
    const branches = [sql`(${few})`, sql`(${many})`]
    if (withoutLookup) {
      branches.push(sql`(SELECT t.id FROM ${base} AS t${q.filterJoins}
          WHERE ${and([sql`${column} IS NULL`, ...conditions])} ORDER BY t.id ${dir} LIMIT ${need})`)
    }
    return sql`ARRAY(SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS u ORDER BY id ${dir} LIMIT ${need})`
  }

  /** the ids of the group of the step's key (the NULL group when it is NULL) */
  const idsOf = (bound: SQL | undefined) =>
    sql`CASE WHEN ${step} IS NULL THEN ${groupIds(sql`${key} IS NULL`, bound, !q.lookup.required)}
        ELSE ${groupIds(sql`${key} = ${step}`, bound, false)} END`

  // where the walk starts: the cursor's group past its id, else the first group of the order
  let start: SQL
  let bound: SQL | undefined
  if (q.after) {
    // sent as text on both drivers (PGlite refuses the string 'false' as a boolean parameter)
    const text = q.after.key === null ? null : String(q.after.key)
    start = sql`CAST(CAST(${text} AS text) AS ${keyType})`
    bound = q.descending ? sql`t.id < ${q.after.id}` : sql`t.id > ${q.after.id}`
  } else {
    start = q.descending ? sql`CAST(NULL AS ${keyType})` : sql`(SELECT ${key} FROM ${looked} AS ${alias} ORDER BY ${key} LIMIT 1)`
  }
  const previous = sql`w."__key"`
  // the next key: ascending, the next larger one, then (a NULL) the NULL group, which ends the walk;
  // descending, after the NULL group the largest key, then each smaller one
  const next = q.descending
    ? sql`(SELECT ${key} AS "__key" FROM ${looked} AS ${alias} WHERE ${previous} IS NULL AND ${key} IS NOT NULL ORDER BY ${key} DESC LIMIT 1)
        UNION ALL (SELECT ${key} FROM ${looked} AS ${alias} WHERE ${key} < ${previous} ORDER BY ${key} DESC LIMIT 1)`
    : sql`SELECT (SELECT ${key} FROM ${looked} AS ${alias} WHERE ${key} > ${previous} ORDER BY ${key} LIMIT 1) AS "__key"
        WHERE ${previous} IS NOT NULL`
  return sql`WITH RECURSIVE "__walk"("__key", "__ids", "__found") AS (
      SELECT s."__key", s."__ids", cardinality(s."__ids")
      FROM (SELECT ${start} AS "__key") AS "__step"
      CROSS JOIN LATERAL (SELECT ${step} AS "__key", ${idsOf(bound)} AS "__ids") AS s
      UNION ALL
      SELECT s."__key", s."__ids", w."__found" + cardinality(s."__ids")
      FROM "__walk" AS w
      CROSS JOIN LATERAL (${next}) AS "__step"
      CROSS JOIN LATERAL (SELECT ${step} AS "__key", ${idsOf(undefined)} AS "__ids") AS s
      WHERE w."__found" < ${need})
    SELECT u.id AS "__id", w."__key" FROM "__walk" AS w CROSS JOIN LATERAL unnest(w."__ids") AS u(id)
    ORDER BY w."__key" ${dir}, u.id ${dir} LIMIT ${q.perPage} OFFSET ${q.offset}`
}

/**
 * A page sorted by an optional lookup's field when few rows have a looked-up row (at most
 * EXACT_TOTAL_LIMIT): those few joined and sorted, merged with the rows without one (a NULL key,
 * by id, no join). Walking the keys would visit every unreferenced key of the looked-up table
 * (a million cost centers' identifiers, none of them anyone's replacement), and the plain sort joins
 * every row only to find its key NULL.
 */
export function sparseLookupPage(q: JoinSortQuery & { afterRanges: readonly SQL[] }): SQL {
  const dir = q.descending ? sql`DESC` : sql`ASC`
  const need = q.offset + q.perPage
  const base = sql.identifier(q.base)
  const column = sql`t.${sql.identifier(q.lookup.column)}`
  const keyType = q.keyType === 'boolean' ? sql`boolean` : sql`text`
  const where = (conditions: readonly SQL[]) => sql.join([...conditions], sql` AND `)
  const linked = [sql`${column} IS NOT NULL`, ...q.filters]
  // the cursor's ranges as one OR: these rows are few, the point of the split
  if (q.afterRanges.length) linked.push(sql`(${sql.join([...q.afterRanges], sql` OR `)})`)
  const unlinked = [sql`${column} IS NULL`, ...q.filters]
  if (q.after) {
    // NULL keys come last ascending, first descending: a cursor among them bounds the id, one before them takes all, one after none
    if (q.after.key === null) unlinked.push(q.descending ? sql`t.id < ${q.after.id}` : sql`t.id > ${q.after.id}`)
    else if (q.descending) unlinked.push(sql`false`)
  }
  return sql`SELECT * FROM (
      (SELECT t.id AS "__id", ${q.key} AS "__key" FROM ${base} AS t${q.sortJoins} WHERE ${where(linked)}
        ORDER BY ${q.key} ${dir}, t.id ${dir} LIMIT ${need})
      UNION ALL
      (SELECT t.id, CAST(NULL AS ${keyType}) FROM ${base} AS t${q.filterJoins} WHERE ${where(unlinked)}
        ORDER BY t.id ${dir} LIMIT ${need})
    ) AS split ORDER BY "__key" ${dir}, "__id" ${dir} LIMIT ${q.perPage} OFFSET ${q.offset}`
}
