/**
 * PostgreSQL out of reach: the upstream answers 503 with Retry-After (not a 500, which says "bug"),
 * and answers again once the database is back, with no restart. The database is reached through a
 * TCP relay the test can take down and bring back, as a restart or a network cut would.
 */
import { randomBytes } from 'node:crypto'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { buildUpstream } from '../../../server/upstream/app.js'
import { openDatabase } from '../../../server/upstream/db/client.js'
import { databaseUnavailable } from '../../../server/upstream/db/unavailable.js'
import { tempDir, TEST_UPSTREAM_TOKEN } from '../../helper.js'

/** A relay to host:port that can go down (every connection cut, nothing listening) and come back on its port. */
function tcpRelay(host: string, port: number) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  return {
    up(listenPort = 0): Promise<number> {
      server = createServer((client) => {
        const upstream = connect(port, host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('error', () => undefined)
          socket.once('close', () => {
            sockets.delete(socket)
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      return new Promise((resolve) => server!.listen(listenPort, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)))
    },
    down(): Promise<void> {
      return new Promise((resolve) => {
        server!.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
    },
  }
}

t.test('what counts as the database being out of reach', async (t) => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  t.equal(databaseUnavailable(refused), true, 'a refused connection')
  t.equal(databaseUnavailable(new Error('Failed query: select 1', { cause: refused })), true, "drizzle's wrapper of one")
  t.equal(databaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), true)
  t.equal(databaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })), true)
  t.equal(databaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' })), true)
  t.equal(databaseUnavailable(new Error('Connection terminated unexpectedly')), true)
  t.equal(databaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' })), false, 'a refused write is not')
  t.equal(databaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' })), false, 'a broken query is not')
  t.equal(databaseUnavailable(new Error('something else')), false)
})

t.test(
  'PostgreSQL out of reach: 503 with Retry-After; back, the same upstream answers',
  { skip: !process.env.DATABASE_URL && 'needs a PostgreSQL: the DATABASE_URL pass of .ci/run' },
  async (t) => {
    const direct = new URL(process.env.DATABASE_URL!)
    const relay = tcpRelay(direct.hostname, Number(direct.port || 5432))
    const relayPort = await relay.up()
    const relayed = new URL(direct)
    relayed.hostname = '127.0.0.1'
    relayed.port = String(relayPort)
    const schema = `test_down_${process.pid}_${randomBytes(4).toString('hex')}`
    const database = await openDatabase({ databaseUrl: relayed.href, schema })
    const upstream = await buildUpstream({
      token: TEST_UPSTREAM_TOKEN,
      database,
      logger: false,
      mail: { outboxDir: tempDir(t, 'ccoe-outbox-') },
    })
    t.teardown(async () => {
      await upstream.close()
      await database.db.execute(sql`DROP SCHEMA IF EXISTS ${sql.identifier(schema)} CASCADE`)
      await database.close()
      await relay.down()
    })
    await upstream.listen({ host: '127.0.0.1', port: 0 })
    const url = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}/departments`
    const get = async () => {
      const answer = await fetch(url, { headers: { authorization: `Bearer ${TEST_UPSTREAM_TOKEN}` } })
      return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() }
    }

    t.equal((await get()).status, 200, 'answers while the database is there')
    await relay.down()
    t.same(await get(), { status: 503, retryAfter: '5', body: { error: 'Service Unavailable', statusCode: 503 } }, 'out of reach: 503')
    t.same(await get(), { status: 503, retryAfter: '5', body: { error: 'Service Unavailable', statusCode: 503 } }, 'and again')
    await relay.up(relayPort)
    const back = await get()
    t.same([back.status, back.retryAfter], [200, null], 'back: the next call answers, no restart')
  },
)
