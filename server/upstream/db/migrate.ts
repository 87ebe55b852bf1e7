import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * A tiny migrator instead of drizzle's migrate(): drizzle's needs a drizzle-kit journal whose
 * timestamps decide what runs (a migration dated before the last applied one is skipped silently),
 * and we write plain numbered SQL by hand. Here a migration is `NNN_name.sql`, applied once, in name
 * order, recorded by name and hash in `schema_migrations` (in the current schema, so a test schema
 * keeps its own), all pending ones in one transaction under an advisory lock so two processes
 * starting on one PostgreSQL do not race. Editing an applied file is refused: add a new one.
 */

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

export interface Migration {
  name: string
  sql: string
  sha256: string
}

/** The statements a driver offers inside one transaction. */
export interface MigrationTx {
  /** several statements, no parameters */
  exec(text: string): Promise<void>
  query<R>(text: string, params?: unknown[]): Promise<R[]>
}

export type RunInTransaction = <T>(fn: (tx: MigrationTx) => Promise<T>) => Promise<T>

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(`${dir}/${file}`, 'utf8')
      return { name: file, sql, sha256: createHash('sha256').update(sql).digest('hex') }
    })
}

/** One hash of every migration: names the PGlite template folder that holds them applied. */
export function migrationsHash(migrations = readMigrations()): string {
  const hash = createHash('sha256')
  for (const m of migrations) hash.update(`${m.name}\0${m.sha256}\0`)
  return hash.digest('hex').slice(0, 16)
}

export async function migrate(inTransaction: RunInTransaction, migrations = readMigrations()): Promise<string[]> {
  return inTransaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('ccoe-migrations:' || current_schema()))`)
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      sha256 text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const applied = new Map(
      (await tx.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_migrations')).map((r) => [r.name, r.sha256]),
    )
    const ran: string[] = []
    for (const migration of migrations) {
      const known = applied.get(migration.name)
      if (known === migration.sha256) continue
      if (known !== undefined) {
        throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead`)
      }
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migrations (name, sha256) VALUES ($1, $2)', [migration.name, migration.sha256])
      ran.push(migration.name)
    }
    return ran
  })
}
