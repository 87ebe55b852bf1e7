import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { verifyAudit } from '../../../../server/gateway/audit-chain.js'
import { SCRIPT_CLIENT, SCRIPT_CLIENTS } from '../../../../server/idp/plugin.js'
import { scriptToken, signIn } from '../../../lib/sign-in.js'
import { startGateway, type AuditLine } from '../../../helper.js'
import { bodyReaders, startRecordingUpstream, startSelfSignedUpstream } from '../../start.js'
import { statusOf } from '../../../lib/status-of.js'

const UPSTREAM_TOKEN = 'fixed-upstream-token'
const BODY_MARKER = 'secret-body-marker-7f3a'
// `replica`: REPLICA_NAME, the hostname by default
const AUDIT_FIELDS = ['bytesIn', 'bytesOut', 'durationMs', 'method', 'path', 'replica', 'reqId', 'status', 'time', 'user']
const EVENT_FIELDS = ['durationMs', 'event', 'method', 'path', 'replica', 'reqId', 'status', 'time', 'user']
const ALICE = 'alice@ccoe.example'

const pick = (line: AuditLine, keys: string[]) => Object.fromEntries(keys.map((k) => [k, line[k]]))

t.test('the proxy', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url, { overrides: { bodyLimitBytes: 2048, upstreamTimeoutMs: 400 } })
  const { baseUrl } = portal
  const cookie = await signIn(baseUrl, 'alice@ccoe.example', 'alice')
  const token = await scriptToken(baseUrl, SCRIPT_CLIENTS[1])
  const api = (path: string, init: RequestInit = {}) => fetch(`${baseUrl}/api/${path}`, init)

  t.test('client identity headers never reach the upstream; ours do', async (t) => {
    const before = upstream.seen.length
    const response = await api('departments?by_name=Fin', {
      headers: {
        cookie: `${cookie}; other=1`,
        'X-Forwarded-User': 'mallory',
        x_forwarded_user: 'mallory',
        'X-Forwarded-Email': 'mallory@evil.example',
        UID: 'mallory@evil.example',
        'X-Auth-Request-User': 'mallory',
        'x-request-id': 'forged',
      },
    })
    t.equal(response.status, 200)
    const seen = upstream.seen[before]
    t.equal(seen.url, '/departments?by_name=Fin')
    t.equal(seen.headers.authorization, `Bearer ${UPSTREAM_TOKEN}`)
    t.equal(seen.headers.uid, 'alice@ccoe.example')
    t.not(seen.headers['x-request-id'], 'forged')
    for (const name of Object.keys(seen.headers)) {
      t.notOk(/cookie|forwarded|auth-request|x_/.test(name), `no ${name}`)
    }
    t.notOk(JSON.stringify(seen.headers).includes('mallory'))

    const scripted = await api('departments/7', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', uid: 'mallory' },
      body: JSON.stringify({ name: 'x' }),
    })
    t.equal(scripted.status, 200)
    const last = upstream.seen.at(-1)!
    t.equal(last.headers.authorization, `Bearer ${UPSTREAM_TOKEN}`, 'the script token is replaced by the fixed one')
    t.equal(last.headers.uid, SCRIPT_CLIENTS[1].clientId)
    t.equal(last.body, JSON.stringify({ name: 'x' }))
  })

  t.test('only registry paths are forwarded; others 404 without an upstream call', async (t) => {
    const before = upstream.seen.length
    const refused: [string, string][] = [
      ['GET', 'secrets'],
      ['GET', 'departments/1/members'],
      ['GET', 'departments/../admin'],
      ['GET', 'departments/%2e%2e/admin'],
      ['GET', 'departments//1'],
      ['GET', 'departments/abc'],
      ['POST', 'departments/1'],
      ['PUT', 'departments'],
      ['PATCH', 'departments/1'],
      ['GET', 'auth/validate_token/x'],
    ]
    for (const [method, path] of refused) {
      const response = await api(path, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      })
      t.equal(response.status, 404, `${method} ${path}`)
      t.same(await response.json(), { error: 'Not Found', statusCode: 404 })
    }
    t.equal(upstream.seen.length, before, 'the upstream saw none of them')
    for (const [method, path] of [
      ['GET', 'auth/validate_token'],
      ['GET', 'business_units/12'],
      ['DELETE', 'business_units/12'],
      ['POST', 'departments'],
    ]) {
      const response = await api(path, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      t.equal(response.status, 200, `${method} ${path}`)
    }
  })

  t.test('signed out: 401 without an upstream call', async (t) => {
    const before = upstream.seen.length
    const response = await api('departments')
    t.equal(response.status, 401)
    t.same(await response.json(), { error: 'Unauthorized', statusCode: 401 })
    t.equal(upstream.seen.length, before)
  })

  t.test('bodies are capped, declared or streamed', async (t) => {
    const before = upstream.seen.length
    const big = JSON.stringify({ name: 'x'.repeat(5000) })
    const declared = await api('departments', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: big })
    t.equal(declared.status, 413)
    t.same(await declared.json(), { error: 'Payload Too Large', statusCode: 413 })
    t.equal(upstream.seen.length, before, 'a declared oversize body is refused before the upstream')

    const chunks = [Buffer.from('{"name":"'), Buffer.alloc(3000, 'y'), Buffer.from('"}')]
    const streamed = await api('departments', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift()
          if (next) controller.enqueue(next)
          else controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    t.equal(streamed.status, 413, 'a chunked body is counted and stopped')
    t.notOk(
      upstream.seen.slice(before).some((s) => s.body.length > 2048),
      'the upstream never got the whole of it',
    )

    const small = await api('departments', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: BODY_MARKER }),
    })
    t.equal(small.status, 200)
    t.equal(upstream.seen.at(-1)!.body, JSON.stringify({ name: BODY_MARKER }))
  })

  t.test('unsafe cross-site requests are refused; same-origin and bearer ones pass', async (t) => {
    const before = upstream.seen.length
    const post = (headers: Record<string, string>) =>
      api('departments', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
    const crossSite: Record<string, string>[] = [
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, 'sec-fetch-site': 'same-site', origin: 'http://other.127.0.0.1.nip.io' },
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
    ]
    for (const headers of crossSite) {
      const response = await post(headers)
      t.equal(response.status, 403, JSON.stringify(headers).replace(cookie, 'cookie'))
      t.same(await response.json(), { error: 'Forbidden', statusCode: 403 })
    }
    const logout = await fetch(`${baseUrl}/oidc/logout`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' } })
    t.equal(logout.status, 403, 'the CSRF check covers /oidc as well')
    t.equal(upstream.seen.length, before)
    t.equal((await post({ cookie, 'sec-fetch-site': 'same-origin', origin: baseUrl })).status, 200)
    t.equal((await post({ cookie })).status, 200, 'no browser headers: a script with a cookie')
    t.equal((await post({ authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' })).status, 200, 'bearer is exempt')
  })

  t.test('an upstream that does not answer is a 504 at the timeout, and the gateway keeps serving', async (t) => {
    upstream.holding = true
    const slow = api('departments', { headers: { cookie } })
    const health = await fetch(`${baseUrl}/healthz`)
    t.same(await health.json(), { status: 'ok' })
    const response = await slow
    t.equal(response.status, 504)
    t.same(await response.json(), { error: 'Upstream timeout', statusCode: 504 })
    t.equal(upstream.held, 1, 'the upstream still has not answered')
    upstream.release()
  })

  t.test('readiness follows the upstream and the IdP', async (t) => {
    const ready = await fetch(`${baseUrl}/readyz`)
    t.equal(ready.status, 200)
  })

  t.test('an upstream that is down is a 502 that names nothing', async (t) => {
    await upstream.close()
    const response = await api('departments', { headers: { cookie } })
    t.equal(response.status, 502)
    const text = await response.text()
    t.same(JSON.parse(text), { error: 'Upstream unavailable', statusCode: 502 })
    t.notOk(text.includes(new URL(upstream.url).port))
    t.same(await (await fetch(`${baseUrl}/healthz`)).json(), { status: 'ok' })
    const ready = await fetch(`${baseUrl}/readyz`)
    t.equal(ready.status, 503)
    t.same(await ready.json(), { status: 'unavailable', failed: ['upstream'] })
  })

  t.test('audit: one line per upstream call with exactly the agreed fields, no secrets', async (t) => {
    // a call's line is written when its answer closes, which may follow the client's read: await each
    const call = (match: (l: AuditLine) => boolean) => portal.auditLine((l) => !('event' in l) && match(l))
    const keys = ['user', 'method', 'path', 'status', 'bytesIn', 'bytesOut']
    const listed = JSON.stringify({ data: { data: [], method: 'GET', url: '/departments?by_name=Fin' } })
    t.same(
      pick(await call((l) => l.path === '/api/departments' && l.status === 200), keys),
      {
        user: ALICE,
        method: 'GET',
        path: '/api/departments',
        status: 200,
        bytesIn: 0,
        bytesOut: Buffer.byteLength(listed),
      },
      'the path without its query; bytes as sent',
    )
    t.same(pick(await call((l) => l.method === 'PUT'), ['user', 'path', 'status', 'bytesIn']), {
      user: SCRIPT_CLIENTS[1].clientId,
      path: '/api/departments/7',
      status: 200,
      bytesIn: Buffer.byteLength(JSON.stringify({ name: 'x' })),
    })
    t.same(
      pick(await call((l) => l.status === 504), ['user', 'method', 'path', 'bytesOut']),
      { user: ALICE, method: 'GET', path: '/api/departments', bytesOut: 0 },
      'timeouts are recorded',
    )
    t.same(
      pick(await call((l) => l.status === 502), ['user', 'method', 'path', 'bytesOut']),
      { user: ALICE, method: 'GET', path: '/api/departments', bytesOut: 0 },
      'failures are recorded',
    )
    const streamed = await call((l) => l.status === 413)
    t.same(
      pick(streamed, ['user', 'method', 'path']),
      { user: ALICE, method: 'POST', path: '/api/departments' },
      'a body stopped on its way is recorded',
    )
    t.ok((streamed.bytesIn as number) > 2048, 'with the bytes counted until the cap')

    const lines = portal.audit
    const calls = lines.filter((l) => !('event' in l))
    // GET + PUT, 4 allowlisted, the streamed 413 and the small POST, 3 same-origin or bearer POSTs, the 504, the 502
    t.equal(calls.length, 13, 'one line per call that went upstream')
    for (const line of calls) t.same(Object.keys(line).sort(), AUDIT_FIELDS)
    t.ok(calls.every((l) => typeof l.time === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(l.time)))
    t.notOk(
      calls.some((l) => String(l.path).includes('?')),
      'paths without their query',
    )
    const event = (match: (l: AuditLine) => boolean) => portal.auditLine((l) => 'event' in l && match(l))
    t.same(pick(await event((l) => l.event === 'login'), ['user', 'status', 'path']), { user: ALICE, status: 302, path: '/oidc/callback' })
    t.same(
      pick(await event((l) => l.reason === 'csrf'), ['event', 'status', 'user']),
      { event: 'denied', status: 403, user: ALICE },
      'a csrf denial names the signed-in caller',
    )
    t.same(
      pick(await event((l) => l.reason === 'not allowlisted'), ['event', 'status', 'user']),
      { event: 'denied', status: 404, user: ALICE },
      'so does an allowlist denial',
    )
    t.same(
      pick(await event((l) => l.reason === 'unauthenticated'), ['event', 'status', 'user']),
      { event: 'denied', status: 401, user: null },
      'a signed-out caller is null',
    )
    const events = lines.filter((l) => 'event' in l)
    for (const line of events) {
      t.same(
        Object.keys(line)
          .filter((k) => k !== 'reason')
          .sort(),
        // a sign-in names the role the IdP's groups gave
        line.event === 'login' ? [...EVENT_FIELDS, 'role'].sort() : EVENT_FIELDS,
        `${line.event} ${line.reason ?? ''}`,
      )
      t.ok(Number.isInteger(line.durationMs) && (line.durationMs as number) >= 0)
    }
    const text = portal.auditText()
    const sessionValue = cookie.slice(cookie.indexOf('=') + 1)
    for (const secret of [
      sessionValue,
      decodeURIComponent(sessionValue),
      token,
      token.split('.')[2],
      UPSTREAM_TOKEN,
      BODY_MARKER,
      portal.config.oidcClientSecret,
      SCRIPT_CLIENT.clientSecret,
      'mallory',
      'alice"',
    ]) {
      t.notOk(text.includes(secret), `audit holds no ${secret.slice(0, 12)}…`)
    }
  })
})

// TECH-NOTES: a proxied body cut short by its client once kept an upstream connection busy for good;
// a body is now read whole before anything goes upstream, so a cut one never reaches it
t.test('a client that leaves mid-body: nothing goes upstream, the call has its line', { timeout: 30_000 }, async (t) => {
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url)
  const cookie = await signIn(portal.baseUrl, ALICE, 'alice')
  const readers = bodyReaders(portal.gateway.server)
  let sent = 0
  for (const framing of [{ 'content-length': '1000' }, { 'transfer-encoding': 'chunked' }]) {
    const request = httpRequest(`${portal.baseUrl}/api/departments`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...framing },
    })
    request.on('error', () => {})
    const start = `{"name":"${'x'.repeat(100)}`
    request.write(start)
    await readers.reading(++sent)
    const known = new Set(portal.audit.map((l) => l.reqId))
    request.destroy()
    const line = await portal.auditLine((l) => !known.has(l.reqId) && l.path === '/api/departments')
    t.same(
      pick(line, ['user', 'method', 'status', 'bytesIn', 'complete']),
      { user: ALICE, method: 'POST', status: 499, bytesIn: start.length, complete: false },
      `${Object.keys(framing)[0]}: the call has its audit line`,
    )
  }
  t.same(upstream.seen, [], 'no part of either body reached the upstream')
  const after = await fetch(`${portal.baseUrl}/api/departments`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{"name":"after"}',
  })
  t.equal(after.status, 200, 'and the proxy goes on serving')
  // read to its end: a keep-alive connection whose answer is still going out when the gateway
  // closes is not idle then, so close() would not end it, and teardown would wait for its timeout
  t.same(await after.json(), { data: { data: [], method: 'POST', url: '/departments' } })
  t.equal(upstream.seen.at(-1)!.body, '{"name":"after"}')
})

