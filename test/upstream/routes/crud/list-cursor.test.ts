/**
 * Lists walked by keyset cursor (`after=` → `meta.next`, `count=none`), as the gateway's CSV does,
 * and totals: exact up to EXACT_TOTAL_LIMIT, then the planner's estimate marked as one.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { EXACT_TOTAL_LIMIT } from '../../../../server/upstream/db/records/list-page.js'
import { serveUpstream, withoutVersions } from '../../fixtures/serve.js'

interface Page {
  data: { id: number }[]
  meta: { total?: number; total_estimated?: boolean; page: number; per_page: number; next?: string }
}

t.test('a cursor walk gives every row once, in the order the numbered pages give', async (t) => {
  const { api, database } = await serveUpstream(t)
  // ties (abbreviation repeats), NULL keys, mixed case: the hard parts of a keyset
  await database.db.execute(sql`
    INSERT INTO departments (name, abbreviation)
    SELECT CASE WHEN g % 2 = 0 THEN 'dept ' ELSE 'DEPT ' END || g,
           CASE WHEN g % 7 = 0 THEN NULL ELSE 'A' || (g % 13) END
    FROM generate_series(1, 1234) g`)
  await database.db.execute(sql`
    INSERT INTO cloud_contacts (email, name, terminated)
    SELECT 'c' || g || '@ccoe.example', 'Contact ' || g, CASE WHEN g % 5 = 0 THEN NULL ELSE g % 3 = 0 END
    FROM generate_series(1, 1234) g`)

  async function byPages(model: string, sort: string): Promise<number[]> {
    const ids: number[] = []
    for (let page = 1; ; page++) {
      const { body } = (await api('GET', `/${model}?sort=${sort}&per_page=1000&page=${page}`)) as { body: Page }
      ids.push(...body.data.map((r) => r.id))
      if (body.data.length < 1000) return ids
    }
  }
  async function byCursor(model: string, sort: string): Promise<{ ids: number[]; calls: number }> {
    const ids: number[] = []
    let after: string | undefined
    for (let calls = 1; ; calls++) {
      const cursor = after ? `&after=${after}` : ''
      const answer = await api('GET', `/${model}?sort=${sort}&per_page=100&count=none${cursor}`)
      t.equal(answer.status, 200)
      const body = answer.body as Page
      t.equal(body.meta.total, undefined, 'count=none: no total')
      ids.push(...body.data.map((r) => r.id))
      if (!body.meta.next) return { ids, calls }
      after = body.meta.next
    }
  }

  for (const [model, sort] of [
    ['departments', 'name'],
    ['departments', '-name'],
    ['departments', 'abbreviation'],
    ['departments', '-abbreviation'],
    ['cloud_contacts', 'terminated'],
    ['cloud_contacts', '-terminated'],
    ['cloud_contacts', '-email'],
  ]) {
    const expected = await byPages(model, sort)
    const walked = await byCursor(model, sort)
    t.same(walked.ids, expected, `${model} by ${sort}`)
    t.equal(new Set(walked.ids).size, expected.length, 'no row twice')
    t.equal(walked.calls, Math.ceil(expected.length / 100) + (expected.length % 100 === 0 ? 1 : 0))
  }
})

t.test('a cursor that is not this list’s is refused, naming `after`', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const first = (await api('GET', '/departments?sort=name&per_page=2')).body as Page
  t.type(first.meta.next, 'string')
  const otherSort = await api('GET', `/departments?sort=-name&per_page=2&after=${first.meta.next}`)
  t.same([otherSort.status, otherSort.body.fields], [400, { after: 'The cursor belongs to another sort order' }])
  for (const bad of ['nonsense', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["name","x",1.5]').toString('base64url')]) {
    const answer = await api('GET', `/departments?sort=name&after=${bad}`)
    t.same([answer.status, answer.body.fields], [400, { after: 'The cursor is not one this list gave' }], bad)
  }
})

t.test('totals: exact up to the limit, then an estimate marked as one', async (t) => {
  const { api, database } = await serveUpstream(t)
  await database.db.execute(sql`
    INSERT INTO departments (name, abbreviation)
    SELECT 'Department ' || g, CASE WHEN g <= 40 THEN 'FEW' END FROM generate_series(1, ${EXACT_TOTAL_LIMIT + 2000}::int) g`)
  await database.db.execute(sql`ANALYZE departments`)

  const all = (await api('GET', '/departments?per_page=25')).body as Page
  t.equal(all.meta.total_estimated, true)
  t.ok(all.meta.total! > EXACT_TOTAL_LIMIT, `about ${all.meta.total}`)
  t.ok(Math.abs(all.meta.total! - (EXACT_TOTAL_LIMIT + 2000)) < 1000, 'the estimate is close after ANALYZE')

  const few = (await api('GET', '/departments?per_page=25&by_name=Department%201000')).body as Page
  t.same(withoutVersions(few.meta), { total: 11, page: 1, per_page: 25 }, 'below the limit: exact, no flag, no cursor on a short page')
  const exactFull = (await api('GET', '/departments?per_page=5&by_name=Department%201000')).body as Page
  t.same([exactFull.meta.total, exactFull.meta.total_estimated], [11, undefined])
})
