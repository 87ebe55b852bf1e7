/**
 * The embedded provider API in its own thread (server/upstream/embedded.ts), as `npm start` runs it
 * on PGlite: it serves the seeded data over loopback, runs the main thread's SQL (the IdP's store) on
 * its database and hands back that SQL's errors, refuses a data folder already in use with the
 * lock's message, and close() ends the thread and lets the folder go.
 */
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import t from 'tap'
import { pgliteTemplate } from '../../server/upstream/db/pglite-template.js'
import { startEmbeddedUpstream, type EmbeddedOptions } from '../../server/upstream/embedded.js'
import { tempDir } from '../helper.js'

const TOKEN = 'embedded-thread-token'

async function options(t: Parameters<typeof tempDir>[0]): Promise<EmbeddedOptions> {
  const dir = tempDir(t, 'ccoe-embedded-')
  // the migrated template, as the other tests' databases: a first initdb costs seconds
  cpSync(await pgliteTemplate(), join(dir, 'pglite', 'pgdata'), { recursive: true })
  return { dataDir: join(dir, 'pglite'), token: TOKEN, seed: true, mail: { outboxDir: join(dir, 'outbox') } }
}

t.test('serves the seeded data and runs the main thread SQL; close() ends the thread', async (t) => {
  const opts = await options(t)
  const embedded = await startEmbeddedUpstream(opts)
  let closed = false
  t.teardown(() => (closed ? undefined : embedded.close()))

  const answer = await fetch(`${embedded.url}/departments?per_page=1`, { headers: { authorization: `Bearer ${TOKEN}` } })
  t.equal(answer.status, 200)
  const body = (await answer.json()) as { data: unknown[]; meta: { total: number } }
  t.equal(body.data.length, 1, 'a page of the seeded departments')
  t.ok(body.meta.total > 1, 'the demo data is there')
  t.equal((await fetch(`${embedded.url}/departments`)).status, 401, 'and only for the upstream token')

  t.same(await embedded.query('SELECT $1::int + 1 AS n, $2::text AS s', [41, 'x']), { rows: [{ n: 42, s: 'x' }] })
  const counted = await embedded.query<{ n: number }>('SELECT count(*)::int AS n FROM departments')
  t.equal(counted.rows[0].n, body.meta.total, 'the same database the routes read')
  await t.rejects(embedded.query('SELECT * FROM no_such_table'), { message: 'relation "no_such_table" does not exist' })
  t.same(await embedded.query('SELECT 1 AS one'), { rows: [{ one: 1 }] }, 'and goes on after a failed statement')

  await t.rejects(startEmbeddedUpstream(opts), {
    message: new RegExp(`^The database in ${opts.dataDir} is already in use by process ${process.pid}`),
  })

  await embedded.close()
  closed = true
  await t.rejects(fetch(`${embedded.url}/departments`), 'the server is gone')
  await t.rejects(embedded.query('SELECT 1'), { message: 'the embedded upstream has stopped' })

  const again = await startEmbeddedUpstream(opts)
  t.teardown(() => again.close())
  const reopened = await again.query<{ n: number }>('SELECT count(*)::int AS n FROM departments')
  t.same(reopened.rows, [{ n: body.meta.total }], 'the folder is free again, with its data and no second seed')
})

// on PostgreSQL the provider API stays in this thread (embedded.ts): the same contract
t.test(
  'on PostgreSQL: serves the seeded data and runs SQL on the same schema',
  { skip: !process.env.DATABASE_URL && 'PostgreSQL pass only' },
  async (t) => {
    const schema = `test_embedded_${process.pid}`
    const embedded = await startEmbeddedUpstream({
      databaseUrl: process.env.DATABASE_URL,
      schema,
      token: TOKEN,
      seed: true,
      mail: { outboxDir: join(tempDir(t, 'ccoe-embedded-'), 'outbox') },
    })
    t.teardown(async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await admin.connect()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    })
    const answer = await fetch(`${embedded.url}/departments?per_page=1`, { headers: { authorization: `Bearer ${TOKEN}` } })
    const body = (await answer.json()) as { meta: { total: number } }
    t.equal(answer.status, 200)
    const counted = await embedded.query<{ n: number; schema: string }>(
      'SELECT count(*)::int AS n, current_schema() AS schema FROM departments',
    )
    t.same(counted.rows, [{ n: body.meta.total, schema }], 'the seeded departments, in its schema')
    await t.rejects(embedded.query('SELECT * FROM no_such_table'), { message: 'relation "no_such_table" does not exist' })
    await embedded.close()
    await t.rejects(fetch(`${embedded.url}/departments`), 'the server is gone')
  },
)
