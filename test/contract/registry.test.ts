/**
 * The registry-driven contract, end to end: for every model, a signed-in user lists, creates,
 * reads, updates, downloads as CSV and deletes through the gateway, against the real upstream
 * and database. Validation errors and duplicates come back as clear JSON errors.
 */
import t, { type Test } from 'tap'
import { RESOURCES, allowedWrites, csvColumns, type ResourceDef } from '../../shared/resources/index.js'
import { startPortal } from '../helper.js'
import { signIn, signedInApi } from '../lib/sign-in.js'
import { parseCsv } from '../../server/upstream/uploads/parse-csv.js'
import { readBack, sampleRecord } from '../upstream/fixtures/samples.js'

/** The record's values of the keys `like` has: what a round trip compares. */
function pick(record: Record<string, unknown>, like: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(like).map((k) => [k, record[k]]))
}

t.test('every registry model round-trips through the gateway', async (t) => {
  const portal = await startPortal(t)
  const api = await signedInApi(portal.baseUrl)

  // demo data gives every lookup a row to point at
  const firstIds = new Map<string, number>()
  for (const resource of RESOURCES) {
    const list = await api('GET', `${resource.path}?per_page=1`)
    const id = list.json().data[0]?.id
    if (id) firstIds.set(resource.key, id)
  }
  const lookupId = (model: string) => firstIds.get(model)

  for (const [n, resource] of RESOURCES.entries()) {
    await t.test(resource.key, async (t) => roundTrip(t, resource, 9000 + n))
  }

  async function roundTrip(t: Test, resource: ResourceDef, n: number) {
    const list = await api('GET', `${resource.path}?page=1&per_page=5&sort=${resource.defaultSort}`)
    t.equal(list.status, 200, 'list')
    t.match(list.json(), { data: Array, meta: { page: 1, per_page: 5 } })

    const values = sampleRecord(resource, n, lookupId)
    const writes = allowedWrites(resource)
    if (!writes.includes('create')) {
      t.equal((await api('POST', resource.path, values)).status, 404, 'read-only: writes never reach the upstream')
      const first = list.json().data[0]
      if (first) {
        if (!writes.includes('update')) t.equal((await api('PUT', `${resource.path}/${first.id}`, values)).status, 404, 'nor updates')
        if (!writes.includes('delete')) t.equal((await api('DELETE', `${resource.path}/${first.id}`)).status, 404, 'nor deletes')
        t.same((await api('GET', `${resource.path}/${first.id}`)).json().data, first, 'the record is unchanged')
        await csvHas(t, resource, first, resource.defaultSort)
      } else if (resource.csv) {
        t.equal((await api('GET', `csv/${resource.key}`)).status, 200, 'csv of an empty list')
      }
      if (!resource.csv) t.equal((await api('GET', `csv/${resource.key}`)).status, 404, 'no CSV the registry does not declare')
      return
    }
    const created = await api('POST', resource.path, { [resource.bodyKey]: values })
    t.equal(created.status, 201, `create: ${created.text}`)
    const record = created.json().data
    t.strictSame(pick(record, readBack(resource, values)), readBack(resource, values), 'the answer carries what was sent')

    const read = await api('GET', `${resource.path}/${record.id}`)
    t.same(read.json().data, record, 'read')

    for (const required of resource.fields.filter((f) => f.required && !f.readOnly)) {
      const missing = await api('POST', resource.path, { ...values, [required.name]: undefined })
      const message = required.texts?.required ?? `${required.label} is required`
      t.same(missing.json(), { error: message, statusCode: 400, fields: { [required.name]: message } }, `missing ${required.name}`)
    }
    const unique = resource.fields.find((f) => f.unique)
    if (unique) {
      const duplicate = await api('POST', resource.path, sampleRecord(resource, n, lookupId))
      t.equal(duplicate.status, 409, `duplicate ${unique.name} refused`)
      t.type(duplicate.json().error, 'string')
    }

    let current = record
    if (writes.includes('update')) {
      const changed = sampleRecord(resource, n + 500, lookupId)
      const updated = await api('PUT', `${resource.path}/${record.id}`, { [resource.bodyKey]: changed })
      t.equal(updated.status, 200, `update: ${updated.text}`)
      current = updated.json().data
      const expected = { id: record.id, ...readBack(resource, changed) }
      t.strictSame(pick(current, expected), expected, 'the update carries what was sent')
    }

    if (!writes.includes('update')) {
      t.equal(
        (await api('PUT', `${resource.path}/${record.id}`, values)).status,
        404,
        'an update the registry does not allow never reaches the upstream',
      )
    }

    await csvHas(t, resource, current, '-created_at')

    const deleted = await api('DELETE', `${resource.path}/${record.id}`)
    if (!writes.includes('delete')) {
      t.equal(deleted.status, 404, 'a delete the registry does not allow never reaches the upstream')
      return
    }
    t.equal(deleted.status, 200, `delete: ${deleted.text}`)
    t.equal((await api('GET', `${resource.path}/${record.id}`)).status, 404, 'gone')
  }

  /** The model's CSV (or its absence): the spec's columns, and `record` as one of its rows. */
  async function csvHas(t: Test, resource: ResourceDef, record: Record<string, unknown>, sort: string) {
    const csv = await api('GET', `csv/${resource.key}?sort=${sort}`)
    if (!resource.csv) {
      t.equal(csv.status, 404, 'no CSV the registry does not declare')
      return
    }
    t.equal(csv.status, 200, 'csv')
    t.match(csv.headers.get('content-type'), /^text\/csv/)
    t.match(csv.headers.get('content-disposition'), new RegExp(`filename="${resource.csv.prefix}_\\d{4}-\\d\\d-\\d\\dT`))
    const [header, ...rows] = parseCsv(csv.text)
    t.same(
      header,
      csvColumns(resource).map((c) => c.header),
      'the spec columns',
    )
    // the record as the file must show it: empty for null, true/false, numbers and text as they are
    // (a JSON object, the change log's changes, as its JSON text)
    const cell = (value: unknown) => (value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))
    const cells = csvColumns(resource).map(({ field }) => cell(record[field]))
    t.same(
      rows.filter((row) => row.join('\u0000') === cells.join('\u0000')),
      [cells],
      'the record is a row of the file',
    )
  }

  t.equal((await api('GET', 'not_a_model')).status, 404, 'paths outside the registry are refused')
  t.ok(portal.audit.some((line) => line.method === 'DELETE' && line.user === 'alice@ccoe.example'))
})

