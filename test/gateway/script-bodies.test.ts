/**
 * Issue 39 items 7 and 13: the spec's bodies work as a script writes them, through the gateway with a
 * script's bearer token. A network's and a project's dates may be days (spec 001 §3: "active_at and
 * expired_at dates"), each the start of that day, UTC; a Copilot user's `cost_center` may name the
 * cost center by its identifier (spec 001 §7), as well as by its id; and a report addressed to
 * something that is no email address is told so, not the allowed-domain message.
 */
import t from 'tap'
import { startPortal } from '../helper.js'
import { automationToken, signIn } from '../lib/sign-in.js'

t.test('scripts: the bodies of the spec as written', async (t) => {
  const portal = await startPortal(t, { seed: true })
  const bearer = { authorization: `Bearer ${await automationToken(portal.baseUrl)}` }
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = bearer) => {
    const response = await fetch(`${portal.baseUrl}/api/${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as any }
  }
  const idOf = async (path: string, identifier: string) =>
    ((await call('GET', `${path}?per_page=100`)).body.data as { id: number; identifier: string }[]).find(
      (row) => row.identifier === identifier,
    )!.id

  t.test('active_at and expired_at as days: the start of each day, UTC', async (t) => {
    const costCenter = await idOf('cost_centers', '1000-CCOE-01')
    const network = await call('POST', 'cost_center_networks', {
      cost_center_network: { identifier: 'NET-DAYS-01', cost_center_id: costCenter, active_at: '2026-01-01', expired_at: '2026-12-31' },
    })
    t.equal(network.status, 201)
    t.strictSame(
      [network.body.data.active_at, network.body.data.expired_at],
      ['2026-01-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'],
      'a network',
    )
    const project = await call('POST', 'project_ids', {
      project_id: { identifier: 'P-DAYS-01', cost_center_network_id: network.body.data.id, active_at: '2026-01-01' },
    })
    t.equal(project.status, 201)
    t.equal(project.body.data.active_at, '2026-01-01T00:00:00.000Z', 'a project')
    const edited = await call('PUT', `project_ids/${project.body.data.id}`, { project_id: { expired_at: ' 2026-06-30 ' } })
    t.strictSame([edited.status, edited.body.data.expired_at], [200, '2026-06-30T00:00:00.000Z'], 'an edit')
    const instant = await call('PUT', `project_ids/${project.body.data.id}`, { project_id: { active_at: '2026-01-02T09:30:00.000Z' } })
    t.strictSame([instant.status, instant.body.data.active_at], [200, '2026-01-02T09:30:00.000Z'], 'an instant as before')
    const bad = await call('PUT', `project_ids/${project.body.data.id}`, { project_id: { active_at: '2026-02-30' } })
    t.strictSame(
      [bad.status, bad.body.fields],
      [400, { active_at: 'Active From must be a date and time (ISO 8601)' }],
      'no such day: refused as before',
    )
  })

  t.test("a Copilot user's cost_center: the cost center's identifier, or its id", async (t) => {
    const costCenter = await idOf('cost_centers', '1000-CCOE-01')
    const app = (await call('GET', 'github_organization_apps?per_page=1')).body.data[0].id as number
    const byIdentifier = await call('POST', 'github_copilot_users', {
      github_copilot_user: { github_username: 'octo-days', cost_center: '1000-CCOE-01', github_organization_app_id: app },
    })
    t.equal(byIdentifier.status, 201)
    t.strictSame(
      [byIdentifier.body.data.cost_center, byIdentifier.body.data.cost_center_identifier],
      [costCenter, '1000-CCOE-01'],
      'the identifier names the cost center',
    )
    const byId = await call('POST', 'github_copilot_users', {
      github_copilot_user: { github_username: 'octo-id', cost_center: costCenter, github_organization_app_id: app },
    })
    t.strictSame([byId.status, byId.body.data.cost_center], [201, costCenter], 'the id as before')
    const unknown = await call('PUT', `github_copilot_users/${byId.body.data.id}`, { github_copilot_user: { cost_center: '9999-NONE-01' } })
    t.strictSame(
      [unknown.status, unknown.body],
      [
        422,
        {
          error: 'Cost Center "9999-NONE-01" does not exist',
          statusCode: 422,
          fields: { cost_center: 'Cost Center "9999-NONE-01" does not exist' },
        },
      ],
      'an identifier of no cost center',
    )
    t.equal((await call('GET', `github_copilot_users/${byId.body.data.id}`)).body.data.cost_center, costCenter, 'unchanged')
  })

  t.test('a report to something that is no email address is told so', async (t) => {
    const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
    const refusal = (field: string) => ({
      error: `${field} is not an email address`,
      statusCode: 422,
      fields: { [field]: `${field} is not an email address` },
    })
    for (const [caller, headers] of [
      ['a script', bearer],
      ['a person', { cookie }],
    ] as const) {
      const report = await call('POST', 'cost_centers/send_report', { cost_center: { send_to: 'not an email' } }, headers)
      t.strictSame([report.status, report.body], [422, refusal('send_to')], `${caller}: the inventory`)
      const list = await call('POST', 'github/send_copilot_xlsx_email', { github: { to_email: 'a@ccoe.example, b@ccoe.example' } }, headers)
      t.strictSame([list.status, list.body], [422, refusal('to_email')], `${caller}: a list is no one address`)
    }
  })
})
