import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type pg from 'pg'
import type { RunInTransaction } from './migrate.js'

/**
 * A PGlite with the contrib extensions the migrations create (pg_trgm for substring search): PGlite
 * loads an extension's files only when it is named here, on every open of a data folder.
 */
export function createPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm } })
}

/** The migrator speaks to the raw drivers: PGlite's query() takes one statement, exec() several. */
export function pgliteTransaction(client: PGlite): RunInTransaction {
  return (fn) =>
    client.transaction((tx) =>
      fn({
        exec: async (text) => void (await tx.exec(text)),
        query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
      }),
    )
}

/** node-postgres runs several statements in one simple query (no parameters). */
export function pgTransaction(pool: pg.Pool): RunInTransaction {
  return async (fn) => {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const result = await fn({
        exec: async (text) => void (await client.query(text)),
        query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
      })
      await client.query('COMMIT')
      return result
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw err
    } finally {
      client.release()
    }
  }
}
