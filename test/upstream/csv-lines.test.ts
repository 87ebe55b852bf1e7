/**
 * The CSV lines the database renders (migration 040, db/records/csv-lines.ts) against shared/csv.ts
 * rendering the records the API gives: byte for byte, for every kind of value and every model with a
 * CSV; then the list's text/csv answer, which walks a cursor on PostgreSQL (JSON pages on PGlite).
 */
import { once } from 'node:events'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { csvCell, csvHeader, csvRows } from '../../shared/csv.js'
import { RESOURCES, csvColumns, fieldOf } from '../../shared/resources/index.js'
import { CopyTextColumn } from '../../server/upstream/db/copy-text.js'
import { recordRepository, rows } from '../../server/upstream/db/records/repository.js'
import { serveUpstream, TOKEN } from './fixtures/serve.js'

const TEXTS = [
  '',
  'plain',
  '=SUM(A1)',
  '+1',
  '-2',
  '@x',
  '\tlead tab',
  '\rcr',
  '\nlf',
  'say "hi"',
  'a,b',
  'line1\r\nline2',
  "it's",
  'Zürich ☃ 日本 😀',
  ' -lead space',
  '\\back\\slash',
]
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.1,
  -12.5,
  1234.56,
  1e-4,
  9.99e-5,
  1e-6,
  1.5e-7,
  -1e-7,
  1e14,
  1e15,
  1.5e15,
  -1234567890123456.8,
  1e20,
  123456789012345680000,
  1e21,
  1.7976931348623157e308,
  5e-324,
  Number.NaN,
  Infinity,
  -Infinity,
]

t.test('cells: the database renders each value as csvCell does', async (t) => {
  const { database } = await serveUpstream(t)
  const one = async (query: ReturnType<typeof sql>) => (await rows<{ cell: string }>(database.db, query))[0].cell
  for (const text of [...TEXTS, null]) {
    t.equal(await one(sql`SELECT csv_text(${text}::text) AS cell`), csvCell(text, 'text'), JSON.stringify(text))
  }
  for (const number of [...NUMBERS, null]) {
    // written as text: a driver would send -0 as 0 and has no literal for NaN or the infinities
    const literal = number === null ? null : Object.is(number, -0) ? '-0' : String(number)
    t.equal(await one(sql`SELECT csv_number(${literal}::float8) AS cell`), csvCell(number, 'number'), String(literal))
  }
  for (const value of [true, false, null]) {
    t.equal(await one(sql`SELECT csv_boolean(${value}::boolean) AS cell`), csvCell(value, 'boolean'), String(value))
  }
})

t.test('lines: every model with a CSV renders its demo records as the API gives them', async (t) => {
  const { database } = await serveUpstream(t, { seed: true })
  let models = 0
  for (const resource of RESOURCES.filter((r) => r.csv)) {
    const records = recordRepository(resource)
    const columns = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
    const query = { page: 1, perPage: 100_000, sort: resource.defaultSort, filters: [], count: 'none' as const }
    const expected = csvRows(columns, (await records.list(database.db, query)).data)
    const lines = await rows<{ line: string }>(database.db, records.csvLines(query, columns))
    t.equal(lines.map((r) => r.line).join(''), expected, resource.key)
    if (lines.length > 0) models++
  }
  t.ok(models >= 10, `${models} models had demo records to compare`)
})

t.test('lines: tricky texts, NULLs and both sort directions of a model', async (t) => {
  const { database } = await serveUpstream(t)
  for (const [i, name] of TEXTS.entries()) {
    await database.db.execute(sql`INSERT INTO departments (name, abbreviation) VALUES (${name + i}, ${i % 3 === 0 ? null : name})`)
  }
  const resource = RESOURCES.find((r) => r.key === 'departments')!
  const records = recordRepository(resource)
  const columns = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
  for (const sort of ['name', '-name', 'abbreviation', '-abbreviation', 'created_at']) {
    const query = { page: 1, perPage: 1000, sort, filters: [], count: 'none' as const }
    const expected = csvRows(columns, (await records.list(database.db, query)).data)
    const lines = await rows<{ line: string }>(database.db, records.csvLines(query, columns))
    t.equal(lines.length, TEXTS.length, sort)
    t.equal(lines.map((r) => r.line).join(''), expected, sort)
  }
})

