import t from 'tap'
import { CALL_LIST } from '../../../../shared/calls/index.js'
import { RESOURCES, getResource } from '../../../../shared/resources/index.js'
import { ALLOWED_ROUTES, buildAllowlist } from '../../../../server/gateway/allowlist.js'
import { apiPathOf, openApiDocument, type OpenApiDocument } from '../../../../server/gateway/openapi.js'
import { UPLOAD_TARGETS } from '../../../../server/gateway/upload-targets.js'
import { startGateway, startPortal } from '../../../helper.js'
import { automationToken, signIn } from '../../../lib/sign-in.js'
import { startRecordingUpstream } from '../../start.js'
import { statusOf } from '../../../lib/status-of.js'

t.test('the OpenAPI description of /api: every forwarded path, and nothing the gateway refuses', async (t) => {
  const portal = await startPortal(t)
  t.equal(await statusOf(fetch(`${portal.baseUrl}/api/docs/openapi.json`)), 401, 'for signed-in people and scripts only')
  const headers = { authorization: `Bearer ${await automationToken(portal.baseUrl)}` }
  const response = await fetch(`${portal.baseUrl}/api/docs/openapi.json`, { headers })
  t.equal(response.status, 200)
  const document = (await response.json()) as OpenApiDocument
  t.equal(document.openapi, '3.1.0')
  t.same(document.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } })

  const described = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
  const forwarded = ALLOWED_ROUTES.map((r) => `${r.method} ${apiPathOf(r.path)}`)
  const own = [
    'GET /api/session',
    // the member self-service's public calls (plugins/self-service.ts)
    ...CALL_LIST.filter(({ call }) => call.public).map(({ call }) => `${call.method} ${apiPathOf(call.path)}`),
    ...RESOURCES.filter((r) => r.csv).map((r) => `GET /api/csv/${r.key}`),
    ...Object.keys(UPLOAD_TARGETS).map((target) => `POST /api/upload/${target}`),
  ]
  t.same(
    forwarded.filter((route) => !described.includes(route)),
    [],
    'every path the proxy forwards is described',
  )
  t.same(
    own.filter((route) => !described.includes(route)),
    [],
    'and so is every route of the gateway’s own',
  )
  // what the proxy forwards is there to answer: each one is a route of the upstream itself
  t.same(
    ALLOWED_ROUTES.filter((route) => !portal.upstream.hasRoute({ method: route.method, url: `/${route.path}` })).map(
      (route) => `${route.method} /${route.path}`,
    ),
    [],
    'every forwarded path is a route of the upstream',
  )
  const routeOf = buildAllowlist()
  t.same(
    described.filter((route) => {
      if (own.includes(route)) return false
      const [method, path] = route.split(' ')
      return !routeOf(method, path.replace(/^\/api\//, '').replace(/\{\w+\}/g, '1'))
    }),
    [],
    'every described path is forwarded (or is one of the gateway’s own)',
  )

  // the list calls described answer for real through the gateway, with the parameters described
  for (const resource of RESOURCES) {
    const list = document.paths[apiPathOf(resource.path)].get as { parameters: { name: string; description: string }[] }
    t.ok(
      list.parameters.some((p) => p.name === 'after'),
      `${resource.key}: the cursor is described`,
    )
    const answer = fetch(`${portal.baseUrl}${apiPathOf(resource.path)}?per_page=1&sort=${resource.defaultSort}`, { headers })
    t.equal(await statusOf(answer), 200, `GET ${apiPathOf(resource.path)}`)
    // sparse fields (issue 41 item 3): described with the names it takes, and answered as described
    const fields = list.parameters.find((p) => p.name === 'fields')
    const readable = resource.fields.filter((f) => !f.writeOnly).map((f) => f.name)
    t.equal(fields?.description.split('Any of: ')[1], [...readable, ...(resource.comparison ? ['mismatches'] : [])].join(', '))
    const field = resource.defaultSort.replace(/^-/, '')
    const sparse = await fetch(`${portal.baseUrl}${apiPathOf(resource.path)}?fields=${field}`, { headers })
    const rows = ((await sparse.json()) as { data: object[] }).data
    t.strictSame(
      [...new Set(rows.flatMap((row) => Object.keys(row)))],
      rows.length ? [...new Set(['id', field])] : [],
      `${resource.key}: fields=${field}`,
    )
  }
  const csvParameters = Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .filter((operation) => String(operation.operationId).startsWith('csv'))
    .flatMap((operation) => (operation.parameters as { name: string }[]).map((p) => p.name))
  t.ok(csvParameters.includes('bom'), 'the CSV operations are read')
  t.notOk(csvParameters.includes('fields'), "a CSV's columns are its own: no fields= on the CSV")

  const html = await fetch(`${portal.baseUrl}/api/docs`, { headers })
  t.equal(html.status, 200)
  t.match(html.headers.get('content-type'), /^text\/html/)
  const text = await html.text()
  t.match(text, '<td><code>POST</code></td><td><code>/api/cost_centers/send_report</code></td>')
  t.notMatch(text, /<script/i, 'no script: the page works under the gateway’s CSP')

  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  t.equal(await statusOf(fetch(`${portal.baseUrl}/api/docs`, { headers: { cookie } })), 200, 'a signed-in person reads it too')
})

