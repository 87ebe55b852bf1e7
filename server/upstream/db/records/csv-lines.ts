import { sql, type SQL } from 'drizzle-orm'
import type { RecordShape } from './columns.js'

/**
 * One CSV line per row, rendered by the database (migration 040's csv_* functions) exactly as
 * shared/csv.ts renders the record the API gives: a whole list then streams at about COPY's speed
 * instead of as JSON pages rewritten cell by cell. A column naming no readable field is empty, as
 * `csvCell(undefined)` is.
 */
export function csvLineSql(shape: RecordShape, columns: readonly { field: string }[]): SQL {
  const cells = columns.map(({ field }) => {
    const type = shape.readable.find((f) => f.name === field)?.type
    if (!type) return sql`''`
    const value = shape.value(field)
    switch (type) {
      case 'boolean':
        return sql`csv_boolean(${value})`
      case 'number':
      case 'lookup':
        return sql`csv_number(${value})`
      case 'date':
      case 'datetime':
        // to_char's digits and separators: never a formula, never quoted (and to_char is costly to repeat)
        return sql`coalesce(${value}, '')`
      default:
        return sql`csv_text((${value})::text)`
    }
  })
  return sql`${sql.join(cells, sql` || ',' || `)} || E'\\r\\n'`
}
