/**
 * The database of the embedded IdP's store, opened in the gateway's process: a small pool on
 * PostgreSQL (its table sits in a schema of its own there, out of the provider API's backups), or
 * a PGlite of its own in a data folder. A PGlite folder is one process's (TECH-NOTES), and the
 * provider API's is its child process's; one portal per DATA_DIR is kept by the lock that process
 * takes on its folder before the gateway opens this one (main.ts).
 */
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { SqlClient } from './store.js'

export interface IdpDatabase extends SqlClient {
  close(): Promise<void>
}

export async function openIdpDatabase(where: { databaseUrl?: string; dataDir: string }): Promise<IdpDatabase> {
  if (where.databaseUrl) {
    // one person's sign-in is a few short statements: a few connections are plenty
    const pool = new pg.Pool({ connectionString: where.databaseUrl, max: 4 })
    // an idle connection dropped by the server must not crash the process; the pool replaces it
    pool.on('error', () => undefined)
    return {
      query: async <T>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as T[] }),
      close: () => pool.end(),
    }
  }
  const client = await PGlite.create(where.dataDir)
  return {
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
    close: () => client.close(),
  }
}
