import { sql } from 'drizzle-orm'
import type { ChangeAction, FieldChanges } from '../../../../shared/resources/record-changes.js'
import type { FieldDef, ResourceDef } from '../../../../shared/resources/index.js'
import type { ApiRecord, Executor } from './rows.js'

/** One entry of the change log (migration 047), as the generic CRUD writes it. */
export interface ChangeEntry {
  model: string
  recordId: number
  action: ChangeAction
  /** the gateway's uid; null when the caller named nobody */
  by: string | null
  at: Date
  /** the call that wrote it when not the record's own CRUD (an upload's route); null or absent: the CRUD */
  source?: string | null
  changes: FieldChanges
}

/**
 * The fields a change names: what a client writes, and the label a lookup shows (a cost center's
 * owner email beside the owner's id), so the history reads as the record page does even after the
 * looked-up row is renamed or gone. Other joined values (a company's GL accounts) belong to the
 * looked-up row and change with it, not with this record; ids and timestamps are the server's.
 */
export function recordedFields(resource: ResourceDef): FieldDef[] {
  return resource.fields.filter((field) => {
    if (field.writeOnly) return false
    if (!field.readOnly) return true
    const { join } = field
    if (!join) return false
    return resource.fields.find((f) => f.name === join.via)?.lookup?.labelField === join.column
  })
}

/**
 * The fields whose API value differs between `before` and `after` (undefined: the record did not
 * exist, so every value came from or went to null), in the registry's order. A write-only field the
 * body sent (a private key) is named as written, never with its value.
 */
export function fieldChanges(
  resource: ResourceDef,
  before: ApiRecord | undefined,
  after: ApiRecord | undefined,
  body: ApiRecord = {},
): FieldChanges {
  const changes: FieldChanges = {}
  for (const field of recordedFields(resource)) {
    const from = before?.[field.name] ?? null
    const to = after?.[field.name] ?? null
    // the values are the API's scalars (text, numbers, flags, ISO instants): equal means the same
    if (from !== to) changes[field.name] = { from, to }
  }
  if (after) {
    for (const field of resource.fields) if (field.writeOnly && body[field.name] !== undefined) changes[field.name] = { hidden: true }
  }
  return changes
}

/**
 * Writes one entry with the caller's executor: inside the transaction of the change it records, so
 * a failed insert undoes the change.
 */
export async function logChange(db: Executor, entry: ChangeEntry): Promise<void> {
  await logChanges(db, [entry])
}

/**
 * Writes the entries in ONE statement (a bulk action's chunk: one entry per record changed), each
 * value list one array parameter. The failure is the server's, never the caller's: its database
 * error is not passed on as the cause, which the CRUD would read as a 4xx about the record's fields.
 */
export async function logChanges(db: Executor, entries: readonly ChangeEntry[]): Promise<void> {
  if (entries.length === 0) return
  const column = <T>(f: (e: ChangeEntry) => T) => sql.param(entries.map(f))
  try {
    await db.execute(sql`
      INSERT INTO record_changes (changed_at, changed_by, model, record_id, action, changes, source)
      SELECT * FROM unnest(${column((e) => e.at.toISOString())}::timestamptz[], ${column((e) => e.by)}::text[],
                           ${column((e) => e.model)}::text[], ${column((e) => e.recordId)}::int4[], ${column((e) => e.action)}::text[],
                           ${column((e) => JSON.stringify(e.changes))}::jsonb[], ${column((e) => e.source ?? null)}::text[])`)
  } catch (err) {
    const reason = (err as { cause?: Error }).cause?.message ?? (err as Error).message
    const first = entries[0]
    const which =
      entries.length === 1 ? `the entry of ${first.action} ${first.model}/${first.recordId}` : `${entries.length} entries of ${first.model}`
    throw new Error(`The change log refused ${which}: ${reason}`)
  }
}
