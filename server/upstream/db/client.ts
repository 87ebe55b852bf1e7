import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { createPglite, pgliteTransaction, pgTransaction } from './drivers.js'
import { acquireLock, LockedError } from './lock-file.js'
import { migrate } from './migrate.js'

/**
 * Both drivers behind one drizzle type. Type drift between them (int8 a string on node-postgres,
 * timestamps as driver-specific text) is pinned in SQL where records are read (see records/columns.ts:
 * `::int`/`::float8` casts and ISO 8601 via to_char), so nothing depends on driver parsers.
 */
export type Db = PgDatabase<RowsResultHKT, Record<string, never>>

/**
 * What both drivers' raw results have in common (PGlite's `Results`, node-postgres' `QueryResult`):
 * the rows. Typing `execute` by it lets callers read `.rows` without knowing which driver answered.
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>
}
interface RowsResult<T> {
  rows: T[]
}

export interface Database {
  db: Db
  dialect: 'pglite' | 'postgres'
  /** plain SQL with $n parameters on the same connection(s), for parts that are not the provider API's (the embedded IdP's store) */
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; unset: embedded PGlite */
  databaseUrl?: string
  /** PGlite only: the data folder (the database lives in `<dataDir>/pgdata`); unset: in memory */
  dataDir?: string
  /** PostgreSQL only: a schema to create and use as search_path (tests use one per file) */
  schema?: string
}

/**
 * Planner settings of every connection the upstream opens.
 * - No JIT: the upstream's statements read a page or a capped count, and JIT is chosen by the
 *   planner's guessed cost, not by what a LIMIT reads: a recursive page query the upstream once ran
 *   (priced at ten rounds of every branch) spent 45-800 ms compiling what ran in 1-3 ms.
 * - Join orders searched among at most 4 relations (default 8): a record's read joins each of its
 *   lookups (a cost center: page, row and six lookups), and searching every order of 8 relations
 *   took 5-17 ms of planning on PostgreSQL and 24-64 ms on PGlite for a page that then ran in 1 ms;
 *   with 4, 1.2 ms, and the same plan. A page's filters and sort join at most a few relations,
 *   whose order is still searched in full (BENCHMARKS.md).
 */
export const PLANNER_SETTINGS = { jit: 'off', join_collapse_limit: '4' } as const

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.schema) : openPglite(opts.dataDir)
}

async function openPglite(dataDir?: string): Promise<Database> {
  let release = () => {}
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true })
    try {
      release = acquireLock(join(dataDir, 'pglite.lock'))
    } catch (err) {
      if (!(err instanceof LockedError)) throw err
      throw new Error(`The database in ${dataDir} is already in use by process ${err.pid}: stop that process or use another data folder`)
    }
  }
  // the database files get their own folder: dataDir also holds secrets and the mail outbox
  const client = await createPglite(dataDir === undefined ? undefined : join(dataDir, 'pgdata')).catch((err) => {
    release()
    throw err
  })
  const close = async () => {
    if (!client.closed) await client.close()
    release()
  }
  try {
    // PGlite's one connection lives as long as the client: its session settings are every query's
    for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.query(`SELECT set_config($1, $2, false)`, [name, value])
    await migrate(pgliteTransaction(client))
  } catch (err) {
    await close()
    throw err
  }
  return {
    db: drizzlePglite(client),
    dialect: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
    close,
  }
}

async function openPostgres(databaseUrl: string, schema?: string): Promise<Database> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lowercase letters, digits and _`)
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // startup parameters, so every pooled connection has them before its first query
    options: Object.entries({ ...PLANNER_SETTINGS, ...(schema && { search_path: schema }) })
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  })
  // an idle connection dropped by the server must not crash the process; the pool replaces it
  pool.on('error', () => undefined)
  try {
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    await migrate(pgTransaction(pool))
  } catch (err) {
    await pool.end()
    throw err
  }
  return {
    db: drizzlePg(pool),
    dialect: 'postgres',
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as T[] }),
    close: () => pool.end(),
  }
}