t.test('every described call is one the gateway takes: sent as described, none is refused as unknown', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const headers = { authorization: `Bearer ${await automationToken(gw.baseUrl)}` }
  const document = (await (await fetch(`${gw.baseUrl}/api/docs/openapi.json`, { headers })).json()) as OpenApiDocument
  const unknown: string[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item).map(([m, o]) => [m.toUpperCase(), o] as const)) {
      const multipart = path.startsWith('/api/upload/')
      // each required query parameter, as described (the self-service's credential, its field)
      const parameters = (operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[]
      const query = new URLSearchParams(
        parameters.filter((p) => p.in === 'query' && p.required).map((p): [string, string] => [p.name, p.schema.enum?.[0] ?? 'x']),
      )
      const answer = await fetch(`${gw.baseUrl}${path.replace(/\{\w+\}/g, '1')}${query.size ? `?${query}` : ''}`, {
        method,
        headers: { ...headers, ...(method !== 'GET' && !multipart && { 'content-type': 'application/json' }) },
        body: method === 'GET' ? undefined : multipart ? new FormData() : '{}',
      })
      await answer.arrayBuffer()
      if (answer.status === 404) unknown.push(`${method} ${path}`)
    }
  }
  t.same(unknown, [], 'no described call answered 404')
  t.same(
    gw.audit.filter((line) => line.event === 'denied').map((line) => `${String(line.method)} ${String(line.path)}: ${String(line.reason)}`),
    [],
    'and the gateway refused none of them',
  )
})

type Described = {
  route: string
  operationId: string
  tags: string[]
  security?: unknown[]
  responses: Record<string, Record<string, any>>
}

/** Every operation of the document, named `METHOD /path`. */
function operationsOf(document: OpenApiDocument): Described[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      ...(operation as Omit<Described, 'route'>),
    })),
  )
}

t.test('operationIds: from the registry key or the call’s name alone, unique, usable as method names', async (t) => {
  const operations = operationsOf(openApiDocument('1.0.0'))
  const ids = operations.map((o) => o.operationId)
  const idOf = Object.fromEntries(operations.map((o) => [o.route, o.operationId]))
  t.strictSame(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
    'no two alike',
  )
  t.strictSame(
    ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id)),
    [],
    'each an identifier in any language a generator writes',
  )
  const idsOf = (tag: string) => Object.fromEntries(operations.filter((o) => o.tags[0] === tag).map((o) => [o.route, o.operationId]))
  t.strictSame(idsOf('cost_centers'), {
    'GET /api/cost_centers': 'listCostCenters',
    'GET /api/cost_centers/{id}': 'getCostCenter',
    'POST /api/cost_centers': 'createCostCenter',
    'PUT /api/cost_centers/{id}': 'updateCostCenter',
    'DELETE /api/cost_centers/{id}': 'deleteCostCenter',
    'POST /api/cost_centers/bulk_delete': 'bulkDeleteCostCenters',
    'POST /api/cost_centers/bulk_update': 'bulkUpdateCostCenters',
    'GET /api/csv/cost_centers': 'csvCostCenters',
    'POST /api/cost_centers/send_report': 'costCentersSendReport',
    'POST /api/cost_centers/send_expired_cost_centers_report': 'costCentersExpiredReport',
    'POST /api/cost_centers/send_owner_digest': 'costCentersOwnerDigest',
  })
  // the plural endings one record drops
  t.strictSame(
    ['companies', 'glossaries', 'faqs', 'dcoe_members', 'project_ids'].map((key) => idOf[`GET ${apiPathOf(getResource(key)!.path)}/{id}`]),
    ['getCompany', 'getGlossary', 'getFaq', 'getDcoeMember', 'getProjectId'],
  )
  t.strictSame(idOf['POST /api/upload/sap_cost_centers'], 'uploadSapCostCenters')
  t.strictSame(idsOf('session'), { 'GET /api/session': 'getSession' })
  t.strictSame(
    CALL_LIST.filter(({ domain }) => domain === 'selfService').map(({ call }) => idOf[`${call.method} ${apiPathOf(call.path)}`]),
    ['selfServiceCredential', 'selfServiceUpdateRestricted', 'selfServiceSelectOptions'],
  )
})

