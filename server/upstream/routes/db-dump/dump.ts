import { Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import type { Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { readMigrations } from '../../db/migrate.js'
import { rows, type Executor } from '../../db/records/rows.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

/** rows per INSERT statement, and per query while the dump is written */
const DUMP_PAGE_ROWS = 500

const call = CALLS.dbDump.calls.dump

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

interface Column {
  table: string
  column: string
  identity: boolean
}

/**
 * The database as one SQL script any PostgreSQL (or PGlite) restores into an empty schema: the
 * migrations' DDL, every table's rows as INSERTs (PostgreSQL itself quotes each value, so any type
 * round-trips), and each identity's next value. Rows load with triggers and foreign keys paused
 * (session_replication_role), as pg_dump's data does, so their order does not matter. Written a
 * page at a time as the consumer reads: a million bills are never held whole.
 */
export function databaseDump(db: Executor, at = new Date()): Readable {
  async function* script(): AsyncGenerator<string> {
    const migrations = readMigrations()
    yield `-- CCoE Portal database backup, ${at.toISOString()}, schema at ${migrations.at(-1)?.name ?? 'no migration'}\n`
    yield '-- Restore into an empty schema (psql -f, or any client that runs several statements), as a superuser.\n'
    yield 'CREATE TABLE schema_migrations (name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());\n'
    for (const migration of migrations) yield `\n-- ${migration.name}\n${migration.sql}\n`
    yield '\nSET session_replication_role = replica;\n'
    const columns = await rows<Column>(
      db,
      sql`SELECT c.table_name AS "table", c.column_name AS "column", c.is_identity = 'YES' AS identity
          FROM information_schema.columns c
          JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
          ORDER BY c.table_name, c.ordinal_position`,
    )
    const tables = [...new Set(columns.map((c) => c.table))]
    for (const table of tables) {
      const own = columns.filter((c) => c.table === table)
      const names = own.map((c) => ident(c.column)).join(', ')
      // each value as PostgreSQL's own literal ('…' or NULL); pages walk the physical order
      const literal = sql.raw(`'(' || concat_ws(', ', ${own.map((c) => `quote_nullable(t.${ident(c.column)})`).join(', ')}) || ')'`)
      for (let after = '(0,0)'; ;) {
        const page = await rows<{ at: string; line: string }>(
          db,
          sql`SELECT t.ctid::text AS at, ${literal} AS line FROM ${sql.identifier(table)} AS t
              WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${DUMP_PAGE_ROWS}`,
        )
        if (page.length === 0) break
        yield `INSERT INTO ${ident(table)} (${names}) OVERRIDING SYSTEM VALUE VALUES\n${page.map((p) => p.line).join(',\n')};\n`
        if (page.length < DUMP_PAGE_ROWS) break
        after = page[page.length - 1].at
      }
      for (const c of own.filter((c) => c.identity)) {
        const [t, col] = [ident(table), ident(c.column)]
        yield `SELECT setval(pg_get_serial_sequence('${t}', '${c.column.replace(/'/g, "''")}'), coalesce((SELECT max(${col}) FROM ${t}), 0) + 1, false);\n`
      }
    }
    yield 'SET session_replication_role = origin;\n'
  }
  return Readable.from(script(), { objectMode: false })
}

/**
 * POST /db_dump/dump_db {"db_dump":{"send_to":"a@b"}} (spec 000 §2, §7: the Home card 'Database
 * Backup') → 200 {"data":{"message":"Your report will be emailed!"}}: the dump, gzip-compressed,
 * mailed as `ccoe_portal_<ISO time>.sql.gz` while it is written.
 */
export const dbDumpRoute: FastifyPluginAsync = async (app) => {
  app.route<{ Body: Static<typeof call.body> }>({
    ...declaredRoute(call),
    schemaErrorFormatter: bodyErrorFormatter({ send_to: 'Send to' }),
    handler: async (request) => {
      const at = new Date()
      const filename = `ccoe_portal_${at.toISOString()}.sql.gz`
      app.mail.sendLater(
        {
          to: request.body.db_dump.send_to,
          subject: 'Database backup',
          text:
            `Hello,\n\nattached is a backup of the CCoE Portal database (${filename}): a gzip-compressed SQL script.\n` +
            'Restore it into an empty schema as a superuser, e.g. gunzip -c file.sql.gz | psql.\n\nCCoE Portal',
          attachments: [{ filename, content: databaseDump(app.database.db, at).pipe(createGzip()), contentType: 'application/gzip' }],
        },
        'database backup',
      )
      return { data: { message: MESSAGES.reportEmailed } }
    },
  })
}
