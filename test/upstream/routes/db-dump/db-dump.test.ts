/**
 * The Home card 'Database Backup' (spec 000 §2, §7): POST /db_dump/dump_db mails a gzip-compressed
 * SQL dump. The test receives it through a real SMTP server, restores it into a fresh, empty database
 * (a new PGlite, or a new schema of the PostgreSQL of DATABASE_URL) and compares every table's rows,
 * awkward values included, then adds a row to see the identities carry on.
 */
import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import t, { type Test } from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { startSmtp } from '../../../lib/smtp.js'
import { serveUpstream } from '../../fixtures/serve.js'

/** Runs `script` in an empty database; answers queries there; then drops it. */
async function restored(t: Test, script: string): Promise<(text: string) => Promise<Record<string, unknown>[]>> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const lite = await PGlite.create({ extensions: { pg_trgm } })
    t.teardown(() => lite.close())
    await lite.exec(script)
    return async (text) => (await lite.query<Record<string, unknown>>(text)).rows
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const schema = `restore_${randomBytes(4).toString('hex')}`
  t.teardown(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  })
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}, public`)
  await client.query(script)
  return async (text) => (await client.query(text)).rows
}

t.test('database backup: mailed, restorable, every row back', async (t) => {
  const inbox = await startSmtp(t)
  const { api, database } = await serveUpstream(t, { seed: true, smtpUrl: inbox.url })
  const db = database.db
  await db.execute(sql`INSERT INTO departments (name, abbreviation) VALUES ('O''Brien & Sons — Zürich ☃', NULL), ('Back\\slash', 'B"Q')`)

  const answer = await api('POST', '/db_dump/dump_db', { db_dump: { send_to: 'ops@example.com' } })
  t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
  const [mail] = await inbox.received(1)
  t.same(inbox.envelopes[0].to, ['ops@example.com'])
  t.equal(mail.subject, 'Database backup')
  const [file] = mail.attachments
  t.match(file.filename, /^ccoe_portal_\d{4}-\d{2}-\d{2}T.*\.sql\.gz$/)
  t.equal(file.contentType, 'application/gzip')
  const script = gunzipSync(file.content).toString('utf8')

  const tables = (
    await rows<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).map((r) => r.name)
  t.ok(tables.length > 30, `${tables.length} tables`)
  const query = await restored(t, script)
  for (const table of tables) {
    // every row, as text, in a stable order: the restored table holds exactly the same
    const text = `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash, count(*)::int AS n FROM "${table}" AS x`
    const [source] = await rows<{ hash: string; n: number }>(db, sql.raw(text))
    const [copy] = (await query(text)) as { hash: string; n: number }[]
    t.same(copy, source, `${table}: ${source.n} rows, the same`)
  }
  t.same(await query(`SELECT name, abbreviation FROM departments WHERE name LIKE 'O''Brien%' OR name LIKE 'Back%' ORDER BY name`), [
    { name: 'Back\\slash', abbreviation: 'B"Q' },
    { name: "O'Brien & Sons — Zürich ☃", abbreviation: null },
  ])
  const [{ max }] = (await query('SELECT max(id) AS max FROM departments')) as { max: number }[]
  const [added] = (await query(`INSERT INTO departments (name) VALUES ('After the restore') RETURNING id`)) as { id: number }[]
  t.ok(added.id > max, 'a new row takes the next id')

  const refused = await api('POST', '/db_dump/dump_db', { db_dump: { send_to: 'nobody' } })
  t.equal(refused.status, 422)
  t.same(Object.keys(refused.body.fields), ['send_to'])
})