t.test('each operation names the refusals it can answer, all in the one error shape', async (t) => {
  const document = openApiDocument('1.0.0')
  const operations = operationsOf(document)
  const codes = Object.fromEntries(operations.map((o) => [o.route, Object.keys(o.responses)]))
  const body = ['413', '415', '422']
  t.strictSame(
    Object.fromEntries(
      [
        'GET /api/cost_centers',
        'GET /api/cost_centers/{id}',
        'POST /api/cost_centers',
        'PUT /api/cost_centers/{id}',
        'DELETE /api/cost_centers/{id}',
        'GET /api/csv/cost_centers',
        'POST /api/cost_centers/send_report',
        'POST /api/cost_centers/send_expired_cost_centers_report',
        'POST /api/upload/sap_cost_centers',
        'POST /api/members/update-restricted/{member_id}',
        'POST /api/cloud_bills/process_azure_invoice',
        'POST /api/cloud_contacts/by_email',
        'GET /api/session',
      ].map((route) => [route, codes[route]]),
    ),
    {
      'GET /api/cost_centers': ['200', '400', '401', '403'],
      'GET /api/cost_centers/{id}': ['200', '400', '401', '403', '404'],
      'POST /api/cost_centers': ['201', '400', '401', '403', '409', ...body],
      'PUT /api/cost_centers/{id}': ['200', '400', '401', '403', '404', '409', ...body],
      'DELETE /api/cost_centers/{id}': ['200', '400', '401', '403', '404', '409'],
      'GET /api/csv/cost_centers': ['200', '400', '401', '403'],
      'POST /api/cost_centers/send_report': ['200', '400', '401', '403', ...body],
      // no payload, no parameter: only who calls can be refused
      'POST /api/cost_centers/send_expired_cost_centers_report': ['200', '401', '403'],
      'POST /api/upload/sap_cost_centers': ['200', '400', '401', '403', ...body],
      // public: the link's credential, never a session, so never a 401
      'POST /api/members/update-restricted/{member_id}': ['200', '400', '403', '404', ...body, '429'],
      // a call's own refusals, as it declares them
      'POST /api/cloud_bills/process_azure_invoice': ['200', '400', '401', '403', '404', '409', ...body],
      'POST /api/cloud_contacts/by_email': ['201', '400', '401', '403', '409', ...body],
      'GET /api/session': ['200', '401', '403'],
    },
  )
  t.strictSame(
    operations.filter((o) => !o.responses['403'] || (!o.responses['401'] && o.security === undefined)).map((o) => o.route),
    [],
    'a 403 on every operation (roles and scopes), a 401 on every one that needs a caller',
  )
  const ERROR = { $ref: '#/components/schemas/Error' }
  const shared = document.components.responses as Record<string, { content: unknown }>
  t.strictSame(
    operations.flatMap((o) =>
      Object.entries(o.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([status, answer]) => {
          const content = answer.$ref ? shared[String(answer.$ref).split('/').pop()!]?.content : answer.content
          return JSON.stringify(content) === JSON.stringify({ 'application/json': { schema: ERROR } }) ? [] : [`${o.route} ${status}`]
        }),
    ),
    [],
    'every refusal is the Error schema',
  )
  t.strictSame(document.components.schemas.Error.required, ['error', 'statusCode'])
})
