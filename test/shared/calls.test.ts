/**
 * The one declaration of each special call (shared/calls) and what every tier derives from it: the
 * gateway's allowlist, upload targets and OpenAPI document. (The upstream's routes are checked
 * against it in test/upstream/routes/special.test.ts, the web's paths.api in test/web/urls.test.ts.)
 */
import t from 'tap'
import { CALL_LIST, CALLS, UPLOADS, fillPath } from '../../shared/calls/index.js'
import { getResource, RESOURCES } from '../../shared/resources/index.js'
import { ALLOWED_ROUTES, CALL_ROUTES, buildAllowlist, modelRoutes } from '../../server/gateway/allowlist.js'
import { apiPathOf, openApiDocument } from '../../server/gateway/openapi.js'
import { UPLOAD_TARGETS } from '../../server/gateway/upload-targets.js'

const key = (method: string, path: string) => `${method} ${path}`

t.test('each call is declared once, with a path the tiers can use', async (t) => {
  const keys = CALL_LIST.map(({ call }) => key(call.method, call.path))
  t.equal(new Set(keys).size, keys.length, 'no method and path twice')
  for (const { domain, name, call } of CALL_LIST) {
    t.match(call.path, /^[a-z_-]+(\/([a-z_-]+|:[a-z_]+))*$/, `${domain}.${name}: a relative path, ids as whole segments`)
    t.ok(call.summary.length > 10, `${domain}.${name}: a summary for /api/docs`)
    if (call.body === 'none') t.equal(call.method, 'POST', `${domain}.${name}: only a POST goes without a payload`)
  }
  for (const { domain, model } of CALL_LIST) if (model) t.ok(getResource(model), `${domain}: its model is in the registry`)
  t.same([...new Set(CALL_LIST.map((c) => c.domain))], Object.keys(CALLS), 'every domain declares calls')
  t.equal(fillPath('dcoe/members/:id/credential', { id: 12 }), 'dcoe/members/12/credential')
  t.throws(() => fillPath('dcoe/members/:id/credential'), /no value for :id/)
})

t.test('the gateway forwards the CRUD and the declared calls, nothing else', async (t) => {
  t.same(
    ALLOWED_ROUTES.map((r) => key(r.method, r.path)),
    [
      ...RESOURCES.flatMap(modelRoutes).map((r) => key(r.method, r.path)),
      ...CALL_LIST.filter(({ call }) => !call.public).map(({ call }) => key(call.method, call.path)),
    ],
  )
  const routeOf = buildAllowlist()
  for (const { call } of CALL_LIST) {
    const path = call.path.replace(/:\w+/g, '7')
    // the public ones are the self-service plugin's, which checks the member's link
    t.equal(Boolean(routeOf(call.method, path)), !call.public, key(call.method, path))
  }
  t.equal(Boolean(routeOf('POST', 'cost_centers/not_a_call')), false)
  t.equal(Boolean(routeOf('POST', 'dcoe/members/0/credential')), false, 'an id is a positive number')
  t.equal(Boolean(routeOf('POST', 'sap_cost_centers/upload')), true, 'spec 001 §7: the JSON upload is forwarded too')
  t.equal(CALL_ROUTES.length, CALL_LIST.filter(({ call }) => !call.public).length)
})

t.test('the upload targets are the calls that carry a file', async (t) => {
  t.same(
    Object.entries(UPLOAD_TARGETS).map(([target, { path }]) => `${target} ${path}`),
    UPLOADS.map(({ target, call }) => `${target} ${call.path}`),
  )
  t.equal(new Set(UPLOADS.map((u) => u.target)).size, UPLOADS.length, 'one call per target')
})

t.test('/api/docs describes each declared call as declared', async (t) => {
  const document = openApiDocument('test')
  for (const { domain, name, call } of CALL_LIST) {
    const operation = (document.paths[apiPathOf(call.path)] ?? {})[call.method.toLowerCase()] as Record<string, any> | undefined
    t.equal(operation?.summary, call.summary, `${domain}.${name}`)
    const body = operation?.requestBody?.content?.['application/json']?.schema
    if (call.body === 'none' || call.method === 'GET') t.equal(body, undefined, `${domain}.${name}: no body`)
    else if (call.body) t.equal(body, call.body, `${domain}.${name}: its body`)
    if (call.answer) t.equal(operation?.responses[String(call.status ?? 200)].content['application/json'].schema, call.answer)
  }
})
