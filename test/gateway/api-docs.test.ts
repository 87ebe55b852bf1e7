import t from 'tap'
import { CALL_LIST } from '../../shared/calls/index.js'
import { RESOURCES } from '../../shared/resources/index.js'
import { ALLOWED_ROUTES, buildAllowlist } from '../../server/gateway/allowlist.js'
import { apiPathOf, type OpenApiDocument } from '../../server/gateway/openapi.js'
import { UPLOAD_TARGETS } from '../../server/gateway/upload-targets.js'
import { startGateway, startPortal } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startRecordingUpstream } from './start.js'

t.test('the OpenAPI description of /api: every forwarded path, and nothing the gateway refuses', async (t) => {
  const portal = await startPortal(t)
  t.equal((await fetch(`${portal.baseUrl}/api/docs/openapi.json`)).status, 401, 'for signed-in people and scripts only')
  const headers = { authorization: `Bearer ${await scriptToken(portal.baseUrl)}` }
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
    const list = document.paths[apiPathOf(resource.path)].get as { parameters: { name: string }[] }
    t.ok(
      list.parameters.some((p) => p.name === 'after'),
      `${resource.key}: the cursor is described`,
    )
    const answer = await fetch(`${portal.baseUrl}${apiPathOf(resource.path)}?per_page=1&sort=${resource.defaultSort}`, { headers })
    t.equal(answer.status, 200, `GET ${apiPathOf(resource.path)}`)
  }

  const html = await fetch(`${portal.baseUrl}/api/docs`, { headers })
  t.equal(html.status, 200)
  t.match(html.headers.get('content-type'), /^text\/html/)
  const text = await html.text()
  t.match(text, '<td><code>POST</code></td><td><code>/api/cost_centers/send_report</code></td>')
  t.notMatch(text, /<script/i, 'no script: the page works under the gateway’s CSP')

  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  t.equal((await fetch(`${portal.baseUrl}/api/docs`, { headers: { cookie } })).status, 200, 'a signed-in person reads it too')
})

t.test('every described call is one the gateway takes: sent as described, none is refused as unknown', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const headers = { authorization: `Bearer ${await scriptToken(gw.baseUrl)}` }
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
