/**
 * The audit lines in the gateway's own database (GATEWAY_DATABASE_URL, where the logout cut-off
 * lives too): every replica's lines in one table, searchable by the portal (issue 43 item 3). Each
 * line is kept as written (its text, which the chain's hashes cover) beside the columns its filters
 * read; an index per filter, each ending in the trail's order (time, then insertion), serves a
 * newest-first keyset page of any one filter at a million lines. Lines older than the retention
 * (AUDIT_RETENTION_DAYS) are deleted at start and every `PRUNE_EVERY_MS`.
 */
import pg from 'pg'
import type { AuditLine } from '../../shared/audit-trail.js'
import { ECS_FIELDS, auditFields } from './audit-ecs.js'
import { auditFilterSql } from './audit-filter.js'
import type { AuditSource } from './audit-source.js'
import { underTableLock } from './table-lock.js'

export const AUDIT_LINES_TABLE = 'gateway_audit_lines'
const T = AUDIT_LINES_TABLE
const DAY_MS = 24 * 60 * 60 * 1000
export const PRUNE_EVERY_MS = 60 * 60 * 1000

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS ${T} (
    id bigserial PRIMARY KEY,
    at_ms bigint NOT NULL,
    replica text,
    user_name text,
    method text,
    path text,
    status int,
    req_id text,
    chain text,
    seq bigint,
    line text NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS ${T}_at ON ${T} (at_ms DESC, id DESC)`,
  ...['user_name', 'method', 'status', 'req_id', 'replica'].map(
    (column) => `CREATE INDEX IF NOT EXISTS ${T}_${column} ON ${T} (${column}, at_ms DESC, id DESC)`,
  ),
  `CREATE INDEX IF NOT EXISTS ${T}_path ON ${T} (path text_pattern_ops, at_ms DESC, id DESC)`,
  // a line's name (audit-chain.ts), and why a batch written twice is stored once
  `CREATE UNIQUE INDEX IF NOT EXISTS ${T}_chain_seq ON ${T} (chain, seq)`,
]

/**
 * A field of a line in either AUDIT_FORMAT: an ECS line (it has `@timestamp`) by the field's ECS
 * name (audit-ecs.ts) or under ECS's `ccoe`, ours by our name (ECS's `user` is an object: no guessing).
 */
function field(name: string): string {
  const ecs = (ECS_FIELDS[name]?.ecs ?? `ccoe.${name}`).split('.').join(',')
  return `CASE WHEN j ? '@timestamp' THEN j#>>'{${ecs}}' ELSE j->>'${name}' END`
}

/** a batch's lines as one array of texts: PostgreSQL reads each one's columns from its JSON */
const INSERT = `INSERT INTO ${T} (at_ms, replica, user_name, method, path, status, req_id, chain, seq, line)
  SELECT (extract(epoch from (${field('time')})::timestamptz) * 1000)::bigint, ${field('replica')}, ${field('user')},
         ${field('method')}, ${field('path')}, (${field('status')})::int, ${field('reqId')}, ${field('chain')},
         (${field('seq')})::bigint, text
  FROM unnest($1::text[]) AS text, LATERAL (SELECT text::jsonb AS j) AS parsed
  ON CONFLICT (chain, seq) DO NOTHING`

/** a cursor: the page's last line's time and id */
const CURSOR = /^(\d{1,15})\.(\d{1,18})$/

export class PostgresAuditLines implements AuditSource {
  private readonly pool: pg.Pool

  constructor(
    databaseUrl: string,
    private readonly retentionDays: number,
    private readonly now: () => number = Date.now,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
    // an idle connection dropped by the server must not crash the gateway; the pool replaces it
    this.pool.on('error', () => undefined)
  }

  /** Makes the table and its indexes if missing (replicas start together: an advisory lock orders them), then prunes. */
  async open(): Promise<void> {
    await underTableLock(
      this.pool,
      T,
      SCHEMA.map((text) => ({ text })),
    )
    await this.prune()
  }

  /** Stores lines as written (JSON text, a trailing newline or not). */
  async insert(lines: readonly string[]): Promise<void> {
    if (lines.length) await this.pool.query(INSERT, [lines.map((line) => (line.endsWith('\n') ? line.slice(0, -1) : line))])
  }

  /** Deletes the lines older than the retention; answers how many. */
  async prune(): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM ${T} WHERE at_ms < $1`, [this.now() - this.retentionDays * DAY_MS])
    return rowCount ?? 0
  }

  isCursor(after: string): boolean {
    return CURSOR.test(after)
  }

  async page(filter: Parameters<AuditSource['page']>[0], perPage: number, after?: string) {
    const params: unknown[] = []
    const where = auditFilterSql(filter, params)
    const cursor = after === undefined ? undefined : CURSOR.exec(after)
    if (cursor) {
      params.push(cursor[1], cursor[2])
      where.push(`(at_ms, id) < ($${params.length - 1}::bigint, $${params.length}::bigint)`)
    }
    params.push(perPage + 1)
    // the texts under names of their own: named at_ms and id, ORDER BY would sort the texts, not the index's columns
    const { rows } = await this.pool.query<{ row_id: string; row_at: string; line: string }>(
      `SELECT id::text AS row_id, at_ms::text AS row_at, line FROM ${T} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY at_ms DESC, id DESC LIMIT $${params.length}`,
      params,
    )
    const shown = rows.slice(0, perPage)
    const last = shown.at(-1)
    return {
      lines: shown.map((row) => auditFields(JSON.parse(row.line) as Record<string, unknown>) as AuditLine),
      ...(rows.length > perPage && last && { next: `${last.row_at}.${last.row_id}` }),
    }
  }

  async line(chain: string, seq: number): Promise<AuditLine | undefined> {
    const { rows } = await this.pool.query<{ line: string }>(`SELECT line FROM ${T} WHERE chain = $1 AND seq = $2`, [chain, seq])
    return rows[0] && (auditFields(JSON.parse(rows[0].line) as Record<string, unknown>) as AuditLine)
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
