/**
 * A fresh, migrated, empty database for one test file: a new schema on the PostgreSQL of
 * DATABASE_URL (dropped on close), else a PGlite folder copied from the migrated template, or from
 * `pgliteTemplate` (a migrated data folder of the tests' own: one seeded with the demo data).
 */
import { sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type Database } from '../../server/upstream/db/client.js'
import { pgliteTemplate, scratchDir } from '../../server/upstream/db/pglite-template.js'

export async function openTestDatabase(opts: { pgliteTemplate?: string } = {}): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`
    const database = await openDatabase({ databaseUrl, schema })
    const close = async () => {
      await database.db.execute(sql`DROP SCHEMA IF EXISTS ${sql.identifier(schema)} CASCADE`)
      await database.close()
    }
    return { ...database, close }
  }
  const template = opts.pgliteTemplate ?? (await pgliteTemplate())
  const dir = mkdtempSync(join(scratchDir(), 'ccoe-test-db-'))
  cpSync(template, join(dir, 'pgdata'), { recursive: true })
  const database = await openDatabase({ dataDir: dir })
  const close = async () => {
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return { ...database, close }
}
