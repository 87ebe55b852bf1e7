import { sql, type SQL } from 'drizzle-orm'
import type { FieldType, ResourceDef } from '../../../../shared/resources/index.js'
import { rows, type ApiRecord, type Executor } from './rows.js'

/** The array type each field's values travel in (one parameter per column, whatever the row count). */
const ARRAY_TYPES: Record<FieldType, string> = {
  text: 'text[]',
  email: 'text[]',
  richtext: 'text[]',
  list: 'text[]',
  select: 'text[]',
  number: 'numeric[]',
  boolean: 'boolean[]',
  date: 'date[]',
  datetime: 'timestamptz[]',
  lookup: 'int4[]',
  json: 'jsonb[]',
}

export interface UpsertResult {
  id: number
  /** the conflict key's value */
  key: string
  /** true: a new row; false: an existing row was updated */
  inserted: boolean
}

/**
 * Inserts or updates many rows of a registry model in ONE statement: `INSERT … SELECT FROM unnest(…)
 * ON CONFLICT (key) DO UPDATE`. One statement is atomic by itself and keeps PGlite's only session
 * busy for the shortest time (TECH-NOTES: ~276k rows/s). `key` must be a unique field; every row has
 * the same fields; the caller removes duplicate keys first, emails in any case (PostgreSQL refuses to update a row twice).
 */
export async function upsertMany(db: Executor, resource: ResourceDef, key: string, records: readonly ApiRecord[]): Promise<UpsertResult[]> {
  if (records.length === 0) return []
  const names = Object.keys(records[0])
  if (!names.includes(key)) throw new Error(`upsertMany: the rows of ${resource.key} lack their key ${key}`)
  const columns = names.map((name) => {
    const field = resource.fields.find((f) => f.name === name && !f.readOnly)
    if (!field) throw new Error(`upsertMany: ${resource.key} has no writable field ${name}`)
    return { name, id: sql.identifier(name), type: ARRAY_TYPES[field.type] }
  })
  // sql.param: the whole array is one parameter (a bare array would become a list of parameters)
  const arrays: SQL[] = columns.map((c) => sql`${sql.param(records.map((r) => r[c.name] ?? null))}::${sql.raw(c.type)}`)
  const updates = columns.filter((c) => c.name !== key).map((c) => sql`${c.id} = EXCLUDED.${c.id}`)
  // an email key is unique in any case (migration 005: a unique index on lower(email))
  const keyField = resource.fields.find((f) => f.name === key)
  const target = keyField?.type === 'email' ? sql`(lower(${sql.identifier(key)}))` : sql.identifier(key)
  const list = sql.join(
    columns.map((c) => c.id),
    sql`, `,
  )
  const onConflict = updates.length ? sql`DO UPDATE SET ${sql.join(updates, sql`, `)}` : sql`DO NOTHING`
  // xmax is 0 only on a row this statement inserted: the one way to tell inserts from updates here
  const result = await rows<UpsertResult>(
    db,
    sql`INSERT INTO ${sql.identifier(resource.table)} (${list})
        SELECT * FROM unnest(${sql.join(arrays, sql`, `)}) AS v(${list})
        ON CONFLICT (${target}) ${onConflict}
        RETURNING id::float8 AS id, ${sql.identifier(key)}::text AS key, (xmax = 0) AS inserted`,
  )
  return result.map((r) => ({ ...r, id: Number(r.id) }))
}
