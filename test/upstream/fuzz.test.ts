/**
 * Bad input, generated: a seeded, bounded fuzz over every mutating route the registry declares
 * (create, update, delete and each special call), with payloads that are wrong by construction
 * (wrong types, nulls, huge and NUL-bearing strings, impossible dates, unknown choices, negative
 * and huge ids, SQL and script fragments, duplicated keys, deep JSON, bodies that are not JSON).
 * Every answer must be a refusal (4xx), never a 5xx and never a success, and the database must be
 * exactly as it was: every table's rows hashed before and after.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { CALL_LIST } from '../../shared/calls/index.js'
import { RESOURCES, allowedWrites, writableFields, type FieldDef, type ResourceDef } from '../../shared/resources/index.js'
import { rows } from '../../server/upstream/db/records/rows.js'
import { serveUpstream, TOKEN } from './fixtures/serve.js'

const PAYLOADS = Number(process.env.FUZZ_PAYLOADS ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)

/** mulberry32: a small seeded generator, so a failure replays with the same FUZZ_SEED */
function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  return { next, pick }
}
type Random = ReturnType<typeof generator>

const FRAGMENTS = [
  "'; DROP TABLE departments; --",
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '../../etc/passwd',
  '\u202eevil',
  '😀'.repeat(50),
  'Zürich 日本',
]

/** A value its field can never accept, whatever else the body holds. */
function badValue(field: FieldDef, r: Random): unknown {
  const tooLong = 'x'.repeat((field.maxLength ?? 100_000) + 1 + Math.floor(r.next() * 10))
  const withNul = `a\u0000${r.pick(FRAGMENTS)}`
  switch (field.type) {
    case 'number':
    case 'lookup':
      // a ranged number (an amount) takes signed decimals: only its bounds are bad
      if (field.range) return r.pick(['12abc', true, {}, [], field.range.max * 10, field.range.min * 10, 1e308, r.pick(FRAGMENTS), ''])
      return r.pick(['12abc', true, {}, [], 1.5, -1, 0, 2 ** 31, 2 ** 53, 1e308, -1e308, r.pick(FRAGMENTS), '', ' '])
    case 'boolean':
      return r.pick(['yes', 'maybe', 2, -1, {}, [], r.pick(FRAGMENTS)])
    case 'date':
    case 'datetime':
      return r.pick(['not a date', '2026-13-45', '2026-02-30', '0000-00-00', 99999, true, {}, r.pick(FRAGMENTS), '+275760-09-14'])
    case 'select':
      return r.pick([`${r.pick(field.options ?? ['x'])} `.repeat(2), 'NotAChoice', r.pick(FRAGMENTS), 7, false, {}, withNul])
    case 'list':
      return r.pick(['[]', '[""]', '["a", " "]', '[1]', '{"a":"b"}', 'not json', '["a\\x"]', ['a'], 5, withNul, tooLong])
    case 'email':
      return r.pick(['not-an-email', '@example.com', 'a@', `${r.pick(FRAGMENTS)}@`, 5, [], withNul, `${tooLong}@example.com`])
    default:
      return r.pick([123, true, {}, [1, 2], withNul, tooLong])
  }
}

/** A plausible value (or a fragment): the noise around the one bad value. */
function noise(field: FieldDef, r: Random): unknown {
  if (r.next() < 0.3) return r.pick([null, r.pick(FRAGMENTS)])
  switch (field.type) {
    case 'number':
    case 'lookup':
      return Math.floor(r.next() * 5) + 1
    case 'boolean':
      return r.next() < 0.5
    case 'date':
      return '2026-06-01'
    case 'datetime':
      return '2026-06-01T10:00:00.000Z'
    case 'select':
      return r.pick(field.options ?? ['x'])
    case 'email':
      return `fuzz${Math.floor(r.next() * 1e6)}@example.com`
    default:
      return `fuzz ${Math.floor(r.next() * 1e6)}`
  }
}

function deep(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
}

interface Call {
  method: 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: string
  contentType?: string
}

/** The model's declared calls that take a body (a bad one is refused; a bodiless call has none to get wrong). */
const bodyCalls = (resource: ResourceDef) =>
  CALL_LIST.filter(({ model, call }) => model === resource.key && call.method !== 'GET' && call.body !== 'none').map(({ call }) => call)

