import type { SQL } from 'drizzle-orm'
import type { Db } from '../client.js'

/** A database or a transaction: every function takes one, so callers group writes as they need. */
export type Executor = Pick<Db, 'execute'>

export type ApiRecord = Record<string, unknown>

/** The rows of a query; `T` is the caller's word for the shape its SQL selects (no driver checks it). */
export async function rows<T = ApiRecord>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[]
}
