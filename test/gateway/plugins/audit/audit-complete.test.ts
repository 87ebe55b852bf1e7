/**
 * Issue 43 item 5: every refusal the gateway answers (401, 403, 408, 413, 415, 429, CSRF) and every
 * sign-in, sign-out and session end (back-channel logouts too) has its audit line. The walk goes
 * through each route of the gateway's own route table (a route added later fails it until it is
 * walked here), provokes what the route refuses, and looks for each answer's line by its
 * X-Request-Id and status.
 */
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { importJWK, SignJWT, type JWK } from 'jose'
import t from 'tap'
import { SCRIPT_CLIENT } from '../../../../server/idp/plugin.js'
import { startGateway, testClock } from '../../../helper.js'
import { beginSignIn, signIn, step } from '../../../lib/sign-in.js'
import { startRecordingUpstream } from '../../start.js'

const VERA = 'vera@ccoe.example'
const BOB = 'bob@ccoe.example'
const OLGA = 'olga@ccoe.example'
const EVIL = 'https://evil.example'
/** the statuses whose every answer must have its line */
const REFUSALS = new Set([401, 403, 408, 413, 415, 429])

/**
 * The paths of a route table as Fastify prints it (printRoutes): a nested node's path continues
 * its parent's; a node without methods is only a prefix.
 */
function routeTable(printed: string): string[] {
  const parents: string[] = []
  const routes: string[] = []
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)( \(.+\))?$/.exec(line)
    if (!match) continue
    const depth = match[1].length / 4
    parents.length = depth
    const path = (parents[depth - 1] ?? '') + match[2]
    parents.push(path)
    if (match[3]) routes.push(path)
  }
  return routes
}

interface Step {
  route: string
  name: string
  status: number
  reqId: string | null
}