/** One call that must be refused: a bad route id, a structurally bad body, or one bad field. */
function badCall(resource: ResourceDef, r: Random, existingId: number | undefined): Call | undefined {
  const writes = allowedWrites(resource)
  const fields = writableFields(resource)
  const kinds = [
    ...(writes.includes('create') ? ['create'] : []),
    ...(writes.includes('update') ? ['update', 'bad-id'] : []),
    ...(writes.includes('delete') ? ['bad-id-delete'] : []),
    ...bodyCalls(resource).map(() => 'call'),
  ]
  if (kinds.length === 0) return undefined
  const kind = r.pick(kinds)
  const badId = () => r.pick(['0', '-1', '99999999999999999999', 'abc', '1e3', '1.5', '%00', '2147483648', String(2 ** 53)])
  if (kind === 'bad-id-delete') return { method: 'DELETE', path: `/${resource.path}/${badId()}` }
  if (kind === 'call') {
    const call = r.pick(bodyCalls(resource))
    const body = r.pick([
      '',
      'not json',
      '[]',
      'null',
      '42',
      deep(2000 + Math.floor(r.next() * 8000)),
      JSON.stringify({ [resource.bodyKey]: r.pick([null, [], 'x', 7, { email: r.pick([5, [], 'not-an-email', `a\u0000b`]) }]) }),
    ])
    return { method: call.method as Call['method'], path: `/${call.path.replace(/:\w+/g, '1')}`, body }
  }
  const id = kind === 'bad-id' ? badId() : kind === 'update' ? String(existingId ?? 1) : undefined
  const path = id === undefined ? `/${resource.path}` : `/${resource.path}/${id}`
  const method = kind === 'create' ? 'POST' : 'PUT'
  if (kind !== 'bad-id' && (r.next() < 0.2 || fields.length === 0)) {
    // the body itself is wrong
    const body = r.pick([
      '',
      '{',
      'not json',
      '[]',
      'null',
      '"text"',
      '42',
      deep(2000 + Math.floor(r.next() * 8000)),
      '{"__proto__":{"x":1}}',
    ])
    return { method, path, body, contentType: r.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) }
  }
  const record: Record<string, unknown> = {}
  for (const field of fields) if (r.next() < 0.6) record[field.name] = noise(field, r)
  const target = fields.length ? r.pick(fields) : undefined
  if (kind === 'bad-id' || !target) {
    return { method, path, body: JSON.stringify(record) }
  }
  const bad = badValue(target, r)
  // duplicated keys: a good value first, the bad one last (JSON.parse keeps the last)
  const inner =
    r.next() < 0.15
      ? `{${JSON.stringify(target.name)}:${JSON.stringify(noise(target, r))},${JSON.stringify(record).slice(1, -1)}${
          Object.keys(record).length ? ',' : ''
        }${JSON.stringify(target.name)}:${JSON.stringify(bad)}}`
      : JSON.stringify({ ...record, [target.name]: bad })
  return { method, path, body: r.next() < 0.5 ? inner : `{${JSON.stringify(resource.bodyKey)}:${inner}}` }
}

t.test(`fuzz: ${PAYLOADS} bad payloads over every mutating route, seed ${SEED}`, async (t) => {
  const { url, database } = await serveUpstream(t, { seed: true })
  const tables = (
    await rows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).map((r) => r.name)
  const snapshot = async () => {
    const out: Record<string, string> = {}
    for (const table of tables) {
      const [row] = await rows<{ hash: string | null; n: number }>(
        database.db,
        sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash, count(*)::int AS n FROM ${sql.identifier(table)} AS t`,
      )
      out[table] = `${row.n}:${row.hash ?? ''}`
    }
    return out
  }
  const before = await snapshot()
  const firstIds = new Map<string, number>()
  for (const resource of RESOURCES) {
    const [row] = await rows<{ id: number }>(database.db, sql`SELECT min(id) AS id FROM ${sql.identifier(resource.table)}`)
    if (row?.id) firstIds.set(resource.key, Number(row.id))
  }

  const r = generator(SEED)
  const writable = RESOURCES.filter((resource) => allowedWrites(resource).length || bodyCalls(resource).length)
  const byStatus = new Map<number, number>()
  const failures: string[] = []
  let sent = 0
  while (sent < PAYLOADS) {
    const resource = r.pick(writable)
    const call = badCall(resource, r, firstIds.get(resource.key))
    if (!call) continue
    sent++
    const response = await fetch(url + call.path, {
      method: call.method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        uid: 'fuzz@ccoe.example',
        ...(call.body !== undefined && { 'content-type': call.contentType ?? 'application/json' }),
      },
      body: call.body,
    })
    await response.arrayBuffer()
    byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1)
    if ((response.status < 400 || response.status >= 500) && failures.length < 20) {
      failures.push(`${response.status} ${call.method} ${call.path} ${String(call.body).slice(0, 300)}`)
    }
  }
  t.equal(sent, PAYLOADS)
  t.same(failures, [], 'every bad payload refused with a 4xx')
  t.same(await snapshot(), before, 'no row changed')
  t.comment(`answers: ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}`)
})
