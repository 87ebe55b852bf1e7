/**
 * Spec 001 §3, issue 26: a Microsoft approval's assigned_to is a list. A write sends it as a JSON
 * array of texts (or as the one text the answers give); it is kept and answered as that text, the
 * addresses joined by ', ', as the table and the CSV show it.
 */
import t from 'tap'
import { serveUpstream } from '../../fixtures/serve.js'

t.test('Microsoft approvals: assigned_to as a list', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const approval = { status: 'Pending', approval_id: 'APR-LIST-1', title: 'A list of assignees' }

  const created = await api('POST', '/microsoft_approvals', { microsoft_approval: { ...approval, assigned_to: ['a@example.com'] } })
  t.equal(created.status, 201)
  t.equal(created.body.data.assigned_to, 'a@example.com')
  const { id } = created.body.data

  const updated = await api('PUT', `/microsoft_approvals/${id}`, { assigned_to: [' a@example.com ', 'b@example.com'] })
  t.equal(updated.status, 200)
  t.equal(updated.body.data.assigned_to, 'a@example.com, b@example.com')
  t.equal((await api('GET', `/microsoft_approvals/${id}`)).body.data.assigned_to, 'a@example.com, b@example.com', 'stored')

  const asText = await api('PUT', `/microsoft_approvals/${id}`, { assigned_to: 'c@example.com, d@example.com' })
  t.equal(asText.body.data.assigned_to, 'c@example.com, d@example.com', 'the text form as before')
  t.equal((await api('PUT', `/microsoft_approvals/${id}`, { assigned_to: [] })).body.data.assigned_to, '', 'an empty list')

  const numbers = await api('PUT', `/microsoft_approvals/${id}`, { assigned_to: [1, 2] })
  t.same(numbers, {
    status: 400,
    body: { error: 'Assigned To must be text', statusCode: 400, fields: { assigned_to: 'Assigned To must be text' } },
  })
  const long = await api('PUT', `/microsoft_approvals/${id}`, {
    assigned_to: Array.from({ length: 100 }, (_, i) => `person.${i}@example.com`),
  })
  t.equal(long.status, 400, 'joined, the list is held to the text limit')
  t.same(Object.keys(long.body.fields), ['assigned_to'])
})