t.test('the walk: each route’s refusals, and every sign-in, sign-out and session end, have their lines', async (t) => {
  const clock = testClock()
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { now: clock.now, bodyIdleMs: 100, overrides: { bodyLimitBytes: 2048 } })
  const { baseUrl } = gw
  const port = Number(new URL(baseUrl).port)
  const [vera, bob, olga] = [await signIn(baseUrl, VERA, 'vera'), await signIn(baseUrl, BOB, 'bob'), await signIn(baseUrl, OLGA, 'olga')]

  const steps: Step[] = []
  const ask = async (route: string, name: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init })
    await response.arrayBuffer()
    steps.push({ route, name, status: response.status, reqId: response.headers.get('x-request-id') })
    return response
  }
  /** a POST that announces 1000 bytes of body, sends a few and stops: the gateway answers 408 */
  const stalled = async (route: string, name: string, path: string, headers: Record<string, string>) => {
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('error', () => {})
    const closed = once(socket, 'close')
    const head = Object.entries({ host: `127.0.0.1:${port}`, ...headers, 'content-length': '1000' })
    socket.write(`POST ${path} HTTP/1.1\r\n${head.map(([key, value]) => `${key}: ${value}\r\n`).join('')}\r\n{"a`)
    await closed
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1])
    steps.push({ route, name, status, reqId: /^x-request-id: (\S+)/im.exec(answer)?.[1] ?? null })
  }
  const json = (cookie: string, body: string, more: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...more },
    body,
  })
  const form = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
  const upload = (cookie: string, size = 10) => {
    const file = new FormData()
    file.append('file', new Blob(['x'.repeat(size)]), 'bills.csv')
    return { method: 'POST', headers: { cookie }, body: file }
  }
  const basic = (secret: string) => `Basic ${Buffer.from(`${SCRIPT_CLIENT.clientId}:${secret}`).toString('base64')}`
  const badClient = { method: 'POST', headers: { authorization: basic('wrong'), 'content-type': 'application/x-www-form-urlencoded' } }

  await ask('/api/session', 'nobody', '/api/session')
  await ask('/api/', 'nothing there', '/api/')
  await ask('/api/*', 'nobody', '/api/departments')
  await ask('/api/*', 'a malformed bearer token', '/api/departments', { headers: { authorization: 'Bearer' } })
  await ask('/api/*', 'a viewer deletes', '/api/departments/1', { method: 'DELETE', headers: { cookie: vera } })
  await ask('/api/*', 'another site', '/api/departments', json(vera, '{}', { origin: EVIL }))
  await ask('/api/*', 'not JSON', '/api/departments', { method: 'POST', headers: { cookie: bob, 'content-type': 'text/plain' }, body: 'x' })
  await ask('/api/*', 'too large', '/api/departments', json(bob, JSON.stringify({ name: 'x'.repeat(3000) })))
  await stalled('/api/*', 'a body that stops', '/api/departments', { cookie: bob, 'content-type': 'application/json' })
  await ask('/api/csv/:model', 'nobody', '/api/csv/departments')
  await ask('/api/csv/:model', 'no role', '/api/csv/departments', { headers: { cookie: olga } })
  await ask('/api/docs', 'nobody', '/api/docs')
  await ask('/api/docs/openapi.json', 'nobody', '/api/docs/openapi.json')
  await ask('/api/audit', 'nobody', '/api/audit')
  await ask('/api/audit', 'a viewer', '/api/audit', { headers: { cookie: vera } })
  await ask('/api/audit/:chain/:seq', 'nobody', '/api/audit/0a/1')
  await ask('/api/audit/:chain/:seq', 'a viewer', '/api/audit/0a/1', { headers: { cookie: vera } })
  await ask('/api/csv/audit', 'nobody', '/api/csv/audit')
  await ask('/api/csv/audit', 'a viewer', '/api/csv/audit', { headers: { cookie: vera } })
  await ask('/api/upload/:target', 'nobody', '/api/upload/cloud_bills', upload(''))
  await ask('/api/upload/:target', 'a viewer', '/api/upload/cloud_bills', upload(vera))
  await ask('/api/upload/:target', 'another site', '/api/upload/cloud_bills', {
    ...upload(bob),
    headers: { cookie: bob, origin: EVIL },
  })
  await ask('/api/upload/:target', 'too large', '/api/upload/cloud_bills', upload(bob, 5000))
  await ask('/api/upload/:target', 'not a form', '/api/upload/cloud_bills', {
    method: 'POST',
    headers: { cookie: bob, 'content-type': 'application/xml' },
    body: '<a/>',
  })
  await stalled('/api/upload/:target', 'a body that stops', '/api/upload/cloud_bills', {
    cookie: bob,
    'content-type': 'multipart/form-data; boundary=x',
  })
  const member = '/api/members/update-restricted/7?credential=abc'
  await ask('/api/members/update-restricted/:member_id', 'another site', member, json('', '{}', { origin: EVIL }))
  await ask('/api/members/update-restricted/:member_id', 'too large', member, json('', JSON.stringify({ a: 'x'.repeat(5000) })))
  await ask('/api/members/update-restricted/:member_id', 'not JSON', member, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: '<a/>',
  })
  // tries of bad links count towards the address's limit
  for (let i = 0; i < 60; i++) await (await fetch(`${baseUrl}/api/members/update-restricted/0`, json('', '{}'))).arrayBuffer()
  await ask('/api/members/update-restricted/:member_id', 'too many tries', member, json('', '{}'))
  await ask('/api/select_options', 'no role', '/api/select_options?by_field=department', { headers: { cookie: olga } })
  await ask('/oidc/callback', 'no sign-in begun', '/oidc/callback?code=x&state=y')
  await ask('/oidc/backchannel-logout', 'no token', '/oidc/backchannel-logout', form('logout_token=x'))
  await ask('/oidc/backchannel-logout', 'too large', '/oidc/backchannel-logout', form(`logout_token=${'x'.repeat(20_000)}`))
  await ask('/oidc/backchannel-logout', 'not a form', '/oidc/backchannel-logout', {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: '<a/>',
  })
  await stalled('/oidc/backchannel-logout', 'a body that stops', '/oidc/backchannel-logout', {
    'content-type': 'application/x-www-form-urlencoded',
  })
  await ask('/idp/interaction/:uid', 'no such sign-in', '/idp/interaction/nope')
  const begun = await beginSignIn(baseUrl)
  const wrong = await step(begun.jar, begun.form, form(new URLSearchParams({ email: VERA, password: 'guess' }).toString()))
  await wrong.arrayBuffer()
  steps.push({
    route: '/idp/interaction/:uid/login',
    name: 'a wrong password',
    status: wrong.status,
    reqId: wrong.headers.get('x-request-id'),
  })
  await ask('/idp/token/introspection', 'a wrong client secret', '/idp/token/introspection', { ...badClient, body: 'token=x' })
  await ask('/idp/token/revocation', 'a wrong client secret', '/idp/token/revocation', { ...badClient, body: 'token=x' })
  await ask('*', 'the IdP: a wrong client secret', '/idp/token', { ...badClient, body: 'grant_type=client_credentials' })
  for (let i = 0; i < 60; i++)
    await (await fetch(`${baseUrl}/idp/token`, { ...badClient, body: 'grant_type=client_credentials' })).arrayBuffer()
  await ask('*', 'the IdP: too many token requests', '/idp/token', { ...badClient, body: 'grant_type=client_credentials' })
  // the sign-ins above started 4 of the 60 an address may start in a minute
  for (let i = 0; i < 56; i++) await (await fetch(`${baseUrl}/oidc/login`, { redirect: 'manual' })).arrayBuffer()
  await ask('/oidc/login', 'too many sign-ins begun', '/oidc/login')

  t.same(
    steps.map(({ route, name, status }) => `${route} ${name}: ${status}`),
    [
      '/api/session nobody: 401',
      '/api/ nothing there: 404',
      '/api/* nobody: 401',
      '/api/* a malformed bearer token: 401',
      '/api/* a viewer deletes: 403',
      '/api/* another site: 403',
      '/api/* not JSON: 415',
      '/api/* too large: 413',
      '/api/* a body that stops: 408',
      '/api/csv/:model nobody: 401',
      '/api/csv/:model no role: 403',
      '/api/docs nobody: 401',
      '/api/docs/openapi.json nobody: 401',
      '/api/audit nobody: 401',
      '/api/audit a viewer: 403',
      '/api/audit/:chain/:seq nobody: 401',
      '/api/audit/:chain/:seq a viewer: 403',
      '/api/csv/audit nobody: 401',
      '/api/csv/audit a viewer: 403',
      '/api/upload/:target nobody: 401',
      '/api/upload/:target a viewer: 403',
      '/api/upload/:target another site: 403',
      '/api/upload/:target too large: 413',
      '/api/upload/:target not a form: 415',
      '/api/upload/:target a body that stops: 408',
      '/api/members/update-restricted/:member_id another site: 403',
      '/api/members/update-restricted/:member_id too large: 413',
      '/api/members/update-restricted/:member_id not JSON: 415',
      '/api/members/update-restricted/:member_id too many tries: 429',
      '/api/select_options no role: 403',
      '/oidc/callback no sign-in begun: 400',
      '/oidc/backchannel-logout no token: 400',
      '/oidc/backchannel-logout too large: 413',
      '/oidc/backchannel-logout not a form: 415',
      '/oidc/backchannel-logout a body that stops: 408',
      '/idp/interaction/:uid no such sign-in: 400',
      '/idp/interaction/:uid/login a wrong password: 401',
      '/idp/token/introspection a wrong client secret: 401',
      '/idp/token/revocation a wrong client secret: 401',
      '* the IdP: a wrong client secret: 401',
      '* the IdP: too many token requests: 429',
      '/oidc/login too many sign-ins begun: 429',
    ],
  )

  t.test('sign-out, a back-channel logout, and sessions found ended', async (t) => {
    // the session of Vera's sign-out, tried again
    await ask('/oidc/logout', 'a sign-out', '/oidc/logout', { headers: { cookie: vera } })
    await ask('/api/session', 'a signed-out session', '/api/session?check=1', { headers: { cookie: vera } })
    // the IdP ends Bob's sessions: its logout token, signed with its key
    const { keys } = JSON.parse(readFileSync(join(gw.config.dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] }
    const now = Math.floor(clock.now() / 1000)
    const token = await new SignJWT({ events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, jti: 'walk', sub: 'bob' })
      .setProtectedHeader({ alg: 'RS256', kid: keys[0].kid, typ: 'logout+jwt' })
      .setIssuer(`${baseUrl}/idp`)
      .setAudience('ccoe-portal')
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .sign(await importJWK(keys[0], 'RS256'))
    await ask('/oidc/backchannel-logout', 'a back-channel logout', '/oidc/backchannel-logout', form(`logout_token=${token}`))
    await ask('/api/*', 'a session the IdP ended', '/api/departments', { headers: { cookie: bob } })
    clock.advance(gw.config.idleTimeoutMs)
    await ask('/api/session', 'an idle session', '/api/session?check=1', { headers: { cookie: olga } })
    t.same(
      steps.slice(-5).map(({ name, status }) => `${name}: ${status}`),
      [
        'a sign-out: 302',
        'a signed-out session: 200',
        'a back-channel logout: 200',
        'a session the IdP ended: 401',
        'an idle session: 200',
      ],
    )
    const lineOf = (reqId: string | null, event: string) => gw.audit.find((line) => line.reqId === reqId && line.event === event)
    const [logout, signedOut, backChannel, endedByIdp, idle] = steps.slice(-5)
    const what = (line?: Record<string, unknown>) => line && [line.event, line.user, line.reason ?? null, line.status]
    t.same(
      [
        what(lineOf(logout.reqId, 'logout')),
        what(lineOf(signedOut.reqId, 'session ended')),
        what(lineOf(backChannel.reqId, 'logout')),
        what(lineOf(endedByIdp.reqId, 'session ended')),
        what(lineOf(endedByIdp.reqId, 'denied')),
        what(lineOf(idle.reqId, 'session ended')),
      ],
      [
        ['logout', VERA, null, 302],
        ['session ended', VERA, 'signed out', 200],
        ['logout', 'bob', 'back-channel', 200],
        ['session ended', BOB, 'back-channel logout', 401],
        ['denied', null, 'unauthenticated', 401],
        ['session ended', OLGA, 'idle', 200],
      ],
    )
  })

  t.test('every sign-in has its line', async (t) => {
    t.same(
      gw.audit.filter((line) => line.event === 'login').map(({ user, role, status }) => [user, role, status]),
      [
        [VERA, 'viewer', 302],
        [BOB, 'editor', 302],
        [OLGA, null, 302],
      ],
    )
  })

  t.test('no refusal without its line, and no route unwalked', async (t) => {
    // the lines of answers that close after they are sent are written by the time this request is answered
    await ask('/api/session', 'nobody, again', '/api/session')
    const unlined = steps.filter(
      (walked) => REFUSALS.has(walked.status) && !gw.audit.some((line) => line.reqId === walked.reqId && line.status === walked.status),
    )
    t.same(
      unlined.map(({ route, name, status }) => `${route} ${name}: ${status}`),
      [],
    )
    // nothing to refuse: probes, the operator's metrics (a 404 to others), a page that says a session ended, the audit key
    const refusingNothing = ['/metrics', '/healthz', '/readyz', '/oidc/session-ended', '/audit/public-key']
    t.same(
      [...new Set([...steps.map((walked) => walked.route), ...refusingNothing])].sort(),
      routeTable(gw.gateway.printRoutes({ commonPrefix: false })).sort(),
      'the route table, every route walked',
    )
  })
})
