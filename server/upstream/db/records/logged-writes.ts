import type { Db } from '../client.js'
import { upsertMany, type UpsertResult } from './bulk.js'
import { fieldChanges, logChange, logChanges, type ChangeEntry } from './change-log.js'
import { idsOf } from './ids-of.js'
import type { RecordRepository } from './repository.js'
import type { ApiRecord, Executor } from './rows.js'
import { STALE, type ExpectedVersions } from './row-versions.js'

/**
 * Who writes and when: the gateway's uid (null when the caller named nobody), the upstream's clock;
 * and through what, when not the record's own CRUD (an upload's route, change-log.ts).
 */
export interface Author {
  by: string | null
  at: Date
  source?: string | null
}

/** Rows read, and entries written, per statement by the special writes below: a file of 100,000 rows is 20 of each. */
export const LOGGED_PER_STATEMENT = 5_000

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += LOGGED_PER_STATEMENT) yield items.slice(i, i + LOGGED_PER_STATEMENT)
}

/** The rows of `ids` as the API answers them, locked until the caller's transaction ends: what a special write changes from. */
export async function rowsBefore(tx: Executor, records: RecordRepository, ids: readonly number[]): Promise<ApiRecord[]> {
  const found: ApiRecord[] = []
  for (const part of chunks(ids)) found.push(...(await records.getManyForUpdate(tx, part)))
  return found
}

/**
 * The entries of a special write (an upload, the billing automation, a request) that changed rows
 * with its own set-based SQL, in its transaction, as the generic CRUD writes them: the rows of `ids`
 * are read as they are now and compared with `before` (rowsBefore, read before the write; a row
 * without one was created). A row whose values did not change gets no entry. A chunk at a time:
 * one read and one insert per LOGGED_PER_STATEMENT rows, never a statement per row.
 */
export async function logWritten(
  tx: Executor,
  author: Author,
  records: RecordRepository,
  ids: readonly number[],
  before: readonly ApiRecord[] = [],
): Promise<void> {
  const { resource } = records
  const was = new Map(before.map((row) => [Number(row.id), row]))
  for (const part of chunks(ids)) {
    const entries: ChangeEntry[] = []
    for (const row of await records.getManyForUpdate(tx, part)) {
      const old = was.get(Number(row.id))
      const changes = fieldChanges(resource, old, row)
      if (Object.keys(changes).length === 0) continue
      entries.push({ model: resource.key, recordId: Number(row.id), action: old ? 'update' : 'create', ...author, changes })
    }
    await logChanges(tx, entries)
  }
}

/**
 * upsertMany (bulk.ts) with its entries: the rows the file names by `key` are read locked first,
 * so an update's entry has what it replaced. For the uploads that insert or update by identifier.
 */
export async function loggedUpsertMany(
  tx: Executor,
  author: Author,
  records: RecordRepository,
  key: string,
  values: readonly ApiRecord[],
): Promise<UpsertResult[]> {
  const { resource } = records
  const anyCase = resource.fields.find((f) => f.name === key)?.type === 'email'
  const stored = await idsOf(
    tx,
    resource.table,
    key,
    values.map((v) => String(v[key])),
    anyCase,
  )
  const before = await rowsBefore(tx, records, [...stored.values()])
  const results = await upsertMany(tx, resource, key, values)
  await logWritten(
    tx,
    author,
    records,
    results.map((r) => r.id),
    before,
  )
  return results
}

/**
 * The generic CRUD's writes of one model, each with its change-log entry (change-log.ts) in the
 * same transaction: a write that fails or is refused (a duplicate, a stale If-Match, a missing row)
 * leaves no entry, and a committed write always has one. An update reads the row it changes under
 * a row lock first, so `from` is what the update replaced even with writers racing; an update that
 * changes no value leaves no entry. A delete's entry keeps every value the record had, as `from`.
 */
export function loggedWrites(records: RecordRepository) {
  const model = records.resource.key
  const resource = records.resource

  return {
    create(db: Db, author: Author, values: ApiRecord) {
      return db.transaction(async (tx) => {
        const created = await records.createVersioned(tx, values)
        const changes = fieldChanges(resource, undefined, created.data, values)
        await logChange(tx, { model, recordId: Number(created.data.id), action: 'create', ...author, changes })
        return created
      })
    },

    update(db: Db, author: Author, id: number, values: ApiRecord, expected: ExpectedVersions) {
      return db.transaction(async (tx) => {
        const before = await records.getForUpdate(tx, id)
        if (!before) return undefined
        const result = await records.updateVersioned(tx, id, values, expected)
        if (result === STALE || !result) return result
        const changes = fieldChanges(resource, before, result.data, values)
        if (Object.keys(changes).length) await logChange(tx, { model, recordId: id, action: 'update', ...author, changes })
        return result
      })
    },

    remove(db: Db, author: Author, id: number, expected: ExpectedVersions) {
      return db.transaction(async (tx) => {
        const before = await records.getForUpdate(tx, id)
        if (!before) return false
        const result = await records.removeVersioned(tx, id, expected)
        if (result === true)
          await logChange(tx, { model, recordId: id, action: 'delete', ...author, changes: fieldChanges(resource, before, undefined) })
        return result
      })
    },

    /**
     * One chunk of a bulk update, inside the caller's transaction (every chunk commits or none):
     * the rows are read locked, `check` may refuse one (the model's rules, judged on the record as
     * it will be), then set, and each row whose values changed gets its own entry.
     */
    async updateMany(tx: Executor, author: Author, ids: readonly number[], values: ApiRecord, check?: (before: ApiRecord) => void) {
      const before = await records.getManyForUpdate(tx, ids)
      if (check) for (const row of before) check(row)
      const after = new Map((await records.updateMany(tx, ids, values)).map((row) => [Number(row.id), row]))
      const entries = before.flatMap((row) => {
        const changes = fieldChanges(resource, row, after.get(Number(row.id)), values)
        return Object.keys(changes).length ? [{ model, recordId: Number(row.id), action: 'update' as const, ...author, changes }] : []
      })
      await logChanges(tx, entries)
      return after.size
    },

    /** One chunk of a bulk delete, inside the caller's transaction: each entry keeps the record's values. */
    async removeMany(tx: Executor, author: Author, ids: readonly number[]) {
      const before = await records.getManyForUpdate(tx, ids)
      const removed = await records.removeMany(tx, ids)
      await logChanges(
        tx,
        before.map((row) => ({
          model,
          recordId: Number(row.id),
          action: 'delete' as const,
          ...author,
          changes: fieldChanges(resource, row, undefined),
        })),
      )
      return removed
    },
  }
}
