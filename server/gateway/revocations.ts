import { appendFile, readFile, stat, writeFile } from 'node:fs/promises'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import pg from 'pg'
import { underTableLock } from './table-lock.js'

/**
 * The logout cut-off. Sessions are encrypted cookies (no server store), so a copied cookie would
 * outlive its logout. Each session carries a random `sid`; logout records that sid with the time the
 * session would have expired anyway (login + absolute timeout), after which the entry is useless and
 * dropped.
 *
 * Why a per-session list and not a per-user "not before": logging out of one browser should not
 * end the user's other sessions, and the list stays tiny (logouts within one absolute timeout), so
 * every replica keeps all of it in memory and rereads it once every `reloadMs`: another replica's
 * logouts count within that lag, a replica's own at once.
 * Time is the gateway's clock (`now`), so tests move it instead of waiting.
 */
/**
 * How often a replica rereads the cut-off, by its clock: the most a logout on another replica takes
 * to hold here (README "Running more than one gateway").
 */
export const REREAD_MS = 1000

export interface RevocationStore {
  open(): Promise<void>
  revoke(sid: string, until: number): Promise<void>
  /** Whether `sid` was logged out, here or (within reloadMs) by another replica. */
  isRevoked(sid: string): Promise<boolean>
  /** Until when `sid` is revoked (the latest time recorded), or undefined when it is not. */
  until(sid: string): Promise<number | undefined>
  close(): Promise<void>
}

/** The in-memory list and its periodic reread; where the list is kept is the subclass's. */
abstract class RereadRevocations implements RevocationStore {
  protected readonly revoked = new Map<string, number>()
  private lastCheck = 0
  private reloading: Promise<void> | undefined
  /** told when a reread fails: the list read last stays in force and the next check tries again */
  onReadError: (error: unknown) => void = () => undefined

  constructor(
    protected readonly now: () => number,
    private readonly reloadMs: number,
  ) {}

  abstract open(): Promise<void>
  protected abstract record(sid: string, until: number): Promise<void>
  /** the live entries as stored, or undefined when nothing changed since the last read */
  protected abstract read(): Promise<Iterable<[string, number]> | undefined>

  async revoke(sid: string, until: number): Promise<void> {
    this.revoked.set(sid, until)
    await this.record(sid, until)
  }

  async isRevoked(sid: string): Promise<boolean> {
    return (await this.until(sid)) !== undefined
  }

  async until(sid: string): Promise<number | undefined> {
    if (this.now() - this.lastCheck > this.reloadMs) {
      this.lastCheck = this.now()
      this.reloading ??= this.reload()
        .catch(this.onReadError)
        .finally(() => (this.reloading = undefined))
      await this.reloading
    }
    const until = this.revoked.get(sid)
    return until !== undefined && until > this.now() ? until : undefined
  }

  async close(): Promise<void> {}

  protected async reload(): Promise<void> {
    const entries = await this.read()
    const now = this.now()
    for (const [sid, until] of entries ?? []) if (until > now) this.revoked.set(sid, until)
    for (const [sid, until] of this.revoked) if (until <= now) this.revoked.delete(sid)
  }
}

/**
 * One JSON line a logout in a file of the data folder: for a single gateway, or replicas that share
 * that folder (one volume).
 */
export class FileRevocations extends RereadRevocations {
  private lastMtimeMs = 0
  private readonly compactOnOpen: boolean

  constructor(
    private readonly file: string,
    now: () => number = Date.now,
    options: {
      /**
       * Whether open() rewrites the file without its expired entries (yes unless told). Off where other
       * processes append to it meanwhile (cluster workers: a rewrite drops what they append between its
       * read and its write); their primary compacts it before it forks them.
       */
      compactOnOpen?: boolean
      reloadMs?: number
    } = {},
  ) {
    super(now, options.reloadMs ?? REREAD_MS)
    this.compactOnOpen = options.compactOnOpen ?? true
  }

  /** Reads the file, keeping only live entries, and rewrites it compacted (see compactOnOpen). */
  async open(): Promise<void> {
    mkdirSync(dirname(this.file), { recursive: true })
    if (existsSync(this.file)) await this.reload()
    if (!this.compactOnOpen) return
    const lines = [...this.revoked].map(([sid, until]) => JSON.stringify({ sid, until }))
    await writeFile(this.file, lines.length ? `${lines.join('\n')}\n` : '', { mode: 0o600 })
  }

  protected async record(sid: string, until: number): Promise<void> {
    await appendFile(this.file, `${JSON.stringify({ sid, until })}\n`, { mode: 0o600 })
  }

  protected async read(): Promise<Iterable<[string, number]> | undefined> {
    let mtimeMs: number
    try {
      mtimeMs = (await stat(this.file)).mtimeMs
    } catch {
      return undefined
    }
    if (mtimeMs === this.lastMtimeMs) return undefined
    this.lastMtimeMs = mtimeMs
    const entries: [string, number][] = []
    for (const line of (await readFile(this.file, 'utf8')).split('\n')) {
      if (!line) continue
      try {
        const { sid, until } = JSON.parse(line) as { sid: string; until: number }
        if (typeof sid === 'string' && typeof until === 'number') entries.push([sid, until])
      } catch {
        // a torn last line from a concurrent append: the next reload reads it whole
      }
    }
    return entries
  }
}

/** the file's name in the data folder when no GATEWAY_DATABASE_URL is set */
export const REVOCATIONS_FILE = 'revoked-sessions.jsonl'

/** The table every replica reads: replicas on different machines need no shared disk. */
export const REVOCATIONS_TABLE = 'gateway_revoked_sessions'

/**
 * A table in the PostgreSQL named by GATEWAY_DATABASE_URL. The gateway owns this table (the
 * provider API's migrations do not know it), so it creates it on start, under an advisory lock
 * because replicas start together.
 */
export class PostgresRevocations extends RereadRevocations {
  private readonly pool: pg.Pool

  constructor(databaseUrl: string, now: () => number = Date.now, reloadMs = REREAD_MS) {
    super(now, reloadMs)
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    // an idle connection dropped by the server must not crash the gateway; the pool replaces it
    this.pool.on('error', () => undefined)
  }

  async open(): Promise<void> {
    await openGatewayTable(this.pool, REVOCATIONS_TABLE, 'sid text PRIMARY KEY, until_ms bigint NOT NULL', this.now())
    await this.reload()
  }

  protected async record(sid: string, until: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${REVOCATIONS_TABLE} (sid, until_ms) VALUES ($1, $2)
       ON CONFLICT (sid) DO UPDATE SET until_ms = GREATEST(${REVOCATIONS_TABLE}.until_ms, EXCLUDED.until_ms)`,
      [sid, until],
    )
  }

  protected async read(): Promise<Iterable<[string, number]>> {
    const { rows } = await this.pool.query<{ sid: string; until_ms: string }>(
      `SELECT sid, until_ms::text FROM ${REVOCATIONS_TABLE} WHERE until_ms > $1`,
      [this.now()],
    )
    return rows.map((row) => [row.sid, Number(row.until_ms)])
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}

/**
 * A table of the replicas' shared PostgreSQL (GATEWAY_DATABASE_URL), made if missing and rid of its
 * expired rows (`until_ms`).
 */
export async function openGatewayTable(pool: pg.Pool, table: string, columns: string, now: number): Promise<void> {
  await underTableLock(pool, table, [
    { text: `CREATE TABLE IF NOT EXISTS ${table} (${columns})` },
    { text: `DELETE FROM ${table} WHERE until_ms <= $1`, values: [now] },
  ])
}
