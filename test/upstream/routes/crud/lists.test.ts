import { sql } from 'drizzle-orm'
import t from 'tap'
import { MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { EXACT_TOTAL_LIMIT } from '../../../../server/upstream/db/records/list-page.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream, withoutVersions } from '../../fixtures/serve.js'

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
    const { next, versions, ...meta } = first.meta
    t.same(meta, { total: 30, page: 1, per_page: 25 })
    t.same(Object.keys(versions).length, 25, 'each row of the page has its version')
    t.type(next, 'string', 'a full page offers a cursor to the rows after it')
    t.same(namesOf(first), names.slice(0, 25), 'default sort: name ascending')
    const second = await list('page=2')
    t.same(namesOf(second), names.slice(25))
    t.same(withoutVersions(second.meta), { total: 30, page: 2, per_page: 25 })
    t.same(namesOf(await list('page=3&per_page=10')), names.slice(20, 30))
    const beyond = await list('page=9&per_page=10')
    t.same(beyond, { data: [], meta: { total: 30, page: 9, per_page: 10, versions: {} } }, 'the total survives an empty page')
    t.equal((await list(`per_page=${MAX_PAGE_SIZE}`)).data.length, 30)
  })

  t.test('sort by a field, descending with -, id breaks ties', async (t) => {
    t.same(namesOf(await list('sort=-name&per_page=3')), ['Dept 30', 'Dept 29', 'Dept 28'])
    const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id)
    const byAbbreviation = ids(await list('sort=abbreviation&per_page=30'))
    t.same(
      byAbbreviation,
      [...byAbbreviation].sort((a, b) => a - b),
      'equal values: ascending ids',
    )
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

  t.test('text sorts case-insensitively, whatever the collation', async (t) => {
    for (const name of ['IT Service zz', 'Information zz', 'apple zz', 'Banana zz']) await api('POST', '/departments', { name })
    const sorted = ['apple zz', 'Banana zz', 'Information zz', 'IT Service zz']
    t.same(namesOf(await list('by_name=zz&sort=name')), sorted)
    t.same(namesOf(await list('by_name=zz&sort=-name')), [...sorted].reverse())
    await database.db.execute(sql`DELETE FROM departments WHERE name LIKE '% zz'`)
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

t.test('a lookup search finds one contact among 100,000 by part of its email', async (t) => {
  const { api, database } = await serveUpstream(t)
  const email = (i: number) => `person${i}@bulk.example`
  // one INSERT … SELECT FROM unnest (TECH-NOTES: ~276k rows/s), as bulk loads do
  const emails = Array.from({ length: 100_000 }, (_, i) => email(i + 1))
  await database.db.execute(sql`INSERT INTO cloud_contacts (email) SELECT unnest(${sql.param(emails)}::text[])`)
  await database.db.execute(sql`ANALYZE cloud_contacts`)
  const [wanted] = await rows<Record<string, unknown>>(
    database.db,
    sql`SELECT id::float8 AS id, email, name, terminated FROM cloud_contacts WHERE email = ${email(99_999)}`,
  )
  const found = await api('GET', '/cloud_contacts?by_email=ON99999%40&per_page=10')
  t.equal(found.status, 200)
  t.same(withoutVersions(found.body.meta), { total: 1, page: 1, per_page: 10 })
  t.same(
    found.body.data.map(({ created_at: _, ...rest }: Record<string, unknown>) => rest),
    [wanted],
  )
  // the substring search is served by the trigram index, not a scan of every row
  const plan = await rows<{ 'QUERY PLAN': string }>(
    database.db,
    sql`EXPLAIN SELECT t.id FROM cloud_contacts AS t WHERE (t.email)::text ILIKE ${'%on99999@%'}`,
  )
  t.match(plan.map((r) => r['QUERY PLAN']).join('\n'), /Bitmap Index Scan on cloud_contacts_email_trgm_idx/)
})

t.test('a substring filter answers the rows, order and total of its plain definition, few matches or many', async (t) => {
  const { api, database } = await serveUpstream(t)
  await database.db.execute(sql`INSERT INTO business_units (name) VALUES ('Gamma'), ('alpha'), ('Beta')`)
  // more members than EXACT_TOTAL_LIMIT, names repeated (ties broken by id) in mixed case, NULL teams
  // and units: 'rosa tan' matches 3,600 of them (gathered, then sorted), 'a' every one (the sort
  // index walked), 'ROSA TANAKA 7' a short page's worth
  await database.db.execute(sql`
    INSERT INTO members (name, email, team, business_units_id)
    SELECT (ARRAY['Ada', 'rosa', 'Rosa', 'Sven', 'ROSA'])[1 + g % 5] || ' ' || (ARRAY['Tanaka', 'Baker', 'Costa', 'TANAKA'])[1 + (g / 5) % 4] || ' ' || g % 300,
           'm' || g || '@ccoe.example', (ARRAY['Core', 'Advisory', 'Community', NULL])[1 + g % 4],
           (SELECT id FROM business_units ORDER BY id OFFSET g % 4 LIMIT 1)
    FROM generate_series(1, ${EXACT_TOTAL_LIMIT + 2000}::int) g`)
  await database.db.execute(sql`ANALYZE members`)
  const keys: Record<string, string> = { name: 'lower(t.name)', team: 'lower(t.team)', business_unit_name: 'lower(b.name)' }
  // the definition: every match, sorted in full (no LIMIT for a plan to shortcut)
  const expectedIds = async (part: string, sort: string) => {
    const dir = sql.raw(sort.startsWith('-') ? 'DESC' : 'ASC')
    const found = await rows<{ id: number }>(
      database.db,
      sql`SELECT t.id::float8 AS id FROM members t LEFT JOIN business_units b ON b.id = t.business_units_id
          WHERE t.name ILIKE ${`%${part}%`} ORDER BY ${sql.raw(keys[sort.replace('-', '')])} ${dir}, t.id ${dir}`,
    )
    return found.map((r) => Number(r.id))
  }
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id)
  for (const part of ['rosa tan', 'a', 'ROSA TANAKA 7', 'zz']) {
    for (const sort of ['name', '-name', 'team', '-team', 'business_unit_name', '-business_unit_name']) {
      const expected = await expectedIds(part, sort)
      const query = `/members?by_name=${encodeURIComponent(part)}&sort=${sort}&per_page=25`
      const last = Math.max(1, Math.ceil(expected.length / 25))
      for (const page of new Set([1, 2, last])) {
        const { body } = await api('GET', `${query}&page=${page}`)
        t.same(idsOf(body), expected.slice((page - 1) * 25, page * 25), `${part} by ${sort}, page ${page}`)
        if (expected.length > EXACT_TOTAL_LIMIT) t.equal(body.meta.total_estimated, true, `${part}: an estimated total`)
        else t.same([body.meta.total, body.meta.total_estimated], [expected.length, undefined], `${part}: its exact total`)
        if (page !== 1 || !body.meta.next) continue
        const after = (await api('GET', `${query}&after=${body.meta.next}`)).body
        t.same(idsOf(after), expected.slice(25, 50), `${part} by ${sort}, after page 1's cursor`)
      }
    }
  }
})
