import { sql, type SQL } from 'drizzle-orm'

/**
 * A record's version: a hash of its stored row (every column, as PostgreSQL renders it to JSON),
 * so any write by anyone changes it and no column or migration is needed. `alias` names the row.
 * The sort keys of joined columns are left out: they follow the looked-up rows (migration 043), and
 * a new email of the owner is no edit of the cost center that would refuse a write made meanwhile.
 */
export function versionOf(alias: ReturnType<typeof sql.identifier>, sortKeyColumns: readonly string[]): SQL {
  if (!sortKeyColumns.length) return sql`md5(row_to_json(${alias})::text)`
  return sql`md5((to_jsonb(${alias}) - ${`{${sortKeyColumns.join(',')}}`}::text[])::text)`
}

/** A write refused because the row changed since the caller read it (If-Match did not match). */
export const STALE = Symbol('stale')

/** The versions a caller accepts (the entity tags of `If-Match`, unquoted); undefined: any. */
export type ExpectedVersions = readonly string[] | undefined

/** Takes the `__version` column off a row read with it. */
export function withVersion(row: Record<string, unknown> | undefined): { data: Record<string, unknown>; version: string } | undefined {
  if (!row) return undefined
  const { __version: version, ...data } = row
  return { data, version: String(version) }
}
