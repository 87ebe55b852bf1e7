import { sql, type SQL } from 'drizzle-orm'
import type { FilterKind, ResourceDef } from '../../../../shared/resources/index.js'
import type { RecordShape } from './columns.js'

export interface ListFilter {
  field: string
  /** a registry filter's kind ('from' and 'until' are inclusive bounds: the bills' window) */
  kind: FilterKind
  /** already converted to the field's JS type (a string, number or boolean; days for createdWithin) */
  value: string | number | boolean
  /** text: the table of the column's distinct values to search first (FilterDef.terms) */
  terms?: string
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&')
}

/** One list filter of a registry model as a WHERE condition (its kinds: shared/resources FilterKind). */
export function filterCondition(resource: ResourceDef, shape: RecordShape, filter: ListFilter): SQL {
  const isInstant = (field: string) => resource.fields.find((f) => f.name === field)?.type === 'datetime'
  const expr = shape.expr(filter.field)
  switch (filter.kind) {
    case 'text': {
      const pattern = `%${escapeLike(String(filter.value))}%`
      if (filter.terms) {
        return sql`lower(${expr}) IN (SELECT term FROM ${sql.identifier(filter.terms)} WHERE field = ${filter.field} AND term ILIKE ${pattern})`
      }
      return sql`(${expr})::text ILIKE ${pattern}`
    }
    case 'exact':
      return sql`${expr} = ${filter.value}`
    case 'createdWithin':
      return sql`${expr} >= now() - make_interval(days => ${Number(filter.value)}::int)`
    // an instant's bounds are whole UTC days, as the API writes instants: until a day is before the next one
    case 'from':
      return isInstant(filter.field)
        ? sql`${expr} >= (${filter.value}::date::timestamp AT TIME ZONE 'UTC')`
        : sql`${expr} >= ${filter.value}`
    case 'until':
      return isInstant(filter.field)
        ? sql`${expr} < ((${filter.value}::date + 1)::timestamp AT TIME ZONE 'UTC')`
        : sql`${expr} <= ${filter.value}`
    case 'differs':
      if (!shape.mismatches) throw new Error(`${resource.key} is compared with no model: it has no differences to filter on`)
      return filter.value ? sql`cardinality(${shape.mismatches}) > 0` : sql`cardinality(${shape.mismatches}) = 0`
  }
}
