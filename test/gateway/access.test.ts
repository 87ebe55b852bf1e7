import { readFileSync } from 'node:fs'
import t from 'tap'
import { callPermission, grants, MODEL_PERMISSIONS, permitsOf, type Grant, type Permission } from '../../shared/access.js'
import { CALL_LIST } from '../../shared/calls/index.js'
import { BULK_ACTIONS } from '../../shared/calls/bulk.js'
import { RESOURCES } from '../../shared/resources/index.js'
import { ALLOWED_ROUTES, type AllowedRoute } from '../../server/gateway/allowlist.js'
import { apiPathOf, openApiDocument } from '../../server/gateway/openapi.js'
import { UPLOAD_TARGETS } from '../../server/gateway/upload-targets.js'
import { SCRIPT_CLIENTS } from '../../server/idp/plugin.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startGateway } from '../helper.js'
import { startRecordingUpstream } from './start.js'

/** Who walks the calls: the demo people (their groups give the role) and script tokens of each scope. */
const PEOPLE = [
  { email: 'vera@ccoe.example', password: 'vera', grant: { role: 'viewer' } },
  { email: 'bob@ccoe.example', password: 'bob', grant: { role: 'editor' } },
  { email: 'alice@ccoe.example', password: 'alice', grant: { role: 'admin' } },
  { email: 'olga@ccoe.example', password: 'olga', grant: { role: null } },
  { email: 'audrey@ccoe.example', password: 'audrey', grant: { role: 'auditor' } },
] as const satisfies readonly { email: string; password: string; grant: Grant }[]
const [SCRIPTS, AUTOMATION] = SCRIPT_CLIENTS
const TOKENS = [
  { client: SCRIPTS, scope: 'read reports' },
  { client: AUTOMATION, scope: 'read write reports' },
  { client: AUTOMATION, scope: 'read' },
  { client: AUTOMATION, scope: 'write' },
  { client: AUTOMATION, scope: 'reports' },
] as const

const pathOf = (route: AllowedRoute) => `/api/${route.path.replace(/:\w+/g, '7')}`
const expected = (grant: Grant, needed: Permission) => (grants(grant, needed) ? 200 : 403)