t.test('upstream TLS is verified: a self-signed upstream gets no request and no token', async (t) => {
  const upstream = await startSelfSignedUpstream(t)
  const portal = await startGateway(t, upstream.url, { overrides: { upstreamTimeoutMs: 2000 } })
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  // the process-wide opt-out must not reach the gateway's upstream calls either
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
  t.teardown(() => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before
  })

  const proxied = await fetch(`${portal.baseUrl}/api/departments`, { headers: { cookie } })
  t.equal(proxied.status, 502, 'the proxy')
  t.same(await proxied.json(), { error: 'Upstream unavailable', statusCode: 502 })

  const csv = await fetch(`${portal.baseUrl}/api/csv/departments`, { headers: { cookie } })
  t.equal(csv.status, 502, 'the CSV route (upstream-client.ts)')
  t.same(await csv.json(), { error: 'Upstream unavailable', statusCode: 502 })

  t.ok(upstream.connections >= 2, 'both did connect (and gave up at the handshake)')
  t.equal(upstream.seen.length, 0, 'the upstream received no request')
  t.notOk(
    upstream.seen.some((s) => s.headers.authorization),
    'so no Authorization header, and no upstream token',
  )
})

t.test('AUDIT_LOG_FILE: one JSON line per call, the agreed fields, no token or cookie', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-audit-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // a folder that does not exist yet: the gateway makes it
  const file = join(dir, 'logs', 'audit.jsonl')
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url, { env: { AUDIT_LOG_FILE: file } })
  t.equal(portal.config.auditLogFile, file)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const token = await scriptToken(portal.baseUrl)
  t.equal(await statusOf(fetch(`${portal.baseUrl}/api/departments?by_name=Fin`, { headers: { cookie } })), 200)
  t.equal(await statusOf(fetch(`${portal.baseUrl}/api/departments/3`, { headers: { authorization: `Bearer ${token}` } })), 200)
  // close() ends the file stream: every line written so far is on disk when it resolves
  await portal.gateway.close()

  const text = readFileSync(file, 'utf8')
  t.ok(text.endsWith('\n'))
  const lines = text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
  const calls = lines.filter((l) => !('event' in l))
  t.same(verifyAudit([{ file, text }]).problems, [], 'the chain verifies')
  t.equal(calls.length, 2, 'one line per upstream call')
  // the file's lines are one chain (audit-chain.ts): each with its chain, seq and prev
  for (const line of calls) t.same(Object.keys(line).sort(), [...AUDIT_FIELDS, 'chain', 'prev', 'seq'].sort())
  t.same(
    calls.map((l) => pick(l, ['user', 'method', 'path', 'status'])),
    [
      { user: 'alice@ccoe.example', method: 'GET', path: '/api/departments', status: 200 },
      { user: SCRIPT_CLIENT.clientId, method: 'GET', path: '/api/departments/3', status: 200 },
    ],
  )
  t.ok(
    lines.some((l) => l.event === 'login' && l.user === 'alice@ccoe.example'),
    'and the events',
  )
  const sessionValue = cookie.slice(cookie.indexOf('=') + 1)
  for (const secret of [
    sessionValue,
    decodeURIComponent(sessionValue),
    token,
    token.split('.')[2],
    UPSTREAM_TOKEN,
    'by_name',
    'Fin',
    SCRIPT_CLIENT.clientSecret,
  ]) {
    t.notOk(text.includes(secret), `the file holds no ${secret.slice(0, 12)}…`)
  }
})
