/**
 * Issue 43 item 3: audit lines go to the gateway's database in batches off the request path (a
 * batch at `maxLines`, or `maxMs` after its first line, by an injected timer), and the database
 * keeps them for AUDIT_RETENTION_DAYS.
 */
import t from 'tap'
import { auditBatches, type BatchTimer } from '../../server/gateway/audit-batches.js'
import { toEcs } from '../../server/gateway/audit-ecs.js'
import { AUDIT_LINES_TABLE, PostgresAuditLines } from '../../server/gateway/audit-store.js'
import { loadConfig } from '../../server/config.js'
import { ownSchema, testClock } from '../helper.js'

/** a timer that fires when the test says */
function handTimer() {
  const pending = new Map<number, { fn: () => void; ms: number }>()
  let next = 0
  const timer: BatchTimer = {
    set(fn, ms) {
      pending.set(++next, { fn, ms })
      return next
    },
    clear: (handle) => pending.delete(handle as number),
  }
  return {
    timer,
    pending: () => [...pending.values()].map((p) => p.ms),
    fire() {
      const due = [...pending.entries()]
      pending.clear()
      for (const [, { fn }] of due) fn()
    },
  }
}

t.test('a batch goes at maxLines, or maxMs after its first line, one after another; close writes what waits', async (t) => {
  const written: string[][] = []
  let release: () => void = () => undefined
  const hold = new Promise<void>((resolve) => (release = resolve))
  const clock = handTimer()
  const batches = auditBatches(
    async (lines) => {
      written.push(lines)
      if (written.length === 2) await hold
    },
    { maxLines: 3, maxMs: 250, timer: clock.timer, onError: () => t.fail('no error') },
  )
  batches.add('a')
  batches.add('b')
  t.same([written, clock.pending()], [[], [250]], 'two lines wait, with one timer')
  clock.fire()
  await Promise.resolve()
  t.same(written, [['a', 'b']], 'the timer sends them')
  batches.add('c')
  batches.add('d')
  batches.add('e')
  t.same(clock.pending(), [], 'the third line sent the batch: its timer is gone')
  batches.add('f')
  const stored = batches.flush()
  await new Promise(setImmediate)
  t.same(
    written,
    [
      ['a', 'b'],
      ['c', 'd', 'e'],
    ],
    'the next batch waits for the one being written',
  )
  release()
  await stored
  t.same(written, [['a', 'b'], ['c', 'd', 'e'], ['f']], 'in order, each once')
  t.same(clock.pending(), [])
})

t.test('a batch the store refuses is told, and the next ones still go', async (t) => {
  const refused: number[] = []
  const written: string[][] = []
  const batches = auditBatches(
    async (lines) => {
      if (lines[0] === 'bad') throw new Error('down')
      written.push(lines)
    },
    { maxLines: 2, maxMs: 250, timer: handTimer().timer, onError: (_error, lines) => refused.push(lines) },
  )
  batches.add('bad')
  batches.add('x')
  batches.add('good')
  await batches.flush()
  t.same([refused, written], [[2], [['good']]])
})

t.test('AUDIT_RETENTION_DAYS: 400 unless set, from 1 day to 100 years', async (t) => {
  t.equal(loadConfig({}).auditRetentionDays, 400)
  t.equal(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays, 30)
  t.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' }), /AUDIT_RETENTION_DAYS/)
  t.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: 'a year' }), /AUDIT_RETENTION_DAYS/)
})

t.test(
  'the table keeps lines as written, pages them newest first under a filter, and deletes those past the retention',
  { skip: !process.env.DATABASE_URL && 'needs a PostgreSQL: the DATABASE_URL pass' },
  async (t) => {
    const schema = `audit_store_${process.pid}`
    const { url, client } = await ownSchema(t, schema)
    const clock = testClock(Date.parse('2026-11-28T12:00:00Z'))
    const store = new PostgresAuditLines(url.href, 30, clock.now)
    t.teardown(() => store.close())
    await store.open()
    const line = (day: number, seq: number, user: string) =>
      `{"time":"2026-${day < 10 ? '10' : '11'}-${String(day < 10 ? day + 20 : day).padStart(2, '0')}T08:00:00.000Z","replica":"r1","reqId":"q${seq}","user":"${user}","method":"GET","path":"/api/x","status":200,"chain":"c1","seq":${seq},"prev":"p"}\n`
    // 2026-10-21 is 38 days old at noon on 2026-11-28, past the retention; the others are within it
    const lines = [line(1, 1, 'old'), line(1, 2, 'ann'), line(11, 3, 'bob'), line(12, 4, 'ann'), line(13, 5, 'ann')]
    await store.insert(lines)
    await store.insert(lines.slice(3)) // a batch sent twice is stored once
    t.equal((await client.query(`SELECT count(*)::int AS n FROM ${schema}.${AUDIT_LINES_TABLE}`)).rows[0].n, 5)
    const first = await store.page({ user: 'ann' }, 2)
    t.same(
      first.lines.map((l) => l.seq),
      [5, 4],
      'newest first',
    )
    t.same(JSON.stringify(first.lines[0]) + '\n', lines[4], 'the line as written, its fields in their order')
    const second = await store.page({ user: 'ann' }, 2, first.next)
    t.same([second.lines.map((l) => l.seq), second.next], [[2], undefined], 'the next page by its cursor, the last')
    t.equal(await store.prune(), 2, 'the two lines of 2026-10-21 are past 30 days')
    t.same(
      (await store.page({}, 10)).lines.map((l) => l.seq),
      [5, 4, 3],
    )
    clock.advance(13 * 24 * 60 * 60 * 1000)
    await store.open() // a restart 13 days later prunes too: 2026-11-11 is past 30 days
    t.same(
      (await store.page({}, 10)).lines.map((l) => l.seq),
      [5, 4],
    )
    t.same(await store.line('c1', 4), JSON.parse(lines[3]!))
    t.equal(await store.line('c1', 1), undefined)

    // AUDIT_FORMAT=ecs: the same columns read from the ECS names, the line answered in ours
    const ours = {
      time: '2026-11-27T10:00:00.000Z',
      replica: 'r2',
      reqId: 'e1',
      user: 'eve',
      method: 'DELETE',
      path: '/api/x/1',
      status: 204,
      chain: 'c2',
      seq: 1,
      prev: 'p',
    }
    await store.insert([`${JSON.stringify(toEcs(ours))}\n`])
    const ecs = await store.page({ user: 'eve', method: 'DELETE', status: 204, replica: 'r2', reqId: 'e1', path: '/api/x/' }, 10)
    t.same(ecs.lines, [ours], 'an ECS line, found by every column')
    t.same(await store.line('c2', 1), ours)
  },
)