t.test('every allowed call, by every role and every scope, as its one declaration says', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url)
  const callers = [
    ...(await Promise.all(
      PEOPLE.map(async ({ email, password, grant }) => ({
        name: email,
        grant: grant as Grant,
        headers: { cookie: await signIn(portal.baseUrl, email, password) } as Record<string, string>,
      })),
    )),
    ...(await Promise.all(
      TOKENS.map(async ({ client, scope }) => ({
        name: `${client.clientId} (${scope})`,
        grant: { scopes: scope.split(' ') } as Grant,
        headers: { authorization: `Bearer ${await scriptToken(portal.baseUrl, client, scope)}` } as Record<string, string>,
      })),
    )),
  ]
  const answered: Record<string, Record<string, number>> = {}
  for (const caller of callers) {
    const got: Record<string, number> = {}
    const want: Record<string, number> = {}
    for (const route of ALLOWED_ROUTES) {
      const writes = route.method !== 'GET'
      const response = await fetch(`${portal.baseUrl}${pathOf(route)}`, {
        method: route.method,
        headers: { ...caller.headers, ...(writes && { 'content-type': 'application/json' }) },
        ...(writes && { body: '{}' }),
      })
      await response.arrayBuffer()
      const key = `${route.method} ${pathOf(route)}`
      got[key] = response.status
      want[key] = expected(caller.grant, route.permission)
    }
    t.same(got, want, caller.name)
    answered[caller.name] = got
  }
  t.same(answered['audrey@ccoe.example'], answered['vera@ccoe.example'], 'an auditor: every read a viewer has, and no write')

  t.test('a refusal: a 403 that says what is needed, and an audit line with the role', async (t) => {
    const vera = callers[0]
    const response = await fetch(`${portal.baseUrl}/api/departments/7`, { method: 'DELETE', headers: vera.headers })
    t.same(await response.json(), {
      error: 'Not allowed: this needs the admin role, and you are a viewer. Ask the CCoE team if you need it.',
      statusCode: 403,
    })
    const line = await portal.auditLine(
      (l) => l.event === 'denied' && l.method === 'DELETE' && l.path === '/api/departments/7' && l.user === 'vera@ccoe.example',
    )
    t.same([line.role, line.needs, line.status, line.path], ['viewer', 'admin', 403, '/api/departments/7'])
    const olga = callers[3]
    t.same(await (await fetch(`${portal.baseUrl}/api/departments`, { headers: olga.headers })).json(), {
      error: 'No access to the portal: ask the CCoE team.',
      statusCode: 403,
    })
    const script = callers[PEOPLE.length]
    const write = await fetch(`${portal.baseUrl}/api/departments`, {
      method: 'POST',
      headers: { ...script.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    t.same(await write.json(), { error: "Not allowed: this call needs a token with the scope 'write'.", statusCode: 403 })
  })

  t.test('/api/session: the role and what it permits, from the same declarations', async (t) => {
    for (const caller of callers.slice(0, PEOPLE.length)) {
      const session = (await (await fetch(`${portal.baseUrl}/api/session`, { headers: caller.headers })).json()) as Record<string, unknown>
      const role = 'role' in caller.grant ? caller.grant.role : null
      t.same(session.role, role, caller.name)
      t.same(session.permits, permitsOf(caller.grant), caller.name)
    }
    const permits = permitsOf({ role: 'editor' })
    t.same(permits.models.departments, ['read', 'create', 'update'], 'an editor deletes nothing')
    t.ok(permits.calls.includes('costCenters.sendReport') && !permits.calls.includes('dbDump.dump'))
    t.same(permitsOf({ role: null }), { models: {}, calls: [] }, 'no role, nothing')
  })

  t.test('CSV and uploads ask the same question', async (t) => {
    const model = RESOURCES.find((resource) => resource.csv)!
    for (const caller of callers) {
      const csv = await fetch(`${portal.baseUrl}/api/csv/${model.key}`, { headers: caller.headers })
      await csv.arrayBuffer()
      t.equal(csv.status === 403, !grants(caller.grant, MODEL_PERMISSIONS.read), `${caller.name}: csv`)
      for (const [name, target] of Object.entries(UPLOAD_TARGETS)) {
        const form = new FormData()
        form.append('file', new Blob(['identifier\n']), `file${target.extensions?.[0] ?? '.csv'}`)
        const upload = await fetch(`${portal.baseUrl}/api/upload/${name}`, { method: 'POST', headers: caller.headers, body: form })
        await upload.arrayBuffer()
        // a permitted upload reaches the upstream, whatever it then says of the file
        t.equal(upload.status === 403, !grants(caller.grant, target.permission), `${caller.name}: upload ${name}`)
      }
    }
  })

  t.test('every declared call names its role; the public ones none', async (t) => {
    t.same(
      CALL_LIST.filter(({ call }) => !call.role && !call.public).map(({ domain, name }) => `${domain}.${name}`),
      [],
    )
  })
})

t.test('report recipients: the allowed domains, and the backup to its admin alone', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url, { env: { REPORT_RECIPIENT_DOMAINS: 'ccoe.example' } })
  const alice = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const token = await scriptToken(portal.baseUrl)
  const post = (path: string, body: unknown, headers: Record<string, string> = { cookie: alice }) =>
    fetch(`${portal.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const seen = () => upstream.seen.length
  const before = seen()
  const outside = await post('cost_centers/send_report', { cost_center: { email: true, send_to: 'attacker@evil.example' } })
  t.same(
    [outside.status, await outside.json()],
    [
      422,
      {
        error: 'Reports go only to addresses of ccoe.example.',
        statusCode: 422,
        fields: { send_to: 'Reports go only to addresses of ccoe.example.' },
      },
    ],
  )
  const scripted = await post(
    'cost_centers/send_report',
    { cost_center: { send_to: 'Someone@EVIL.example' } },
    { authorization: `Bearer ${token}` },
  )
  t.equal(scripted.status, 422, 'a script too')
  const backup = await post('db_dump/dump_db', { db_dump: { send_to: 'bob@ccoe.example' } })
  t.same(
    [backup.status, await backup.json()],
    [
      422,
      {
        error: 'The database backup goes only to your own address, alice@ccoe.example.',
        statusCode: 422,
        fields: { send_to: 'The database backup goes only to your own address, alice@ccoe.example.' },
      },
    ],
  )
  const scriptBackup = await post('db_dump/dump_db', { db_dump: { send_to: 'alice@ccoe.example' } }, { authorization: `Bearer ${token}` })
  t.equal(scriptBackup.status, 403, 'a script has no address of its own: no backup')
  t.equal(seen(), before, 'nothing refused reached the upstream')

  t.equal(
    (await post('cost_centers/send_report', { cost_center: { send_to: 'bob@CCoE.example' } })).status,
    200,
    'any case of an allowed domain',
  )
  t.equal((await post('db_dump/dump_db', { db_dump: { send_to: 'Alice@ccoe.example' } })).status, 200, "the admin's own")
  t.equal(seen(), before + 2)
})

t.test("the README's table of who may do what is the declarations'", async (t) => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = /## Who may do what\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ''
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
  const table = Object.fromEntries(rows.map(([, call, , role, scope]) => [call.replaceAll('`', ''), `${role} ${scope}`]))
  const declared = Object.fromEntries(
    CALL_LIST.filter(({ call }) => !call.public).map(({ call }) => {
      const { role, scope } = callPermission(call)
      return [`${call.method} /api/${call.path}`, `${role} ${scope}`]
    }),
  )
  const crud = ['read', 'create', 'delete'] as const
  t.same(
    rows.slice(0, 3).map(([, , , role, scope]) => `${role} ${scope}`),
    crud.map((op) => `${MODEL_PERMISSIONS[op].role} ${MODEL_PERMISSIONS[op].scope}`),
    "a model's records",
  )
  t.same(
    rows.slice(3, 5).map(([, call, , role, scope]) => [call, `${role} ${scope}`]),
    (['update', 'delete'] as const).map((action) => [
      `\`POST /api/<model>/${BULK_ACTIONS[action].suffix}\``,
      `${MODEL_PERMISSIONS[BULK_ACTIONS[action].write].role} ${MODEL_PERMISSIONS[BULK_ACTIONS[action].write].scope}`,
    ]),
    "a model's bulk actions: as the write each is",
  )
  t.same(Object.fromEntries(Object.keys(declared).map((call) => [call, table[call]])), declared, 'every declared call')
})

t.test('/api/docs says who may make each call, from the same declarations', async (t) => {
  const document = openApiDocument('test') as { paths: Record<string, Record<string, Record<string, unknown>>> }
  const described = (route: AllowedRoute) => document.paths[apiPathOf(route.path)][route.method.toLowerCase()]
  t.same(
    ALLOWED_ROUTES.map((route) => [route.method, route.path, described(route)['x-role'], described(route)['x-scope']]),
    ALLOWED_ROUTES.map((route) => [route.method, route.path, route.permission.role, route.permission.scope]),
  )
  t.equal(
    described(ALLOWED_ROUTES.find((route) => route.method === 'DELETE')!).description,
    "Needs the admin role; a script's token, the `write` scope.",
  )
  for (const [target, upload] of Object.entries(UPLOAD_TARGETS)) {
    t.same(document.paths[`/api/upload/${target}`].post['x-role'], upload.permission.role, target)
  }
})
