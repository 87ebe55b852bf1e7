import { sql, type SQL } from 'drizzle-orm'
import type { FieldDef, ResourceDef } from '../../../../shared/resources/index.js'
import { comparisonSql } from './comparison.js'

/**
 * How a registry model maps to SQL. Only registry names ever become identifiers (sql.identifier);
 * values are always parameters. The base table is aliased `t`; each lookup that feeds a read-only
 * `join` field is LEFT JOINed as `j_<lookup field>`, so a new model with joins needs no new code.
 */
export interface RecordShape {
  resource: ResourceDef
  /** readable fields (writeOnly ones never leave the database) */
  readable: readonly FieldDef[]
  /** the SELECT list, each field formatted for the API */
  select: SQL
  /**
   * The SELECT list of only the named fields and id (a list's `fields=`); a compared model's
   * `mismatches` only when named. `joinsFor` of the same names gives the joins they read.
   */
  selectOf(fields: readonly string[]): SQL
  /** LEFT JOINs for the join fields (empty SQL when none) */
  joins: SQL
  /**
   * Only the LEFT JOINs that the named fields read. Each joins a lookup on its primary key, so it
   * never adds or removes a row: a query that filters or sorts without the other joins finds the
   * same rows in the same order (the list's narrow page query and its count rely on this).
   */
  joinsFor(fields: readonly string[]): SQL
  /** the raw expression of a readable field: for WHERE and ORDER BY (keeps types and indexes) */
  expr(field: string): SQL
  /** a readable field as the API gives it (the select list's expression, without its alias) */
  value(field: string): SQL
  /**
   * A joined list column's sort key, kept on the base table (`t.sort_<field>`, migration 043: the
   * looked-up value as the list sorts it, lower() for text) with a (key, id) index; undefined for
   * any other field, whose key is its expression.
   */
  storedSortKey(field: string): SQL | undefined
  /** the base table's columns that hold sort keys (not part of a record: its version leaves them out) */
  sortKeyColumns: readonly string[]
  /** a compared model's `mismatches` (text[]); it reads the join that `joinsFor([comparison.idField])` adds */
  mismatches?: SQL
}

/** The base table's column that holds a joined list column's sort key (migration 043). */
export const sortKeyColumn = (field: string) => `sort_${field}`

const T = sql.identifier('t')

/**
 * The API's types, identical on both drivers: instants as ISO 8601 UTC, days as yyyy-MM-dd, numbers
 * as float8 (node-postgres returns int8 and numeric as strings, PGlite returns numbers).
 */
function formatted(field: FieldDef, expr: SQL): SQL {
  switch (field.type) {
    case 'datetime':
      return sql`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    case 'date':
      return sql`to_char(${expr}, 'YYYY-MM-DD')`
    case 'number':
    case 'lookup':
      return sql`(${expr})::float8`
    default:
      return expr
  }
}

const cache = new WeakMap<ResourceDef, RecordShape>()

export function shapeOf(resource: ResourceDef, registry: readonly ResourceDef[]): RecordShape {
  const known = cache.get(resource)
  if (known) return known
  const exprs = new Map<string, SQL>()
  const joins = new Map<string, SQL>()
  /** field name → the lookup field whose join it reads */
  const via = new Map<string, string>()
  for (const field of resource.fields) {
    if (field.writeOnly) continue
    if (!field.join) {
      exprs.set(field.name, sql`${T}.${sql.identifier(field.name)}`)
      continue
    }
    const lookup = resource.fields.find((f) => f.name === field.join!.via)
    const target = lookup?.lookup && registry.find((r) => r.key === lookup.lookup!.model)
    if (!lookup || !target) {
      throw new Error(`${resource.key}.${field.name} joins through ${field.join.via}, which is not a lookup of a known model`)
    }
    const alias = sql.identifier(`j_${lookup.name}`)
    if (!joins.has(lookup.name)) {
      // a required lookup's column is NOT NULL with a foreign key (test/upstream/db/database.test.ts
      // proves it), so an inner join loses no row, and it lets the planner walk the joined table's
      // index: a page sorted by the owner's email at 1M rows reads ~30 rows instead of hashing all
      const kind = lookup.required ? sql` JOIN` : sql` LEFT JOIN`
      joins.set(lookup.name, sql`${kind} ${sql.identifier(target.table)} AS ${alias} ON ${alias}.id = ${T}.${sql.identifier(lookup.name)}`)
    }
    via.set(field.name, lookup.name)
    exprs.set(field.name, sql`${alias}.${sql.identifier(field.join.column)}`)
  }
  // a model checked against a reference model: its records carry `mismatches` (comparison.ts)
  const extra: SQL[] = []
  let mismatches: SQL | undefined
  if (resource.comparison) {
    const compared = comparisonSql(resource, resource.comparison, registry)
    mismatches = compared.mismatches
    joins.set('__comparison', compared.join)
    extra.push(sql`${compared.mismatches} AS "mismatches"`)
    via.set('mismatches', '__comparison')
    const { idField } = resource.comparison
    if (idField) {
      exprs.set(idField, compared.id)
      via.set(idField, '__comparison')
    }
  }
  const readable = resource.fields.filter((f) => exprs.has(f.name))
  const sortKeyColumns = readable.filter((f) => f.join && resource.columns.includes(f.name)).map((f) => sortKeyColumn(f.name))
  const valueOf = (field: FieldDef) => formatted(field, exprs.get(field.name)!)
  const selected = (field: FieldDef) => sql`${valueOf(field)} AS ${sql.identifier(field.name)}`
  const shape: RecordShape = {
    resource,
    readable,
    select: sql.join([...readable.map(selected), ...extra], sql`, `),
    selectOf(fields) {
      const named = readable.filter((f) => f.name === 'id' || fields.includes(f.name)).map(selected)
      return sql.join([...named, ...(fields.includes('mismatches') ? extra : [])], sql`, `)
    },
    joins: sql.join([...joins.values()]),
    joinsFor(fields) {
      const needed = new Set(fields.map((f) => via.get(f)).filter((v) => v !== undefined))
      return sql.join([...joins].filter(([name]) => needed.has(name)).map(([, join]) => join))
    },
    expr(name) {
      const expr = exprs.get(name)
      if (!expr) throw new Error(`${resource.key} has no readable field ${name}`)
      return expr
    },
    value(name) {
      const field = readable.find((f) => f.name === name)
      if (!field) throw new Error(`${resource.key} has no readable field ${name}`)
      return valueOf(field)
    },
    storedSortKey: (name) => (sortKeyColumns.includes(sortKeyColumn(name)) ? sql`${T}.${sql.identifier(sortKeyColumn(name))}` : undefined),
    sortKeyColumns,
    mismatches,
  }
  cache.set(resource, shape)
  return shape
}