t.test('special calls the registry declares reach the upstream through the gateway', async (t) => {
  const { readdir, readFile } = await import('node:fs/promises')
  const portal = await startPortal(t)
  const api = await signedInApi(portal.baseUrl)
  const post = (path: string, body: unknown) => api('POST', path, body)

  const contact = await post('cloud_contacts/by_email', { cloud_contact: { email: 'new.owner@ccoe.example' } })
  t.equal(contact.status, 201)
  t.hasStrict(await contact.json(), { data: { email: 'new.owner@ccoe.example', name: 'New Owner', terminated: false } })

  const report = await post('cost_centers/send_report', { cost_center: { email: true, send_to: 'alice@ccoe.example' } })
  t.equal(report.status, 200)
  t.same(await report.json(), { data: { message: 'Your report will be emailed!' } })
  // the report is written after the answer: the mailer's own hook says when it is done
  await portal.upstream.mail.idle()
  const files = (await readdir(portal.outboxDir)).filter((f) => f.endsWith('.eml'))
  t.equal(files.length, 1, 'one email in the outbox')
  const eml = await readFile(`${portal.outboxDir}/${files[0]}`, 'utf8')
  t.match(eml, /^To: alice@ccoe\.example/m)
  t.match(eml, /filename="?cost_centers_/)

  const undeclared = await post('cost_centers/not_a_call', {})
  t.equal(undeclared.status, 404, 'calls the registry does not declare never reach the upstream')
})

t.test('SAP cost centers upload through the gateway: loads a .csv.zip, refuses a bad one unchanged', async (t) => {
  const { makeZip } = await import('../lib/zip.js')
  const portal = await startPortal(t)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const identifiers = async () => {
    const response = await fetch(`${portal.baseUrl}/api/sap_cost_centers?per_page=1000`, { headers: { cookie } })
    return ((await response.json()) as { data: { identifier: string }[] }).data.map((r) => r.identifier).sort()
  }
  const upload = (file: Buffer, name: string) => {
    const form = new FormData()
    form.append('email', 'alice@ccoe.example')
    form.append('file', new Blob([new Uint8Array(file)]), name)
    return fetch(`${portal.baseUrl}/api/upload/sap_cost_centers`, { method: 'POST', headers: { cookie }, body: form })
  }
  const { data: contacts } = (await (await fetch(`${portal.baseUrl}/api/cloud_contacts?per_page=1`, { headers: { cookie } })).json()) as {
    data: { email: string }[]
  }
  const { data: companies } = (await (await fetch(`${portal.baseUrl}/api/companies?per_page=1`, { headers: { cookie } })).json()) as {
    data: { code: string }[]
  }
  const before = await identifiers()

  const corrupt = await upload(Buffer.from('PK\u0003\u0004 not really a zip'), 'centers.csv.zip')
  t.equal(corrupt.status, 422)
  t.match(await corrupt.json(), { error: String, statusCode: 422 })
  const wrongType = await upload(Buffer.from('identifier\n'), 'centers.csv')
  t.equal(wrongType.status, 422)
  const unknownCompany = await upload(
    await makeZip([{ name: 'c.csv', content: `identifier,company_code,owner_email\nSAP-GW-1,NOPE,${contacts[0].email}\n` }]),
    'c.csv.zip',
  )
  t.equal(unknownCompany.status, 422)
  t.same(await identifiers(), before, 'refusals change nothing')

  const csv = `identifier,company_code,owner_email\nSAP-GW-1,${companies[0].code},${contacts[0].email}\n`
  const loaded = await upload(await makeZip([{ name: 'c.csv', content: csv }]), 'c.csv.zip')
  t.equal(loaded.status, 200)
  t.hasStrict(await loaded.json(), { data: { added: 1, message: 'The updated cost centers will be emailed to you!' } })
  t.same(await identifiers(), [...before, 'SAP-GW-1'].sort())
})
