import { appendFile, readFile, stat, writeFile } from 'node:fs/promises'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The logout cut-off. Sessions are encrypted cookies (no server store), so a copied cookie would
 * outlive its logout. Each session carries a random `sid`; logout writes that sid here with the
 * time the session would have expired anyway (login + absolute timeout), after which the entry is
 * useless and dropped.
 *
 * Why a per-session list and not a per-user "not before": logging out of one browser should not
 * end the user's other sessions, and the list stays tiny (logouts within one absolute timeout).
 * Why a file in the data folder: replicas that share that folder (one volume) see each other's
 * logouts within `reloadMs` without a database; a replica's own logouts count at once.
 * Time is the gateway's clock (`now`), so tests move it instead of waiting.
 */
export class Revocations {
  private readonly revoked = new Map<string, number>()
  private lastMtimeMs = 0
  private lastCheck = 0
  private reloading: Promise<void> | undefined

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
    private readonly reloadMs = 1000,
  ) {}

  /** Reads the file, keeping only live entries, and rewrites it compacted. */
  async open(): Promise<void> {
    mkdirSync(dirname(this.file), { recursive: true })
    if (existsSync(this.file)) await this.reload(true)
    const now = this.now()
    const lines = [...this.revoked].filter(([, until]) => until > now).map(([sid, until]) => JSON.stringify({ sid, until }))
    await writeFile(this.file, lines.length ? `${lines.join('\n')}\n` : '', { mode: 0o600 })
  }

  async revoke(sid: string, until: number): Promise<void> {
    this.revoked.set(sid, until)
    await appendFile(this.file, `${JSON.stringify({ sid, until })}\n`, { mode: 0o600 })
  }

  /** Whether `sid` was logged out, here or (within reloadMs) by another replica. */
  async isRevoked(sid: string): Promise<boolean> {
    if (this.now() - this.lastCheck > this.reloadMs) {
      this.lastCheck = this.now()
      this.reloading ??= this.reload(false).finally(() => (this.reloading = undefined))
      await this.reloading
    }
    const until = this.revoked.get(sid)
    return until !== undefined && until > this.now()
  }

  private async reload(force: boolean): Promise<void> {
    let mtimeMs: number
    try {
      mtimeMs = (await stat(this.file)).mtimeMs
    } catch {
      return
    }
    if (!force && mtimeMs === this.lastMtimeMs) return
    this.lastMtimeMs = mtimeMs
    const now = this.now()
    for (const line of (await readFile(this.file, 'utf8')).split('\n')) {
      if (!line) continue
      try {
        const { sid, until } = JSON.parse(line) as { sid: string; until: number }
        if (typeof sid === 'string' && typeof until === 'number' && until > now) this.revoked.set(sid, until)
      } catch {
        // a torn last line from a concurrent append: the next reload reads it whole
      }
    }
    for (const [sid, until] of this.revoked) if (until <= now) this.revoked.delete(sid)
  }
}
