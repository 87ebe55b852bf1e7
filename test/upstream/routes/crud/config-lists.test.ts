/**
 * Issue 9 item 6 over HTTP, through the gateway against the real upstream: the missing-tags report
 * configs and the customers (spec 000 §3, §5, §7). Their lists travel as JSON text; a bad list, a
 * missing value or a duplicate name is refused with the status and the field, and changes nothing.
 */
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { startPortal } from '../../../helper.js'
import { signedInApi } from '../../../lib/sign-in.js'

const MODELS = [
  {
    path: 'missing_report_tags',
    bodyKey: 'missing_report_tag',
    name: 'print_debug_message',
    label: 'Print Message',
    list: 'terms_to_ignore',
    listLabel: 'Terms to Ignore',
    // spec 000 §5, the forms' texts (issue 39 item 9)
    nameRequired: 'print message is required',
    listRequired: 'At least a term of ignore is required',
    valueRequired: 'Value of the terms of ignore is required',
    duplicate: (v: string) => `print message: "${v}" exists`,
    seeded: { print_debug_message: 'AWS accounts missing a cost center tag', terms_to_ignore: '["sandbox","playground"]' },
  },
  {
    path: 'customers',
    bodyKey: 'customer',
    name: 'name',
    label: 'Customer Name',
    list: 'sfdc_ids',
    listLabel: 'SFDC IDs',
    nameRequired: 'Customer name is required',
    listRequired: 'At least a sfdc id is required',
    valueRequired: 'Value of the sfdc id is required',
    duplicate: (v: string) => `Customer name: "${v}" exists`,
    seeded: { name: 'Digital Betting Co', sfdc_ids: '["0015000000PqRsT","0015000000UvWxY","0015000000ZaBcD"]' },
  },
] as const

t.test('missing-tags report configs and customers', async (t) => {
  const portal = await startPortal(t, { seed: true })
  const api = await signedInApi(portal.baseUrl)
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await api(method, path, body)
    return { status: answer.status, body: answer.text ? answer.json() : undefined }
  }

  t.equal(MESSAGES.printMessageExists.replace('{value}', 'x'), MODELS[0].duplicate('x'), 'the spec text is the catalogue’s')
  t.equal(MESSAGES.customerNameExists.replace('{value}', 'x'), MODELS[1].duplicate('x'))
  t.same(
    MODELS.map((m) => [m.nameRequired, m.listRequired, m.valueRequired]),
    [
      [MESSAGES.printMessageRequired, MESSAGES.termRequired, MESSAGES.termValueRequired],
      [MESSAGES.customerNameRequired, MESSAGES.sfdcIdRequired, MESSAGES.sfdcIdValueRequired],
    ],
    "the API's texts are the catalogue's, which the forms show",
  )

  for (const m of MODELS) {
    t.test(m.path, async (t) => {
      const list = await call('GET', `${m.path}?per_page=100`)
      t.equal(list.status, 200)
      t.ok(
        list.body.data.some((r: Record<string, unknown>) => r[m.name] === m.seeded[m.name as keyof typeof m.seeded]),
        'demo data',
      )
      const seeded = list.body.data.find((r: Record<string, unknown>) => r[m.name] === m.seeded[m.name as keyof typeof m.seeded])
      t.same({ [m.name]: seeded[m.name], [m.list]: seeded[m.list] }, m.seeded, 'the list comes back as the JSON text stored')

      // the wrapped body (the gateway's allowlist takes the path without spec 000 §7's trailing slash)
      const values = { [m.name]: `New ${m.path}`, [m.list]: JSON.stringify(['alpha', 'beta gamma']) }
      const created = await call('POST', m.path, { [m.bodyKey]: values })
      t.equal(created.status, 201)
      const id = created.body.data.id
      t.same({ [m.name]: created.body.data[m.name], [m.list]: created.body.data[m.list] }, values, 'created')
      t.same((await call('GET', `${m.path}/${id}`)).body.data, created.body.data, 'read back')

      const changed = { [m.name]: `Changed ${m.path}`, [m.list]: '["one"]' }
      const updated = await call('PUT', `${m.path}/${id}`, { [m.bodyKey]: changed })
      t.equal(updated.status, 200)
      t.same({ [m.name]: updated.body.data[m.name], [m.list]: updated.body.data[m.list] }, changed, 'updated')

      const refusals: [string, Record<string, unknown>, number, string, string][] = [
        ['an empty list', { [m.name]: 'x1', [m.list]: '[]' }, 400, m.list, m.listRequired],
        ['a blank value', { [m.name]: 'x2', [m.list]: '["a", "  "]' }, 400, m.list, m.valueRequired],
        [
          'not JSON',
          { [m.name]: 'x3', [m.list]: 'alpha, beta' },
          400,
          m.list,
          `${m.listLabel} must be a JSON list of texts, none of them empty`,
        ],
        ['numbers', { [m.name]: 'x4', [m.list]: '[1, 2]' }, 400, m.list, `${m.listLabel} must be a JSON list of texts, none of them empty`],
        ['an array, not JSON text', { [m.name]: 'x5', [m.list]: ['a'] }, 400, m.list, `${m.listLabel} must be text`],
        ['no list', { [m.name]: 'x6' }, 400, m.list, m.listRequired],
        ['a blank name', { [m.name]: '   ', [m.list]: '["a"]' }, 400, m.name, m.nameRequired],
        ['no name', { [m.list]: '["a"]' }, 400, m.name, m.nameRequired],
        ['a null name', { [m.name]: null, [m.list]: '["a"]' }, 400, m.name, m.nameRequired],
        ['a duplicate name', { [m.name]: `Changed ${m.path}`, [m.list]: '["a"]' }, 409, m.name, m.duplicate(`Changed ${m.path}`)],
        [
          'a duplicate name in another case (issue 26)',
          { [m.name]: `CHANGED ${m.path.toUpperCase()}`, [m.list]: '["a"]' },
          409,
          m.name,
          m.duplicate(`CHANGED ${m.path.toUpperCase()}`),
        ],
      ]
      for (const [what, body, status, field, message] of refusals) {
        const refused = await call('POST', m.path, { [m.bodyKey]: body })
        t.same(refused, { status, body: { error: message, statusCode: status, fields: { [field]: message } } }, `refused: ${what}`)
      }
      const other = await call('POST', m.path, { [m.bodyKey]: { [m.name]: `Other ${m.path}`, [m.list]: '["z"]' } })
      const renamed = await call('PUT', `${m.path}/${other.body.data.id}`, { [m.bodyKey]: { [m.name]: `Changed ${m.path}` } })
      const duplicate = m.duplicate(`Changed ${m.path}`)
      t.same(
        renamed,
        { status: 409, body: { error: duplicate, statusCode: 409, fields: { [m.name]: duplicate } } },
        'an edit to a taken name',
      )
      t.same((await call('GET', `${m.path}/${other.body.data.id}`)).body.data, other.body.data, 'the refused edit changed nothing')
      const count = (await call('GET', `${m.path}?per_page=100`)).body.data.length
      t.equal(count, list.body.data.length + 2, 'the refused creates stored nothing')

      t.same(await call('DELETE', `${m.path}/${id}`), { status: 200, body: { data: { id } } }, 'deleted')
      t.equal((await call('GET', `${m.path}/${id}`)).status, 404)
      t.equal((await call('DELETE', `${m.path}/${id}`)).status, 404, 'a second delete finds nothing')
    })
  }
})
