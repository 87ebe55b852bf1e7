import { sql } from 'drizzle-orm'
import { rows, type Executor } from './rows.js'

/**
 * value → id for the values that exist; one query per column, whatever the row count. `anyCase`:
 * the column is unique case-insensitively (emails, migration 005), so the map is keyed by lower case.
 */
export async function idsOf(db: Executor, table: string, column: string, values: string[], anyCase = false): Promise<Map<string, number>> {
  const col = sql.identifier(column)
  const wanted = [...new Set(anyCase ? values.map((v) => v.toLowerCase()) : values)]
  const found = await rows<{ id: number; value: string }>(
    db,
    anyCase
      ? sql`SELECT id::float8 AS id, lower(${col}) AS value FROM ${sql.identifier(table)}
            WHERE lower(${col}) = ANY(${sql.param(wanted)}::text[])`
      : sql`SELECT id::float8 AS id, ${col} AS value FROM ${sql.identifier(table)}
            WHERE ${col} = ANY(${sql.param(wanted)}::text[])`,
  )
  return new Map(found.map((r) => [r.value, Number(r.id)]))
}
