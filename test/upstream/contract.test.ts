import t from 'tap'
import { listMetaFor } from '../../server/upstream/routes/list-meta.js'
import { getResource, queryFilters, RESOURCES, type FieldDef, type FieldType, type ResourceDef } from '../../shared/resources/index.js'
import { recordErrors } from '../../shared/rules/record-rules.js'
import { readBack, sampleRecord, writable } from './fixtures/samples.js'
import { serveUpstream, TOKEN } from './fixtures/serve.js'

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const TEXTUAL = new Set<FieldType>(['text', 'email', 'richtext'])
/** a required field's refusal: the spec's own text where the registry carries one (issue 39 item 9) */
const requiredText = (field: FieldDef) => field.texts?.required ?? `${field.label} is required`

/** A value of the wrong JSON type for each field type, and how the refusal describes the field. */
const WRONG_TYPE: Record<FieldType, [unknown, string]> = {
  text: [123, 'must be text'],
  email: [123, 'must be text'],
  richtext: [['<p>x</p>'], 'must be text'],
  list: [['a'], 'must be text'],
  date: [20240301, 'must be text'],
  datetime: [true, 'must be text'],
  select: [1, 'must be text'],
  number: ['5', 'must be a number'],
  boolean: ['true', 'must be true or false'],
  lookup: [true, 'must be a whole number'],
  // never written by a client (read-only models only): listed for the type's completeness
  json: ['{}', 'must be an object'],
}

/** The record's values of the keys `like` has: what a round trip compares. */
function pick(record: Record<string, unknown>, like: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(like).map((k) => [k, record[k]]))
}

