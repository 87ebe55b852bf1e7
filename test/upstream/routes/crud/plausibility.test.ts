/**
 * Issue 26 over HTTP against the real upstream: a certification expiring before it was issued, a
 * cost center, network or project ID expiring before it is active, and a network or project that
 * replaces itself are refused with a 400 naming the field, on create and on update, an update judged
 * against the stored record; migration 045's CHECKs refuse the same in SQL. Nothing is stored.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { serveUpstream } from '../../fixtures/serve.js'

/** The SQLSTATE and constraint a refused statement names (drizzle wraps the driver's error in `cause`). */
async function refusedBy(statement: Promise<unknown>): Promise<[string?, string?]> {
  try {
    await statement
  } catch (err) {
    for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (e.constraint) return [e.code, e.constraint]
    }
  }
  return []
}

const refusal = (field: string, message: string) => ({
  status: 400,
  body: { error: message, statusCode: 400, fields: { [field]: message } },
})

t.test('implausible records', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: true })
  const first = async (path: string) => (await api('GET', `/${path}?per_page=2&sort=id`)).body.data as Record<string, any>[]

  t.test('a certification does not expire before it was issued', async (t) => {
    const [cert] = await first('cloud_certifications')
    const message = 'Expiration Date must not be before Issue Date'
    const body = {
      member_id: cert.member_id,
      name: 'Implausible',
      provider: 'aws',
      issue_date: '2025-03-14',
      expiration_date: '2025-03-13',
    }
    t.same(await api('POST', '/cloud_certifications', { cloud_certification: body }), refusal('expiration_date', message))
    const before = new Date(Date.parse(cert.issue_date) - 86_400_000).toISOString().slice(0, 10)
    t.same(
      await api('PUT', `/cloud_certifications/${cert.id}`, { expiration_date: before }),
      refusal('expiration_date', message),
      'the expiry alone',
    )
    t.same((await api('GET', `/cloud_certifications/${cert.id}`)).body.data, cert, 'unchanged')
    const fine = await api('POST', '/cloud_certifications', { ...body, expiration_date: '2025-03-14' })
    t.equal(fine.status, 201, 'the same day is fine')
  })

  t.test('a cost center does not expire before it is active', async (t) => {
    const [center] = await first('cost_centers')
    const refused = await api('PUT', `/cost_centers/${center.id}`, {
      active_at: '2026-05-01T00:00:00.000Z',
      expired_at: '2026-04-30T23:59:59.000Z',
    })
    t.same(refused, refusal('expired_at', 'Expired must not be before Active'))
    const early = new Date(Date.parse(center.active_at) - 1000).toISOString()
    t.same(
      await api('PUT', `/cost_centers/${center.id}`, { expired_at: early }),
      refusal('expired_at', 'Expired must not be before Active'),
      'the expiry alone',
    )
    t.equal((await api('PUT', `/cost_centers/${center.id}`, { approved: !center.approved })).status, 200, 'other edits are not judged')
  })

  for (const [path, replacement, noun, activeLabel] of [
    ['cost_center_networks', 'new_network_id', 'network', 'Active'],
    ['project_ids', 'new_project_id', 'project', 'Active From'],
  ] as const) {
    t.test(`a ${noun} neither expires before it is active nor replaces itself`, async (t) => {
      const [one, other] = await first(path)
      const window = { active_at: '2026-05-01T00:00:00.000Z', expired_at: '2026-04-30T00:00:00.000Z' }
      t.same(await api('PUT', `/${path}/${one.id}`, window), refusal('expired_at', `Expired must not be before ${activeLabel}`))
      t.same(await api('PUT', `/${path}/${one.id}`, { [replacement]: one.id }), refusal(replacement, `A ${noun} cannot replace itself`))
      t.same((await api('GET', `/${path}/${one.id}`)).body.data, one, 'unchanged')
      const replaced = await api('PUT', `/${path}/${one.id}`, { [replacement]: other.id })
      t.equal(replaced.status, 200, 'another one may replace it')
      // the database's own referee (migration 045), for whatever writes around the API
      t.strictSame(
        await refusedBy(
          database.db.execute(sql`UPDATE ${sql.identifier(path)} SET ${sql.identifier(replacement)} = id WHERE id = ${one.id}`),
        ),
        ['23514', `${path}_${replacement}_check`],
      )
      const reversed = sql`UPDATE ${sql.identifier(path)} SET active_at = now(), expired_at = now() - interval '1 day' WHERE id = ${one.id}`
      t.strictSame(await refusedBy(database.db.execute(reversed)), ['23514', `${path}_expired_at_check`])
    })
  }
})
