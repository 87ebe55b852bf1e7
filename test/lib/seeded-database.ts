/**
 * A fresh database holding the demo data. Seeding took ~10 s of CPU and copying a data folder
 * ~40 ms, and most test files start a seeded upstream, so on PGlite the demo data is seeded once
 * per test run (tap's runner: the test processes' parent) and day, into a template each test
 * copies. On PostgreSQL (DATABASE_URL) each test seeds its own schema, as before.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type Database } from '../../server/upstream/db/client.js'
import { openTestDatabase } from './test-database.js'
import { migrationsHash } from '../../server/upstream/db/migrate.js'
import { builtOnce, pgliteTemplate, scratchDir } from '../../server/upstream/db/pglite-template.js'
import { seedDemoData } from '../../server/upstream/db/seed/index.js'

export async function openSeededTestDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase()
    await seedDemoData(database)
    return database
  }
  return openTestDatabase({ pgliteTemplate: await seededTemplate() })
}

const PREFIX = 'ccoe-pglite-seeded-'

/**
 * The seeded data folder of this run. Its name holds the runner (its start time and pid), so a new
 * run (new sources, new seed) never reads an older run's folder, and the day, as the demo data's
 * dates are relative to the day it is seeded. Test processes build it under a lock; it appears by
 * an atomic rename.
 */
async function seededTemplate(): Promise<string> {
  const day = new Date().toISOString().slice(0, 10)
  const dir = join(scratchDir(), `${PREFIX}${migrationsHash()}-${day}-${runner()}`)
  return builtOnce(dir, build, 'the seeded PGlite template', 150_000)
}

async function build(dir: string): Promise<void> {
  removeFinishedRuns()
  const building = mkdtempSync(`${dir}.building-`)
  try {
    cpSync(await pgliteTemplate(), join(building, 'pgdata'), { recursive: true })
    const database = await openDatabase({ dataDir: building })
    try {
      await seedDemoData(database)
    } finally {
      await database.close()
    }
    renameSync(join(building, 'pgdata'), dir)
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

/** The runner's start time (from /proc, where there is one: a reused pid is another runner) and pid. */
function runner(): string {
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8')
    // the fields after the command, which may itself hold spaces: state (3rd), … starttime (22nd)
    return `${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}-${process.ppid}`
  } catch {
    return String(process.ppid)
  }
}

/** The seeded folders (and their locks) of runs whose runner has ended: ~35 MB each in /dev/shm. */
function removeFinishedRuns(): void {
  for (const name of readdirSync(scratchDir())) {
    const runner = name.startsWith(PREFIX) ? Number(/-(\d+)(\.lock|\.building-\w+)?$/.exec(name)?.[1]) : NaN
    if (Number.isInteger(runner) && !running(runner)) rmSync(join(scratchDir(), name), { recursive: true, force: true })
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
