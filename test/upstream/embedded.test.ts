/**
 * The embedded provider API in a process of its own (server/upstream/embedded.ts), as `npm start`
 * runs it: it serves the seeded data over loopback, refuses a data folder already in use with the
 * lock's message, runs the statements its parent sends (the embedded IdP's store), close() ends the
 * process and lets the folder go, and a process that dies is reported as lost.
 */
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import t from 'tap'
import { pgliteTemplate } from '../../server/upstream/db/pglite-template.js'
import { startEmbeddedUpstream, type EmbeddedOptions } from '../../server/upstream/embedded.js'
import { tempDir } from '../helper.js'
import { statusOf } from '../lib/status-of.js'

const TOKEN = 'embedded-process-token'

async function options(t: Parameters<typeof tempDir>[0]): Promise<EmbeddedOptions> {
  const dir = tempDir(t, 'ccoe-embedded-')
  // the migrated template, as the other tests' databases: a first initdb costs seconds
  cpSync(await pgliteTemplate(), join(dir, 'pglite', 'pgdata'), { recursive: true })
  return { dataDir: join(dir, 'pglite'), token: TOKEN, seed: true, mail: { outboxDir: join(dir, 'outbox') } }
}

const departments = async (url: string) => {
  const answer = await fetch(`${url}/departments?per_page=1`, { headers: { authorization: `Bearer ${TOKEN}` } })
  return { status: answer.status, body: (await answer.json()) as { data: unknown[]; meta: { total: number } } }
}

// the PostgreSQL pass runs only what differs there: the process is the same
t.test(
  'serves the seeded data; refuses its folder to a second one; close() ends it and frees the folder; a death is lost',
  { skip: process.env.DATABASE_URL && 'PGlite pass only' },
  async (t) => {
    const opts = await options(t)
    const embedded = await startEmbeddedUpstream(opts)
    let closed = false
    t.teardown(() => (closed ? undefined : embedded.close()))
    t.not(embedded.pid, process.pid, 'a process of its own')

    const first = await departments(embedded.url)
    t.equal(first.status, 200)
    t.equal(first.body.data.length, 1, 'a page of the seeded departments')
    t.ok(first.body.meta.total > 1, 'the demo data is there')
    t.equal(await statusOf(fetch(`${embedded.url}/departments`)), 401, 'and only for the upstream token')
    // the embedded IdP's store runs its statements on this database, through the process
    t.same(await embedded.query('SELECT $1::int + 1 AS n, $2::timestamptz AS at', [41, new Date(Date.UTC(2026, 10, 28))]), {
      rows: [{ n: 42, at: new Date(Date.UTC(2026, 10, 28)) }],
    })
    await t.rejects(embedded.query('SELECT * FROM no_such_table'), { message: 'relation "no_such_table" does not exist' })

    await t.rejects(startEmbeddedUpstream(opts), {
      message: `The database in ${opts.dataDir} is already in use by process ${embedded.pid}: stop that process or use another data folder`,
    })

    await embedded.close()
    closed = true
    t.throws(() => process.kill(embedded.pid, 0), { code: 'ESRCH' }, 'the process has exited')
    await t.rejects(fetch(`${embedded.url}/departments`), 'the server is gone')

    const again = await startEmbeddedUpstream(opts)
    t.same(
      (await departments(again.url)).body.meta.total,
      first.body.meta.total,
      'the folder is free again, with its data and no second seed',
    )

    // one that dies without close() is lost, saying how it ended
    process.kill(again.pid, 'SIGKILL')
    t.equal((await again.lost).message, 'the embedded upstream was killed by SIGKILL')
    await t.rejects(again.close(), { message: 'the embedded upstream was killed by SIGKILL while closing' })
    await t.rejects(again.query('SELECT 1'), { message: 'the embedded upstream has stopped' })
  },
)

t.test(
  'on PostgreSQL: serves the seeded data from its schema',
  { skip: !process.env.DATABASE_URL && 'PostgreSQL pass only' },
  async (t) => {
    const schema = `test_embedded_${process.pid}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    t.teardown(async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    })
    const embedded = await startEmbeddedUpstream({
      databaseUrl: process.env.DATABASE_URL,
      schema,
      token: TOKEN,
      seed: true,
      mail: { outboxDir: join(tempDir(t, 'ccoe-embedded-'), 'outbox') },
    })
    const { status, body } = await departments(embedded.url)
    t.equal(status, 200)
    const counted = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.departments`)
    t.same(counted.rows, [{ n: body.meta.total }], 'the seeded departments, in its schema')
    await embedded.close()
    await t.rejects(fetch(`${embedded.url}/departments`), 'the server is gone')
  },
)
