import t from 'tap'
import { startPortal } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

/**
 * Issue 29 item 1 through the gateway and the real upstream: a person's columns and saved views of a
 * list are kept per the identity the gateway passes on, so the same person finds them again from
 * any browser, and nobody else reads or changes them, whatever header they send.
 */
t.test('saved views and columns: one person’s own, through /api', async (t) => {
  const portal = await startPortal(t)
  const as = async (email: string, password: string) => {
    const cookie = await signIn(portal.baseUrl, email, password)
    return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${portal.baseUrl}/api/${path}`, {
        method,
        headers: { cookie, ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as any }
    }
  }
  const alice = await as('alice@ccoe.example', 'alice')
  const vera = await as('vera@ccoe.example', 'vera')

  t.same(await alice('GET', 'list_views?model=cost_centers'), {
    status: 200,
    body: { data: { model: 'cost_centers', layout: null, views: [] } },
  })

  await t.test('the layout: saved in parts, read back, forgotten by reset', async (t) => {
    const columns = ['company_code', 'identifier', 'cloud_contact_email']
    t.same(await alice('PUT', 'list_layouts', { model: 'cost_centers', columns }), { status: 200, body: { data: { columns } } })
    t.same(await alice('PUT', 'list_layouts', { model: 'cost_centers', widths: { identifier: 180 }, layout: 'grid' }), {
      status: 200,
      body: { data: { columns, widths: { identifier: 180 }, layout: 'grid' } },
    })
    t.same((await alice('GET', 'list_views?model=cost_centers')).body.data.layout, { columns, widths: { identifier: 180 }, layout: 'grid' })
    t.same((await vera('GET', 'list_views?model=cost_centers')).body.data.layout, null, 'another person has their own')
    t.same(await alice('DELETE', 'list_layouts?model=cost_centers'), { status: 200, body: { data: { model: 'cost_centers' } } })
    t.same((await alice('GET', 'list_views?model=cost_centers')).body.data.layout, null)
  })

  const mine = { model: 'cost_centers', name: 'Expired in 1000', query: { by_identifier: '1000', sort: '-expired_at' } }
  let first = 0
  await t.test('save, list, make default, delete', async (t) => {
    const made = await alice('POST', 'list_views', { ...mine, columns: ['identifier', 'expired_at'], is_default: false })
    t.equal(made.status, 201)
    first = made.body.data.id
    t.same(made.body.data, { id: first, ...mine, columns: ['identifier', 'expired_at'], is_default: false })
    const second = await alice('POST', 'list_views', {
      model: 'cost_centers',
      name: 'all, by owner',
      query: { sort: 'cloud_contact_email', per_page: '50' },
      columns: ['cloud_contact_email', 'identifier'],
      is_default: true,
    })
    t.equal(second.status, 201)
    const clash = await alice('POST', 'list_views', { ...mine, name: 'expired IN 1000', columns: ['identifier'], is_default: false })
    t.same(clash, {
      status: 409,
      body: {
        error: 'A view named "expired IN 1000" already exists for this list',
        statusCode: 409,
        fields: { name: 'A view named "expired IN 1000" already exists for this list' },
      },
    })
    // one default per list: making the first the default unmakes the second
    const made1 = await alice('PUT', `list_views/${first}`, { is_default: true })
    t.same(made1, { status: 200, body: { data: { id: first, ...mine, columns: ['identifier', 'expired_at'], is_default: true } } })
    const listed = (await alice('GET', 'list_views?model=cost_centers')).body.data.views as {
      id: number
      name: string
      is_default: boolean
    }[]
    t.same(
      listed.map((v) => [v.name, v.is_default]),
      [
        ['all, by owner', false],
        ['Expired in 1000', true],
      ],
    )
    t.same((await alice('GET', 'list_views?model=companies')).body.data.views, [], 'views belong to their list')
    t.same(await alice('DELETE', `list_views/${second.body.data.id}`), { status: 200, body: { data: { id: second.body.data.id } } })
    t.same(await alice('DELETE', `list_views/${second.body.data.id}`), { status: 404, body: { error: 'View not found', statusCode: 404 } })
  })

  await t.test('another person neither sees nor changes them, whatever they claim to be', async (t) => {
    const claim = { uid: 'alice@ccoe.example' }
    t.same((await vera('GET', 'list_views?model=cost_centers', undefined, claim)).body.data.views, [])
    const notFound = { status: 404, body: { error: 'View not found', statusCode: 404 } }
    t.same(await vera('PUT', `list_views/${first}`, { name: 'mine now' }, claim), notFound)
    t.same(await vera('PUT', `list_views/${first}`, { is_default: false }), notFound)
    t.same(await vera('DELETE', `list_views/${first}`, undefined, claim), notFound)
    // vera's view of the same name is hers: names are unique per person only
    const hers = await vera('POST', 'list_views', { ...mine, columns: ['identifier'], is_default: true })
    t.equal(hers.status, 201)
    const alices = (await alice('GET', 'list_views?model=cost_centers')).body.data.views
    t.same(alices, [{ id: first, ...mine, columns: ['identifier', 'expired_at'], is_default: true }], 'alice’s view is unchanged')
  })

  await t.test('bad input: 400 naming the field, and nothing saved', async (t) => {
    const refusal = async (method: string, path: string, body: unknown) => {
      const answer = await alice(method, path, body)
      return [answer.status, Object.keys(answer.body.fields ?? {})]
    }
    const view = { ...mine, name: 'Another', columns: ['identifier'], is_default: false }
    t.same(await refusal('POST', 'list_views', { ...view, columns: ['identifier', 'password'] }), [400, ['columns']])
    t.same(await alice('POST', 'list_views', { ...view, columns: ['nope'] }), {
      status: 400,
      body: {
        error: 'Columns: "nope" is not a column of this list',
        statusCode: 400,
        fields: { columns: 'Columns: "nope" is not a column of this list' },
      },
    })
    t.same(await refusal('POST', 'list_views', { ...view, columns: [] }), [400, ['columns']])
    t.same(await refusal('POST', 'list_views', { ...view, query: { by_nothing: 'x' } }), [400, ['query']])
    t.same(await refusal('POST', 'list_views', { ...view, query: { sort: 'password' } }), [400, ['query']])
    t.same(await refusal('POST', 'list_views', { ...view, query: { page: '2' } }), [400, ['query']])
    t.same(await refusal('POST', 'list_views', { ...view, name: '   ' }), [400, ['name']])
    t.same(await refusal('POST', 'list_views', { ...view, name: undefined }), [400, ['name']])
    t.same(await refusal('POST', 'list_views', { ...view, model: 'users' }), [400, ['model']])
    t.same(await refusal('POST', 'list_views', { ...view, owner: 'vera@ccoe.example' }), [400, ['owner']])
    t.same(await refusal('PUT', `list_views/${first}`, { columns: ['nope'] }), [400, ['columns']])
    t.same(await refusal('PUT', `list_views/${first}`, {}), [400, []])
    t.same(await refusal('PUT', 'list_layouts', { model: 'cost_centers', widths: { identifier: 5 } }), [400, ['widths']])
    t.same(await refusal('PUT', 'list_layouts', { model: 'cost_centers', widths: { nope: 100 } }), [400, ['widths']])
    t.same(await refusal('PUT', 'list_layouts', { model: 'cost_centers', layout: 'cards' }), [400, ['layout']])
    const bad = await alice('GET', 'list_views?model=nope')
    t.same([bad.status, Object.keys(bad.body.fields)], [400, ['model']])
    t.same((await alice('GET', 'list_views?model=cost_centers')).body.data.views.length, 1, 'nothing saved')
  })
})
