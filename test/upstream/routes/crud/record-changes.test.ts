import { sql } from 'drizzle-orm'
import t from 'tap'
import { DEMO_DATA_AUTHOR } from '../../../../shared/resources/record-changes.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

/**
 * Issue 27 item 7: every create, update and delete of the generic CRUD leaves one change-log entry,
 * written in the write's own transaction (who, when by the upstream's clock, the fields from → to);
 * a refused write leaves none; the log is read like any list and never written through its API.
 */

const ALICE = 'alice@ccoe.example'

t.test('the change log of creates, updates and deletes', async (t) => {
  // the upstream's clock, moved by the test: each entry names exactly when it was written
  let now = new Date('2030-01-15T23:30:00.000Z')
  const { url, database } = await serveUpstream(t, { seed: true, clock: () => now })

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { uid: ALICE }) {
    const response = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, etag: response.headers.get('etag'), body: text ? JSON.parse(text) : undefined }
  }
  /** The history of one record, newest first, without the entries' own ids. */
  async function history(model: string, id: number) {
    const answer = await call('GET', `/record_changes?by_model=${model}&by_record_id=${id}`)
    t.equal(answer.status, 200)
    return (answer.body.data as Record<string, unknown>[]).map(({ id: _id, ...entry }) => entry)
  }
  const logSize = async () => (await call('GET', '/record_changes?per_page=1')).body.meta.total as number

  await t.test('a create, an update and a delete, each with who, when and the fields from → to', async (t) => {
    const created = await call('POST', '/departments', { department: { name: 'Cloud Audit', abbreviation: 'CLAUD' } })
    t.equal(created.status, 201)
    const id = created.body.data.id as number
    const create = {
      changed_at: '2030-01-15T23:30:00.000Z',
      changed_by: ALICE,
      model: 'departments',
      record_id: id,
      action: 'create',
      source: null,
      changes: { name: { from: null, to: 'Cloud Audit' }, abbreviation: { from: null, to: 'CLAUD' } },
    }
    t.same(await history('departments', id), [create])

    now = new Date('2030-01-16T08:00:00.000Z')
    t.equal((await call('PUT', `/departments/${id}`, { name: 'Cloud Audit Team' }, { uid: 'script-client' })).status, 200)
    const update = {
      changed_at: '2030-01-16T08:00:00.000Z',
      changed_by: 'script-client',
      model: 'departments',
      record_id: id,
      action: 'update',
      source: null,
      changes: { name: { from: 'Cloud Audit', to: 'Cloud Audit Team' } },
    }
    t.same(await history('departments', id), [update, create], 'newest first')

    const size = await logSize()
    t.equal((await call('PUT', `/departments/${id}`, { name: 'Cloud Audit Team', abbreviation: 'CLAUD' })).status, 200)
    t.equal(await logSize(), size, 'a save that changes no value leaves no entry')

    now = new Date('2030-01-17T09:15:00.000Z')
    t.equal((await call('DELETE', `/departments/${id}`, undefined, {})).status, 200)
    t.same(
      await history('departments', id),
      [
        {
          changed_at: '2030-01-17T09:15:00.000Z',
          changed_by: null,
          model: 'departments',
          record_id: id,
          action: 'delete',
          source: null,
          changes: { name: { from: 'Cloud Audit Team', to: null }, abbreviation: { from: 'CLAUD', to: null } },
        },
        update,
        create,
      ],
      'the delete is the last entry, with every value the record had; a caller naming nobody is null',
    )
    t.equal((await call('GET', `/departments/${id}`)).status, 404, 'the record is gone, its history stays')

    // the auditors' filters: who (part of it, any case), the action, and whole UTC days of when
    const filtered = async (query: string) =>
      (await call('GET', `/record_changes?by_model=departments&by_record_id=${id}&${query}`)).body.data.map(
        (e: { action: string }) => e.action,
      )
    t.same(await filtered('by_changed_by=SCRIPT'), ['update'])
    t.same(await filtered('by_action=delete'), ['delete'])
    t.same(await filtered('by_changed_until=2030-01-15'), ['create'], 'until a day takes the whole day (23:30 included)')
    t.same(await filtered('by_changed_from=2030-01-16&by_changed_until=2030-01-16'), ['update'])
    t.same(await filtered('by_changed_from=2030-01-17'), ['delete'])
    t.equal((await call('GET', '/record_changes?by_changed_from=2030-02-30')).status, 400, 'a day that is none is refused')
  })

  await t.test('a lookup changes as its id and the label the record shows; nothing joined besides', async (t) => {
    const [center] = (await call('GET', '/cost_centers?by_identifier=1000-CCOE-01')).body.data
    const contacts = (await call('GET', '/cloud_contacts?by_email=bruno.rossi@example.com')).body.data
    now = new Date('2030-02-01T10:00:00.000Z')
    const updated = await call('PUT', `/cost_centers/${center.id}`, { cloud_contact_id: contacts[0].id, approved: false })
    t.equal(updated.status, 200)
    const [latest, first] = await history('cost_centers', center.id)
    t.same(latest.changes, {
      cloud_contact_id: { from: center.cloud_contact_id, to: contacts[0].id },
      cloud_contact_email: { from: 'alice.martin@example.com', to: 'bruno.rossi@example.com' },
      approved: { from: true, to: false },
    })
    t.same(
      { action: first.action, changed_by: first.changed_by, identifier: (first.changes as Record<string, unknown>).identifier },
      { action: 'create', changed_by: DEMO_DATA_AUTHOR, identifier: { from: null, to: '1000-CCOE-01' } },
      'the demo data starts each record history with its creation',
    )
  })

  await t.test('a private key written is named, never its value', async (t) => {
    const [app] = (await call('GET', '/github_organization_apps?per_page=1')).body.data
    t.equal((await call('PUT', `/github_organization_apps/${app.id}`, { private_key: 'SECRET-KEY-TEXT' })).status, 200)
    const [latest] = await history('github_organization_apps', app.id)
    t.same(latest.changes, { private_key: { hidden: true } })
    t.notMatch(JSON.stringify(await call('GET', '/record_changes?per_page=1000')), /SECRET-KEY-TEXT/)
  })

  await t.test('the special calls that write one record log it as the generic CRUD does', async (t) => {
    now = new Date('2030-02-02T10:00:00.000Z')
    const contact = await call('POST', '/cloud_contacts/by_email', { cloud_contact: { email: 'dana.white@example.com' } })
    t.equal(contact.status, 201)
    t.same(await history('cloud_contacts', contact.body.data.id), [
      {
        changed_at: '2030-02-02T10:00:00.000Z',
        changed_by: ALICE,
        model: 'cloud_contacts',
        record_id: contact.body.data.id,
        action: 'create',
        source: null,
        changes: {
          email: { from: null, to: 'dana.white@example.com' },
          name: { from: null, to: 'Dana White' },
          terminated: { from: null, to: false },
        },
      },
    ])
    const [product] = (await call('GET', '/service_catalog_products?per_page=1')).body.data
    const card = { identifier: product.identifier, name: `${product.name} II`, description: product.description }
    t.equal((await call('POST', `/service_catalog_products/update-product/${product.id}`, card)).status, 200)
    const [latest] = await history('service_catalog_products', product.id)
    t.same(latest, {
      changed_at: '2030-02-02T10:00:00.000Z',
      changed_by: ALICE,
      model: 'service_catalog_products',
      record_id: product.id,
      action: 'update',
      source: null,
      changes: { name: { from: product.name, to: `${product.name} II` } },
    })
  })

  await t.test('a refused write leaves no entry', async (t) => {
    const made = await call('POST', '/departments', { name: 'Refusals', abbreviation: 'REF' })
    const id = made.body.data.id as number
    const size = await logSize()
    t.equal((await call('POST', '/departments', { name: 'Refusals' })).status, 409, 'a duplicate')
    t.equal((await call('PUT', `/departments/${id}`, { name: 'Cloud Engineering' })).status, 409, 'a duplicate by update')
    t.equal((await call('PUT', `/departments/${id}`, { name: 'Later' }, { uid: ALICE, 'if-match': 'W/"stale"' })).status, 409, 'stale')
    t.equal((await call('DELETE', `/departments/${id}`, undefined, { uid: ALICE, 'if-match': 'W/"stale"' })).status, 409, 'stale')
    t.equal((await call('PUT', '/departments/2147483647', { name: 'Nowhere' })).status, 404)
    t.equal((await call('DELETE', '/departments/2147483647')).status, 404)
    t.equal((await call('POST', '/departments', { name: 'x'.repeat(1000) })).status, 400)
    const used = (await call('GET', '/departments?by_name=Cloud%20Engineering')).body.data[0]
    t.equal((await call('DELETE', `/departments/${used.id}`)).status, 409, 'a row still in use')
    t.equal(await logSize(), size, 'no entry for any of them')
    t.same((await call('GET', `/departments/${id}`)).body.data.name, 'Refusals')
  })

  await t.test('the entry is in the write’s transaction: a log that refuses it undoes the write', async (t) => {
    // a rule only this test's database has: the log refuses one author, as a full disk or a lost connection would fail the insert
    await database.db.execute(sql`ALTER TABLE record_changes ADD CONSTRAINT test_refused CHECK (changed_by <> 'refused@ccoe.example')`)
    t.teardown(() => database.db.execute(sql`ALTER TABLE record_changes DROP CONSTRAINT test_refused`))
    const refused = { uid: 'refused@ccoe.example' }
    const before = (await call('GET', '/departments?per_page=1')).body.meta.total
    t.equal((await call('POST', '/departments', { name: 'Never Logged' }, refused)).status, 500)
    t.equal((await call('GET', '/departments?per_page=1')).body.meta.total, before, 'the create was rolled back')
    const [dept] = (await call('GET', '/departments?by_name=Refusals')).body.data
    t.equal((await call('PUT', `/departments/${dept.id}`, { name: 'Never Renamed' }, refused)).status, 500)
    t.equal((await call('DELETE', `/departments/${dept.id}`, undefined, refused)).status, 500)
    t.same((await call('GET', `/departments/${dept.id}`)).body.data.name, 'Refusals', 'neither the update nor the delete happened')
  })

  await t.test('the log is read-only through the API', async (t) => {
    const [entry] = (await call('GET', '/record_changes?per_page=1')).body.data
    t.same((await call('GET', `/record_changes/${entry.id}`)).body, { data: entry })
    t.equal((await call('POST', '/record_changes', { model: 'departments', record_id: 1, action: 'create', changes: {} })).status, 404)
    t.equal((await call('PUT', `/record_changes/${entry.id}`, { changed_by: 'someone else' })).status, 404)
    t.equal((await call('DELETE', `/record_changes/${entry.id}`)).status, 404)
    t.same((await call('GET', `/record_changes/${entry.id}`)).body, { data: entry }, 'unchanged')
  })
})
