import { hostname } from 'node:os'
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'

/**
 * An exclusive lock file. Nothing locks a PGlite data folder and a second process on it corrupts it
 * (TECH-NOTES), so whoever opens one holds `<name>.lock` first. A lock left by a dead process on this
 * host (a crash, a kill -9) is taken over; a live owner, this process included, is refused.
 */

const held = new Set<string>()
let exitHookInstalled = false

export class LockedError extends Error {
  constructor(
    readonly path: string,
    readonly pid: number,
  ) {
    super(`${path} is held by process ${pid}`)
  }
}

function ownerOf(path: string): { pid: number; host: string } | undefined {
  try {
    const [pid, host] = readFileSync(path, 'utf8').split('\n')
    return { pid: Number(pid), host: host ?? '' }
  } catch {
    return undefined
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the lock or throws LockedError; returns the release function. */
export function acquireLock(path: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, `${process.pid}\n${hostname()}\n`)
      closeSync(fd)
      held.add(path)
      installExitHook()
      return () => release(path)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = ownerOf(path)
      if (owner === undefined) continue // released between our open and read: try again
      const stale = owner.host === hostname() && owner.pid !== process.pid && !alive(owner.pid)
      if (!stale) throw new LockedError(path, owner.pid)
      rmSync(path, { force: true })
    }
  }
  throw new LockedError(path, ownerOf(path)?.pid ?? 0)
}

function release(path: string): void {
  if (!held.delete(path)) return
  rmSync(path, { force: true })
}

// a process that exits without close() (Ctrl+C in dev) must not leave a lock that looks alive to a PID reuse
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const path of held) rmSync(path, { force: true })
  })
}
