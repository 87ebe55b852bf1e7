import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { openGatewayTable } from './revocations.js'

/** What the gateway keeps of a person's tokens, server-side: never in the cookie, never in the browser. */
export interface SessionTokens {
  /** the ID token of the sign-in (or of the last refresh): the logout's id_token_hint */
  idToken?: string
  refreshToken?: string
  accessToken?: string
  /** by the gateway's clock */
  accessTokenExpiresAt?: number
}

/**
 * The tokens of each session, by its sid, in the place the replicas already share for the logout
 * cut-off (revocations.ts): a folder of the data folder, or a table of GATEWAY_DATABASE_URL. They
 * do not fit the 4 KB cookie (TECH-NOTES), and each is sealed with AES-256-GCM under a key derived
 * from the session key and bound to its sid, so the store alone gives away no token.
 */
export interface SessionTokenStore {
  open(): Promise<void>
  get(sid: string): Promise<SessionTokens | undefined>
  /** kept until `until` (the session's absolute end), after which nobody asks for them */
  set(sid: string, tokens: SessionTokens, until: number): Promise<void>
  delete(sid: string): Promise<void>
  close(): Promise<void>
}

interface Sealed {
  until: number
  sealed: string
}

function sealer(sessionKey: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', sessionKey, Buffer.alloc(0), 'ccoe-portal session tokens', 32))
  return {
    seal(sid: string, tokens: SessionTokens): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(sid))
      const body = Buffer.concat([cipher.update(JSON.stringify(tokens)), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    /** undefined when the blob was sealed under another key or for another sid */
    open(sid: string, sealed: string): SessionTokens | undefined {
      const bytes = Buffer.from(sealed, 'base64')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(Buffer.from(sid))
        decipher.setAuthTag(bytes.subarray(12, 28))
        return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString()) as SessionTokens
      } catch {
        return undefined
      }
    },
  }
}

/** the folder's name in the data folder when no GATEWAY_DATABASE_URL is set */
export const SESSION_TOKENS_FOLDER = 'session-tokens'
export const SESSION_TOKENS_TABLE = 'gateway_session_tokens'

export function openSessionTokenStore(options: {
  sessionKey: Buffer
  now: () => number
  folder: string
  databaseUrl?: string
}): SessionTokenStore {
  const { seal, open } = sealer(options.sessionKey)
  const where = options.databaseUrl ? tableOf(options.databaseUrl, options.now) : folderOf(options.folder, options.now)
  return {
    open: () => where.open(),
    close: () => where.close(),
    async get(sid) {
      const entry = await where.read(sid)
      return entry && entry.until > options.now() ? open(sid, entry.sealed) : undefined
    },
    set: (sid, tokens, until) => where.write(sid, { until, sealed: seal(sid, tokens) }),
    delete: (sid) => where.remove(sid),
  }
}

interface Place {
  open(): Promise<void>
  read(sid: string): Promise<Sealed | undefined>
  write(sid: string, entry: Sealed): Promise<void>
  remove(sid: string): Promise<void>
  close(): Promise<void>
}

/** One file a session; sids are the gateway's own UUIDs, so they are safe file names. */
function folderOf(folder: string, now: () => number): Place {
  const file = (sid: string) => join(folder, `${sid.replace(/[^\w-]/g, '_')}.json`)
  const read = async (path: string) => {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as Sealed
    } catch {
      return undefined // absent, or being written
    }
  }
  return {
    async open() {
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      // the sessions that ended by timing out leave their file behind: dropped at each start
      for (const name of await readdir(folder)) {
        const entry = await read(join(folder, name))
        if (entry && entry.until <= now()) await rm(join(folder, name), { force: true })
      }
    },
    read: (sid) => read(file(sid)),
    async write(sid, entry) {
      // written aside, then renamed: another replica never reads half a file
      const aside = `${file(sid)}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(aside, JSON.stringify(entry), { mode: 0o600 })
      await rename(aside, file(sid))
    },
    remove: (sid) => rm(file(sid), { force: true }),
    async close() {},
  }
}

function tableOf(databaseUrl: string, now: () => number): Place {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  // an idle connection dropped by the server must not crash the gateway; the pool replaces it
  pool.on('error', () => undefined)
  return {
    async open() {
      await openGatewayTable(pool, SESSION_TOKENS_TABLE, 'sid text PRIMARY KEY, until_ms bigint NOT NULL, sealed text NOT NULL', now())
    },
    async read(sid) {
      const { rows } = await pool.query<{ until_ms: string; sealed: string }>(
        `SELECT until_ms::text, sealed FROM ${SESSION_TOKENS_TABLE} WHERE sid = $1`,
        [sid],
      )
      return rows[0] && { until: Number(rows[0].until_ms), sealed: rows[0].sealed }
    },
    async write(sid, { until, sealed }) {
      await pool.query(
        `INSERT INTO ${SESSION_TOKENS_TABLE} (sid, until_ms, sealed) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET until_ms = EXCLUDED.until_ms, sealed = EXCLUDED.sealed`,
        [sid, until, sealed],
      )
    },
    async remove(sid) {
      await pool.query(`DELETE FROM ${SESSION_TOKENS_TABLE} WHERE sid = $1`, [sid])
    },
    close: () => pool.end(),
  }
}
