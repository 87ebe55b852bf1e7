import { sql, type SQL } from 'drizzle-orm'
import type { ComparisonDef, FieldDef, ResourceDef } from '../../../../shared/resources/index.js'

/** The SQL of a model's comparison with its reference model (shared/resources/types.ts ComparisonDef). */
export interface ComparisonSql {
  /** the LATERAL join of the reference row, aliased `cmp`: at most one row per record, so it never adds one */
  join: SQL
  /** `mismatches`: the compared fields whose value differs, as text[] (empty without a reference row) */
  mismatches: SQL
  /** the reference row's id */
  id: SQL
}

const T = sql.identifier('t')
const CMP = sql.identifier('cmp')

const TEXT_LIKE = new Set(['text', 'email', 'select', 'richtext'])

/**
 * A value as the comparison reads it: blank text is no value; emails in any case are one address
 * (migration 005), so either side being an email compares lower case.
 */
function normalised(expr: SQL, fields: readonly (FieldDef | undefined)[]): SQL {
  if (!fields.every((f) => f && TEXT_LIKE.has(f.type))) return expr
  const text = sql`nullif(btrim(${expr}), '')`
  return fields.some((f) => f?.type === 'email') ? sql`lower(${text})` : text
}

/**
 * The reference row is the one whose match field equals the record's, case aside (an Azure
 * subscription id may be typed in capitals), the exact spelling first: one index probe of the
 * reference's (lower(field), id) index per record, so a page of 25 reads 25 rows whatever the sizes.
 */
export function comparisonSql(resource: ResourceDef, comparison: ComparisonDef, registry: readonly ResourceDef[]): ComparisonSql {
  const other = registry.find((r) => r.key === comparison.model)
  if (!other) throw new Error(`${resource.key} is compared with ${comparison.model}, which is not a known model`)
  const own = sql`${T}.${sql.identifier(comparison.match.field)}`
  const theirs = sql`r.${sql.identifier(comparison.match.other)}`
  const join = sql` LEFT JOIN LATERAL (SELECT r.* FROM ${sql.identifier(other.table)} AS r
      WHERE lower(${theirs}) = lower(${own}) ORDER BY (${theirs} = ${own}) DESC, r.id LIMIT 1) AS ${CMP} ON true`
  const checks = Object.entries(comparison.fields).map(([name, spec]) => {
    const otherName = typeof spec === 'string' ? spec : spec.other
    let reference = sql`${CMP}.${sql.identifier(otherName)}`
    if (typeof spec !== 'string') {
      const cases = Object.entries(spec.values).map(([from, to]) => sql` WHEN ${from}::text THEN ${to}::text`)
      reference = sql`(CASE ${reference}${sql.join(cases)} ELSE ${reference} END)`
    }
    const mine = resource.fields.find((f) => f.name === name)
    const theirField = other.fields.find((f) => f.name === otherName)
    if (!mine || !theirField) throw new Error(`${resource.key}.${name} is compared with ${other.key}.${otherName}, which one lacks`)
    const a = normalised(sql`${T}.${sql.identifier(name)}`, [mine, theirField])
    const b = normalised(reference, [mine, theirField])
    return sql`CASE WHEN ${a} IS DISTINCT FROM ${b} THEN ${name}::text END`
  })
  const mismatches = sql`(CASE WHEN ${CMP}.id IS NULL THEN ARRAY[]::text[]
      ELSE array_remove(ARRAY[${sql.join(checks, sql`, `)}]::text[], NULL) END)`
  return { join, mismatches, id: sql`${CMP}.id` }
}
