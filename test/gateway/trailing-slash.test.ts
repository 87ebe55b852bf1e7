/** Spec 000 §7 names collections with a trailing slash (GET, POST /customers/): scripts may call them so. */
import t from 'tap'
import { buildAllowlist } from '../../server/gateway/allowlist.js'
import { startPortal } from '../helper.js'
import { signedInApi } from '../lib/sign-in.js'

t.test('a collection path with one trailing slash is the same route; records and tricks are not', async (t) => {
  const portal = await startPortal(t)
  const api = await signedInApi(portal.baseUrl)
  const created = await api('POST', 'customers/', { customer: { name: 'Slash Co', sfdc_ids: '["0015"]' } })
  t.equal(created.status, 201, created.text)
  const listed = await api('GET', 'customers/?per_page=100')
  t.equal(listed.status, 200)
  t.same(
    listed.json().data.filter((c: { id: number }) => c.id === created.json().data.id),
    [created.json().data],
    'the record created through the slashed path is listed through it',
  )

  const routeOf = buildAllowlist()
  t.same(
    ['customers', 'customers/', 'customers//', 'customers/1', 'customers/1/', '/customers/'].map((path) => Boolean(routeOf('GET', path))),
    [true, true, false, true, false, false],
  )
})
