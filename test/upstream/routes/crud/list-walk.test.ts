/**
 * A whole list as the gateway's CSV export walks it: the JSON list by its keyset cursor, whatever
 * the caller accepts (the upstream writes no CSV of its own; migration 044 dropped 040's renderer).
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

t.test('a list asked for text/csv answers its JSON page', async (t) => {
  const { url } = await serveUpstream(t, { seed: true })
  const response = await fetch(`${url}/departments?per_page=5`, {
    headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/csv, application/json;q=0.5' },
  })
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
  t.equal(((await response.json()) as { data: unknown[] }).data.length, 5)

  const refused = await fetch(`${url}/departments?sort=nope`, { headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/csv' } })
  t.equal(refused.status, 400)
  t.strictSame(await refused.json(), { error: 'Unknown sort field "nope"', statusCode: 400, fields: { sort: 'Unknown sort field "nope"' } })
})

t.test('a whole-list walk: every row once, by cursor, in steps of 100 rows on PGlite', async (t) => {
  const { url, database } = await serveUpstream(t)
  await database.db.execute(sql`INSERT INTO departments (name) SELECT 'd' || lpad(g::text, 4, '0') FROM generate_series(1, 2345) g`)
  const names: string[] = []
  const steps: number[] = []
  const metas: string[] = []
  let after = ''
  for (;;) {
    const answer = (await (
      await fetch(`${url}/departments?count=none&per_page=1000&sort=-name${after}`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { data: { name: string }[]; meta: { per_page: number; total?: number; next?: string } }
    names.push(...answer.data.map((d) => d.name))
    steps.push(answer.data.length)
    metas.push(`${answer.meta.per_page} ${answer.meta.total}`)
    if (!answer.meta.next) break
    after = `&after=${answer.meta.next}`
  }
  const step = database.dialect === 'pglite' ? 100 : 1000
  t.same(steps, [...Array.from({ length: Math.floor(2345 / step) }, () => step), 2345 % step])
  t.same(new Set(metas), new Set([`${step} undefined`]), 'meta.per_page is the step; nothing counted')
  t.same(
    names,
    Array.from({ length: 2345 }, (_, i) => `d${String(2345 - i).padStart(4, '0')}`),
  )
})

t.test("migration 044: none of 040's CSV functions is left", async (t) => {
  const { database } = await serveUpstream(t)
  const left = await rows<{ name: string }>(
    database.db,
    sql`SELECT proname AS name FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname LIKE 'csv\_%'`,
  )
  t.same(left, [])
})
