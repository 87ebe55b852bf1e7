import { accessSync, constants, existsSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createPglite, pgliteTransaction } from './drivers.js'
import { acquireLock, LockedError } from './lock-file.js'
import { migrate, migrationsHash, readMigrations } from './migrate.js'

/**
 * A migrated PGlite data folder, built once per machine and set of migrations, that tests copy
 * instead of paying PGlite's initdb (~5 s) per database. Parallel test processes build it under a
 * lock; the folder appears by an atomic rename, so "it exists" means "it is complete".
 */
export async function pgliteTemplate(): Promise<string> {
  const migrations = readMigrations()
  const dir = join(scratchDir(), `ccoe-pglite-template-${migrationsHash(migrations)}`)
  return builtOnce(dir, build, 'the PGlite template', 120_000)
}

/**
 * `dir`, built by `build` unless it exists: by one process at a time (the others wait for the lock),
 * and complete when it exists (`build` ends with an atomic rename).
 */
export async function builtOnce(dir: string, build: (dir: string) => Promise<void>, what: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (!existsSync(dir)) {
    let release: () => void
    try {
      release = acquireLock(`${dir}.lock`)
    } catch (err) {
      if (!(err instanceof LockedError)) throw err
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} ${dir} (${err.message})`)
      await sleep(100) // another process is building it
      continue
    }
    try {
      if (!existsSync(dir)) await build(dir)
    } finally {
      release()
    }
  }
  return dir
}

async function build(dir: string): Promise<void> {
  const building = `${dir}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  const client = await createPglite(building)
  try {
    await migrate(pgliteTransaction(client))
  } finally {
    await client.close()
  }
  renameSync(building, dir)
}

/**
 * Where test databases live: RAM-backed /dev/shm when there is one (copying the ~1000 files of a
 * data folder took ~40 ms there against ~300 ms on this machine's disk), else the OS temp folder.
 */
export function scratchDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK)
    return '/dev/shm'
  } catch {
    return tmpdir()
  }
}