t.test('the upstream contract, for every model of the registry', async (t) => {
  const { api, url } = await serveUpstream(t, { seed: true })

  t.test('the token guards everything but /healthz', async (t) => {
    t.same((await api('GET', '/healthz', undefined, {})).body, { status: 'ok' })
    const unauthorized = { error: 'Unauthorized', statusCode: 401 }
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]
    for (const headers of refused) {
      const answer = await api('GET', `/${RESOURCES[0].path}`, undefined, headers)
      t.equal(answer.status, 401, JSON.stringify(headers))
      t.same(answer.body, unauthorized)
    }
    t.equal((await api('GET', '/no-such-route', undefined, {})).status, 401, 'even unknown paths need the token')
    const unknown = await api('GET', '/no-such-route')
    t.same(unknown, { status: 404, body: { error: 'Not Found', statusCode: 404 } })
  })

  t.test('validate_token echoes the uid header', async (t) => {
    const headers = { authorization: `Bearer ${TOKEN}`, uid: 'jane.doe@example.com' }
    t.same((await api('GET', '/auth/validate_token', undefined, headers)).body, {
      success: true,
      data: { uid: 'jane.doe@example.com' },
    })
    const noUid = await api('GET', '/auth/validate_token')
    t.equal(noUid.status, 401)
    t.equal((await api('GET', '/auth/validate_token', undefined, { uid: 'x@example.com' })).status, 401)
  })

  // a lookup needs a row of the model it names: the first seeded one, else one made here
  const ids = new Map<string, number>()
  async function lookupIdsFor(resource: ResourceDef, visiting = new Set([resource.key])): Promise<void> {
    for (const field of resource.fields) {
      const model = field.lookup?.model
      // a cycle of lookups (a model naming itself) is left empty: those references are optional
      if (field.type !== 'lookup' || !model || visiting.has(model) || ids.has(model)) continue
      const target = getResource(model)!
      const first = (await api('GET', `/${target.path}?per_page=1`)).body.data[0]
      if (first) ids.set(model, first.id)
      else {
        await lookupIdsFor(target, new Set([...visiting, model]))
        const made = await api(
          'POST',
          `/${target.path}`,
          sampleRecord(target, 9000, (m) => ids.get(m)),
        )
        ids.set(model, made.body.data.id)
      }
    }
  }

  for (const resource of RESOURCES) {
    if (resource.readOnly) {
      // rows the upstream writes itself (the change log): read like any list, never written through the API
      t.test(`${resource.key}: read-only, whatever token calls it`, async (t) => {
        const list = await api('GET', `/${resource.path}?per_page=1`)
        t.equal(list.status, 200)
        const [first] = list.body.data
        t.ok(first, 'the demo data wrote rows')
        t.same((await api('GET', `/${resource.path}/${first.id}`)).body, { data: first })
        t.equal((await api('POST', `/${resource.path}`, first)).status, 404)
        t.equal((await api('PUT', `/${resource.path}/${first.id}`, first)).status, 404)
        t.equal((await api('DELETE', `/${resource.path}/${first.id}`)).status, 404)
      })
      continue
    }
    t.test(`${resource.key}: create, read, list, update, delete`, async (t) => {
      await lookupIdsFor(resource)
      const values = sampleRecord(resource, 1, (m) => ids.get(m))
      const created = await api('POST', `/${resource.path}`, { [resource.bodyKey]: values })
      t.equal(created.status, 201, JSON.stringify(created.body))
      const record = created.body.data
      t.type(record.id, 'number')
      t.strictSame(pick(record, readBack(resource, values)), readBack(resource, values), 'the fields sent come back as sent')
      if (resource.fields.some((f) => f.name === 'created_at')) t.match(record.created_at, ISO_INSTANT)
      for (const field of resource.fields) {
        if (field.writeOnly) t.notOk(field.name in record, `${field.name} is never returned`)
        else t.ok(field.name in record, `${field.name} is returned`)
      }

      t.same((await api('GET', `/${resource.path}/${record.id}`)).body, { data: record })

      const list = await api('GET', `/${resource.path}?per_page=${1000}`)
      t.equal(list.status, 200)
      t.equal(list.body.meta.total, list.body.data.length)
      // a model's list may add keys to its meta (routes/list-meta.ts: the dashboard counts of cloud_parents)
      const { total, page, per_page, versions, ...added } = list.body.meta
      t.same({ total, page, per_page }, { total: list.body.data.length, page: 1, per_page: 1000 })
      t.same(Object.keys(added), Object.keys(listMetaFor(resource.key)?.properties ?? {}))
      // every row's version is the one its own ETag names (an inline write sends it as If-Match)
      t.same(Object.keys(versions).sort(), list.body.data.map((r: { id: number }) => String(r.id)).sort())
      const single = await fetch(`${url}/${resource.path}/${record.id}`, { headers: { authorization: `Bearer ${TOKEN}` } })
      t.equal(single.headers.get('etag'), `W/"${versions[String(record.id)]}"`)
      t.same(
        list.body.data.find((r: { id: number }) => r.id === record.id),
        record,
      )
      // each text filter, hidden lookup searches included, finds the record by part of its value in any case
      for (const filter of queryFilters(resource).filter((f) => f.kind === 'text' && typeof record[f.field] === 'string')) {
        const value = String(record[filter.field])
        const part = value.slice(1, -1).toUpperCase()
        const found = await api('GET', `/${resource.path}?${filter.param}=${encodeURIComponent(part)}&per_page=1000`)
        t.equal(found.status, 200, filter.param)
        t.same(
          found.body.data.find((r: { id: number }) => r.id === record.id),
          record,
          `${filter.param}=${part}`,
        )
        t.ok(found.body.data.every((r: Record<string, unknown>) => String(r[filter.field]).toUpperCase().includes(part)))
      }

      // a flat partial update of one field; sending back read-only fields (id, created_at) is harmless
      const changes = readBack(
        resource,
        sampleRecord(resource, 2, (m) => ids.get(m)),
      )
      const [name, value] = Object.entries(changes)[0]
      const updated = await api('PUT', `/${resource.path}/${record.id}`, { ...record, [name]: value })
      t.equal(updated.status, 200, JSON.stringify(updated.body))
      t.same(updated.body.data, { ...record, [name]: value })
      t.equal((await api('PUT', `/${resource.path}/2147483647`, { [name]: value })).status, 404)

      t.same((await api('DELETE', `/${resource.path}/${record.id}`)).body, { data: { id: record.id } })
      const gone = await api('GET', `/${resource.path}/${record.id}`)
      t.equal(gone.status, 404)
      t.match(gone.body, { error: /not found$/, statusCode: 404 })
      t.equal((await api('DELETE', `/${resource.path}/${record.id}`)).status, 404)
      t.equal((await api('GET', `/${resource.path}/not-a-number`)).status, 400)
    })

    t.test(`${resource.key}: bad input is refused with the field named, and changes nothing`, async (t) => {
      const before = (await api('GET', `/${resource.path}?per_page=1`)).body.meta.total
      // an id to aim refused updates at (a refused body is a 400 before any row is looked up)
      const anyId = (await api('GET', `/${resource.path}?per_page=1`)).body.data[0]?.id ?? 1
      const empty = await api('POST', `/${resource.path}`, {})
      const required = writable(resource).filter((f) => f.required)
      if (required.length) {
        t.equal(empty.status, 400)
        const fields = Object.fromEntries(required.map((f) => [f.name, requiredText(f)]))
        t.strictSame(empty.body, { error: Object.values(fields).join('; '), statusCode: 400, fields }, 'each required field named')
      }
      const values = sampleRecord(resource, 3, (m) => ids.get(m))
      const unknown = await api('POST', `/${resource.path}`, { ...values, no_such_field: 1 })
      t.equal(unknown.status, 400)
      t.equal(unknown.body.fields.no_such_field, 'Unknown field "no_such_field"')
      for (const field of writable(resource).filter((f) => f.maxLength)) {
        const tooLong = await api('POST', `/${resource.path}`, { ...values, [field.name]: 'x'.repeat(field.maxLength! + 1) })
        t.equal(tooLong.status, 400)
        t.equal(tooLong.body.fields[field.name], `${field.label} must be at most ${field.maxLength} characters`)
      }
      t.equal((await api('POST', `/${resource.path}`, '{"broken json')).status, 400)
      for (const field of required) {
        const missing = await api('POST', `/${resource.path}`, { ...values, [field.name]: undefined })
        t.same(missing.body, { error: requiredText(field), statusCode: 400, fields: { [field.name]: requiredText(field) } })
      }
      // a required text of only spaces is missing: bodies are trimmed before they are validated
      for (const field of required.filter((f) => TEXTUAL.has(f.type))) {
        const blank = await api('POST', `/${resource.path}`, { ...values, [field.name]: '   ' })
        t.same(blank.body.fields, { [field.name]: requiredText(field) }, `${field.name} of spaces`)
      }
      // a JSON body keeps its types: nothing is coerced into the field's type
      for (const field of writable(resource)) {
        const [wrong, message] = WRONG_TYPE[field.type]
        const answer = await api('POST', `/${resource.path}`, { ...values, [field.name]: wrong })
        t.equal(answer.status, 400, `${field.name}: ${JSON.stringify(wrong)}`)
        t.same(answer.body.fields, { [field.name]: `${field.label} ${message}` })
        const update = await api('PUT', `/${resource.path}/${anyId}`, { [field.name]: wrong })
        t.same(update.body.fields, { [field.name]: `${field.label} ${message}` }, 'updates too')
      }
      t.equal((await api('GET', `/${resource.path}?per_page=1`)).body.meta.total, before, 'nothing was written')
    })

    t.test(`${resource.key}: strings are stored trimmed`, async (t) => {
      await lookupIdsFor(resource)
      const values = sampleRecord(resource, 7, (m) => ids.get(m))
      const padded = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? `  ${v}\t ` : v]))
      const created = await api('POST', `/${resource.path}`, padded)
      t.equal(created.status, 201, JSON.stringify(created.body))
      t.strictSame(pick(created.body.data, readBack(resource, values)), readBack(resource, values))
      // a text any value suits: no key, no rule of its own (a budget's currency and thresholds have one)
      const text = writable(resource).find(
        (f) => f.type === 'text' && !f.unique && Object.keys(recordErrors(resource.key, { [f.name]: 'changed' })).length === 0,
      )
      if (text) {
        const updated = await api('PUT', `/${resource.path}/${created.body.data.id}`, { [text.name]: ' changed ' })
        t.equal(updated.body.data[text.name], 'changed')
      }
    })

    for (const field of resource.fields.filter((f) => f.unique)) {
      t.test(`${resource.key}: a duplicate ${field.name} is a 409`, async (t) => {
        const values = sampleRecord(resource, 4, (m) => ids.get(m))
        t.equal((await api('POST', `/${resource.path}`, values)).status, 201)
        const again = await api('POST', `/${resource.path}`, {
          ...sampleRecord(resource, 5, (m) => ids.get(m)),
          [field.name]: values[field.name],
        })
        // a model may name its own text (spec 001 §5: 'Duplicate identifier found…')
        const error =
          resource.messages.duplicate?.replace('{value}', String(values[field.name])) ??
          `${field.label} "${values[field.name]}" already exists`
        t.same(again.body, { error, statusCode: 409, fields: { [field.name]: error } })
        const other = await api(
          'POST',
          `/${resource.path}`,
          sampleRecord(resource, 6, (m) => ids.get(m)),
        )
        const clash = await api('PUT', `/${resource.path}/${other.body.data.id}`, { [field.name]: values[field.name] })
        t.equal(clash.status, 409)
        if (field.type === 'email') {
          // an email is one key whatever its case
          const shouted = String(values[field.name]).toUpperCase()
          const twin = await api('POST', `/${resource.path}`, { ...sampleRecord(resource, 8, (m) => ids.get(m)), [field.name]: shouted })
          const twinError = resource.messages.duplicate ?? `${field.label} "${shouted}" already exists`
          t.same(twin.body, { error: twinError, statusCode: 409, fields: { [field.name]: twinError } })
          t.equal((await api('PUT', `/${resource.path}/${other.body.data.id}`, { [field.name]: shouted })).status, 409)
        }
      })
    }
  }

  t.test('answers are JSON with the spec envelope', async (t) => {
    const response = await fetch(`${url}/${RESOURCES[0].path}`, { headers: { authorization: `Bearer ${TOKEN}` } })
    t.match(response.headers.get('content-type'), /^application\/json/)
    const body = (await response.json()) as { data: unknown; meta: object }
    t.ok(Array.isArray(body.data))
    t.same(Object.keys(body.meta).sort(), ['page', 'per_page', 'total', 'versions'])
  })
})
