/**
 * Issue 39 item 15: a department's or business unit's name is one name whatever its case, as a
 * customer's is (migration 045, then 054): a second one differing only in case is a 409 naming the
 * field, on create and on update, and nothing is stored.
 */
import t from 'tap'
import { serveUpstream } from '../../fixtures/serve.js'

const MODELS = [
  { path: 'departments', bodyKey: 'department', seeded: 'Application Development' },
  { path: 'business_units', bodyKey: 'business_unit', seeded: 'Corporate' },
] as const

t.test('department and business unit names are unique in any case', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  for (const m of MODELS) {
    await t.test(m.path, async (t) => {
      const names = async () => (await api('GET', `/${m.path}?per_page=1000`)).body.data.map((r: { name: string }) => r.name)
      const before = await names()
      t.ok(before.includes(m.seeded), `the demo data has ${m.seeded}`)
      const refusal = (name: string) => {
        const error = `Name "${name}" already exists`
        return { error, statusCode: 409, fields: { name: error } }
      }

      const lower = m.seeded.toLowerCase()
      const created = await api('POST', `/${m.path}`, { [m.bodyKey]: { name: lower } })
      t.strictSame(created, { status: 409, body: refusal(lower) }, 'a create in lower case')
      t.strictSame(await names(), before, 'nothing stored')

      const other = await api('POST', `/${m.path}`, { [m.bodyKey]: { name: `Another ${m.path}` } })
      t.equal(other.status, 201)
      const upper = m.seeded.toUpperCase()
      const renamed = await api('PUT', `/${m.path}/${other.body.data.id}`, { [m.bodyKey]: { name: upper } })
      t.strictSame(renamed, { status: 409, body: refusal(upper) }, 'an update in upper case')
      t.equal((await api('GET', `/${m.path}/${other.body.data.id}`)).body.data.name, `Another ${m.path}`, 'its name unchanged')
    })
  }
})