t.test('the list as text/csv: a COPY on PostgreSQL, the JSON page on PGlite', async (t) => {
  const { url, database } = await serveUpstream(t, { seed: true })
  await database.db.execute(sql`
    INSERT INTO departments (name, abbreviation)
    SELECT CASE WHEN g % 2 = 0 THEN '=dept ' ELSE 'Dept, "' END || g, CASE WHEN g % 7 = 0 THEN NULL ELSE 'A' || (g % 13) END
    FROM generate_series(1, 12345) g`)
  const resource = RESOURCES.find((r) => r.key === 'departments')!
  const columns = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
  const filters = [{ field: 'name', kind: 'text' as const, value: 'dept' }]
  const expected =
    csvHeader(columns) +
    csvRows(
      columns,
      (await recordRepository(resource).list(database.db, { page: 1, perPage: 100_000, sort: '-abbreviation', filters })).data,
    )

  const response = await fetch(`${url}/departments?sort=-abbreviation&by_name=dept&per_page=5`, {
    headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/csv, application/json;q=0.5' },
  })
  t.equal(response.status, 200)
  if (database.dialect === 'postgres') {
    t.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8')
    const text = await response.text()
    t.equal(text.split('\r\n').length, 12345 + 2, 'the header, every row and the last CRLF')
    t.equal(text, expected)
  } else {
    t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
    t.equal(((await response.json()) as { data: unknown[] }).data.length, 5)
  }

  // a whole-list walk: on PGlite in steps of 100 rows, each with the cursor to the next
  const walk = (await (
    await fetch(`${url}/departments?count=none&per_page=1000`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).json()) as {
    data: unknown[]
    meta: { per_page: number; next?: string }
  }
  t.equal(walk.data.length, database.dialect === 'pglite' ? 100 : 1000)
  t.equal(walk.meta.per_page, walk.data.length)
  t.equal(typeof walk.meta.next, 'string')

  const refused = await fetch(`${url}/departments?sort=nope`, { headers: { authorization: `Bearer ${TOKEN}`, accept: 'text/csv' } })
  t.equal(refused.status, 400)
  t.strictSame(await refused.json(), { error: 'Unknown sort field "nope"', statusCode: 400, fields: { sort: 'Unknown sort field "nope"' } })
})

t.test('COPY text: every row once, and a reader that leaves early frees its connection', { skip: !process.env.DATABASE_URL }, async (t) => {
  const { database } = await serveUpstream(t)
  await database.db.execute(sql`INSERT INTO departments (name) SELECT 'd' || g || E'\r\n' FROM generate_series(1, 100000) g`)
  const query = sql`SELECT name FROM departments WHERE name LIKE ${'d%'} ORDER BY id`
  for (let round = 0; round < 15; round++) {
    // 15 readers that leave after the first chunk, on a pool of 10: a connection kept by any would stall here
    const stream = database.copyText!(query)
    const [first] = (await once(stream, 'data')) as [Buffer]
    t.equal(first.subarray(0, 5).toString(), 'd1\r\nd', `round ${round}`)
    stream.destroy()
  }
  const chunks: Buffer[] = []
  for await (const chunk of database.copyText!(query)) chunks.push(chunk as Buffer)
  t.equal(Buffer.concat(chunks).toString(), Array.from({ length: 100000 }, (_, i) => `d${i + 1}\r\n`).join(''))
  await t.rejects(
    (async () => {
      for await (const chunk of database.copyText!(sql`SELECT 1 / (3 - id) || '' FROM departments ORDER BY id`)) void chunk
    })(),
    { message: 'division by zero' },
    'a failure mid-COPY fails the stream',
  )
})

t.test('CopyTextColumn: rows cut anywhere between chunks come out whole', async (t) => {
  const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff])
  const int32 = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeInt32BE(n)
    return b
  }
  const texts = ['a,b\r\n', '', 'é"x"\r\n', '😀\r\n']
  const copy = Buffer.concat([
    Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
    int32(0),
    int32(3),
    Buffer.from('ext'),
    ...texts.flatMap((text) => [int16(1), int32(Buffer.byteLength(text)), Buffer.from(text)]),
    int16(-1),
  ])
  for (const size of [1, 2, 3, 7, copy.length]) {
    const decoder = new CopyTextColumn()
    const out: Buffer[] = []
    decoder.on('data', (chunk: Buffer) => out.push(chunk))
    for (let at = 0; at < copy.length; at += size) decoder.write(copy.subarray(at, at + size))
    decoder.end()
    await once(decoder, 'end')
    t.equal(Buffer.concat(out).toString(), texts.join(''), `chunks of ${size}`)
  }
  const cut = new CopyTextColumn()
  cut.on('data', () => undefined)
  cut.end(copy.subarray(0, copy.length - 2))
  await t.rejects(once(cut, 'end'), { message: 'COPY data ended early' })
})
