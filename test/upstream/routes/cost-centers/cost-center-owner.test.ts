/**
 * A cost center's owner named by email (spec 001 §5): the write sends cloud_contact_email and the
 * upstream finds the contact itself, in any case; an email that names no contact is a 422 naming
 * cloud_contact_email, and nothing is stored. An id sent beside it wins (a record read and sent back).
 */
import t from 'tap'
import { serveUpstream } from '../../fixtures/serve.js'

type Row = Record<string, unknown>

t.test('the owner of a cost center, by email', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const first = async (path: string) => ((await api('GET', path)).body as { data: Row[] }).data[0]!
  const alice = await first('/cloud_contacts?by_email=alice.martin@example.com')
  const bruno = await first('/cloud_contacts?by_email=bruno.rossi@example.com')
  const company = await first('/companies?by_code=3100')
  const unit = await first('/business_units?per_page=1')
  const department = await first('/departments?per_page=1')
  const body = {
    identifier: 'CC-OWNER-1',
    cloud_contact_email: 'Alice.Martin@Example.com',
    companies_id: company.id,
    business_units_id: unit.id,
    departments_id: department.id,
  }

  const created = await api('POST', '/cost_centers', { cost_center: body })
  t.equal(created.status, 201)
  const record = created.body.data as Row
  t.strictSame(
    [record.cloud_contact_id, record.cloud_contact_email, record.company_code],
    [alice.id, 'alice.martin@example.com', '3100'],
    'the contact with that email, in any case, is the owner',
  )

  const moved = await api('PUT', `/cost_centers/${String(record.id)}`, {
    cost_center: { cloud_contact_email: ' bruno.rossi@example.com ' },
  })
  t.equal(moved.status, 200)
  t.equal(moved.body.data.cloud_contact_id, bruno.id, 'an edit names the new owner by email too')

  const unknown = await api('PUT', `/cost_centers/${String(record.id)}`, { cost_center: { cloud_contact_email: 'nobody@example.com' } })
  t.strictSame(
    [unknown.status, unknown.body.error, unknown.body.fields],
    [422, 'Owner "nobody@example.com" does not exist', { cloud_contact_email: 'Owner "nobody@example.com" does not exist' }],
    'an email of no contact: a 422 naming the field it was sent in',
  )
  const refused = await api('POST', '/cost_centers', {
    cost_center: { ...body, identifier: 'CC-OWNER-2', cloud_contact_email: 'nobody@example.com' },
  })
  t.strictSame([refused.status, refused.body.fields], [422, { cloud_contact_email: 'Owner "nobody@example.com" does not exist' }])
  t.same((await api('GET', '/cost_centers?by_identifier=CC-OWNER-2')).body.data, [], 'nothing stored')
  t.equal((await first(`/cost_centers?by_identifier=CC-OWNER-1`)).cloud_contact_id, bruno.id, 'the refused edit changed nothing')

  // a record read and sent back carries both: its id is the owner, the email beside it only shows it
  const readBack = { ...(moved.body.data as Row), cloud_contact_id: alice.id }
  const sentBack = await api('PUT', `/cost_centers/${String(record.id)}`, { cost_center: readBack })
  t.equal(sentBack.status, 200)
  t.equal(sentBack.body.data.cloud_contact_id, alice.id, 'the id sent wins over the email read with the record')

  const none = await api('POST', '/cost_centers', { cost_center: { ...body, identifier: 'CC-OWNER-3', cloud_contact_email: '' } })
  t.strictSame([none.status, Object.keys(none.body.fields ?? {})], [400, ['cloud_contact_id']], 'no owner at all: the required owner')
})
