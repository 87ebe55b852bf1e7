import { sql } from 'drizzle-orm'
import t from 'tap'
import { MAX_PAGE_SIZE } from '../../shared/constants.js'
import { rows } from '../../server/upstream/db/records/repository.js'
import { serveUpstream } from './fixtures/serve.js'

/** Paging, sorting and filtering happen in SQL; measured on departments, which starts empty here. */
t.test('lists: paging, sort, filters and hostile parameters', async (t) => {
  const { api, database } = await serveUpstream(t)
  // same-case names with one shared prefix sort alike under C and ICU/libc collations
  const names = Array.from({ length: 30 }, (_, i) => `Dept ${String(i + 1).padStart(2, '0')}`)
  for (const name of names) t.equal((await api('POST', '/departments', { name, abbreviation: 'SAME' })).status, 201)
  const list = async (query: string) => (await api('GET', `/departments?${query}`)).body
  const namesOf = (body: { data: { name: string }[] }) => body.data.map((r) => r.name)

  t.test('pages of 25 by default, total over all pages', async (t) => {
    const first = await list('')
    t.same(first.meta, { total: 30, page: 1, per_page: 25 })
    t.same(namesOf(first), names.slice(0, 25), 'default sort: name ascending')
    const second = await list('page=2')
    t.same(namesOf(second), names.slice(25))
    t.same(second.meta, { total: 30, page: 2, per_page: 25 })
    t.same(namesOf(await list('page=3&per_page=10')), names.slice(20, 30))
    const beyond = await list('page=9&per_page=10')
    t.same(beyond, { data: [], meta: { total: 30, page: 9, per_page: 10 } }, 'the total survives an empty page')
    t.equal((await list(`per_page=${MAX_PAGE_SIZE}`)).data.length, 30)
  })

  t.test('sort by a field, descending with -, id breaks ties', async (t) => {
    t.same(namesOf(await list('sort=-name&per_page=3')), ['Dept 30', 'Dept 29', 'Dept 28'])
    const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id)
    const byAbbreviation = ids(await list('sort=abbreviation&per_page=30'))
    t.same(byAbbreviation, [...byAbbreviation].sort((a, b) => a - b), 'equal values: ascending ids')
    const descending = ids(await list('sort=-abbreviation&per_page=30'))
    t.same(descending, [...byAbbreviation].reverse(), 'descending: descending ids')
    t.same(ids(await list('sort=-id&per_page=2')), [Math.max(...byAbbreviation), Math.max(...byAbbreviation) - 1])
    t.same(ids(await list('sort=created_at&per_page=30')), byAbbreviation, 'created_at then id')
  })

  t.test('text filters: case-insensitive substring; All and empty mean no filter', async (t) => {
    t.same(namesOf(await list('by_name=DEPT 1')), names.slice(9, 19))
    t.equal((await list('by_name=All')).meta.total, 30)
    t.equal((await list('by_name=')).meta.total, 30)
    t.same(namesOf(await list('by_name=ept 0&per_page=3&page=2')), ['Dept 04', 'Dept 05', 'Dept 06'])
    t.equal((await list('by_name=ept 0&per_page=3&page=2')).meta.total, 9)
  })

  t.test('% and _ in a filter are literal characters', async (t) => {
    await api('POST', '/departments', { name: 'Ratio 100%' })
    await api('POST', '/departments', { name: 'Under_score' })
    t.same(namesOf(await list('by_name=%25')), ['Ratio 100%'])
    t.same(namesOf(await list('by_name=_')), ['Under_score'])
    t.same(namesOf(await list('by_name=%5C')), [], 'a backslash matches nothing here')
  })

  t.test('hostile or malformed parameters are refused or harmless', async (t) => {
    for (const sort of ['name;DROP TABLE departments', '-name--', 'name desc', '"name"', 'pg_sleep(1)', 'no_such_field', '--name']) {
      const answer = await api('GET', `/departments?sort=${encodeURIComponent(sort)}`)
      t.equal(answer.status, 400, sort)
      t.equal(answer.body.fields.sort, `Unknown sort field "${sort.replace(/^-/, '')}"`)
    }
    for (const value of ["' OR 1=1 --", "x'); DROP TABLE departments; --", '\\', '\u0000']) {
      const answer = await api('GET', `/departments?by_name=${encodeURIComponent(value)}`)
      t.ok(answer.status === 200 || answer.status === 400, `${JSON.stringify(value)} → ${answer.status}`)
      if (answer.status === 200) t.equal(answer.body.meta.total, 0)
    }
    for (const query of ['page=0', 'page=-1', 'page=abc', 'per_page=0', `per_page=${MAX_PAGE_SIZE + 1}`, 'page=1e99']) {
      const answer = await api('GET', `/departments?${query}`)
      t.equal(answer.status, 400, query)
      t.type(answer.body.error, 'string')
    }
    t.equal((await api('POST', '/departments', { name: "Robert'); DROP TABLE departments;--" })).status, 201)
    const [row] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM departments`)
    t.equal(row.n, 33, 'the table is still there, with every row')
    t.equal((await list("by_name=Robert')")).meta.total, 1, 'and the value was stored as written')
  })
})
