import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { permitsOf } from '../../../../shared/access.js'
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose'
import { ConfigError, DEFAULT_API_AUDIENCE, loadConfig } from '../../../../server/config.js'
import { safeReturnTo } from '../../../../server/gateway/return-to.js'
import { FileRevocations } from '../../../../server/gateway/revocations.js'
import { API_AUDIENCE } from '../../../../server/idp/plugin.js'
import { scriptToken, sessionAnswer, signIn, signInFlow } from '../../../lib/sign-in.js'
import { freePort, NO_DATABASE, ownSchema, startGateway, tempDir, testClock } from '../../../helper.js'
import { startRecordingUpstream } from '../../start.js'
import { statusOf } from '../../../lib/status-of.js'

type SigningKey = Parameters<SignJWT['sign']>[0]

const ALICE = ['alice@ccoe.example', 'alice'] as const

const cookieValue = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))

async function sessionStatus(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/session`, { headers })
  return { status: response.status, body: (await response.json()) as unknown }
}

/** A browser's view of the session cookie: each answer's rewrite of it replaces the one sent. */
async function visit(baseUrl: string, browser: { cookie: string }) {
  const response = await fetch(`${baseUrl}/api/session`, { headers: { cookie: browser.cookie } })
  await response.arrayBuffer()
  const set = response.headers.getSetCookie().find((c) => c.startsWith('ccoe_session='))
  const value = set?.split(';')[0]
  if (value && value !== 'ccoe_session=') browser.cookie = value
  return { status: response.status, rewritten: value !== undefined, cleared: value === 'ccoe_session=' }
}

t.test('returnTo accepts same-origin paths only', NO_DATABASE, async (t) => {
  t.equal(safeReturnTo('/auth/view/departments?page=2'), '/auth/view/departments?page=2')
  // still encoded, so harmless once it is put in the Location header again
  t.equal(safeReturnTo('/%0d%0aSet-Cookie'), '/%0d%0aSet-Cookie')
  for (const bad of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '\\\\evil',
    'auth/home',
    '',
    undefined,
    '/\tevil',
    '/\r\nx',
    // normalised first, checked after: these resolve to //evil.example
    '/auth/..//evil.example',
    '/auth/../..//evil.example/x',
    '/./%2e%2e//evil.example',
    '/auth/%2e%2e//evil.example',
  ]) {
    t.equal(safeReturnTo(bad), '/auth/home', `refuses ${JSON.stringify(bad)}`)
  }
})

t.test('sign-in, session, logout', NO_DATABASE, async (t) => {
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url)
  const { baseUrl } = portal

  t.test('signed out: /api/session is 401, audited without the cookie it was sent', async (t) => {
    t.same(await sessionStatus(baseUrl, {}), { status: 401, body: { error: 'Unauthorized', statusCode: 401 } })
    const forged = 'ccoe_session=forged-value-1234567890'
    t.equal((await sessionStatus(baseUrl, { cookie: forged })).status, 401)
    const lines = portal.audit.filter((l) => l.path === '/api/session')
    t.same(
      lines.map(({ event, reason, status, user, method }) => ({ event, reason, status, user, method })),
      [
        { event: 'denied', reason: 'unauthenticated', status: 401, user: null, method: 'GET' },
        { event: 'denied', reason: 'unauthenticated', status: 401, user: null, method: 'GET' },
      ],
    )
    t.notMatch(portal.auditText(), /forged-value/, 'no cookie in the log')
  })

  t.test('the round trip ends on /unauth/login with the asked returnTo, and names the user', async (t) => {
    const { cookie, location } = await signInFlow(baseUrl, ...ALICE, '/auth/view/departments')
    t.equal(location, `/unauth/login?returnTo=${encodeURIComponent('/auth/view/departments')}`)
    t.match(cookie, /^ccoe_session=/)
    t.same(await sessionStatus(baseUrl, { cookie }), { status: 200, body: sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin') })
    const bob = await signIn(baseUrl, 'bob@ccoe.example', 'bob')
    t.same((await sessionStatus(baseUrl, { cookie: bob })).body, sessionAnswer('bob@ccoe.example', 'Bob Builder', 'editor'))
  })

  t.test('a foreign returnTo becomes /auth/home', async (t) => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      const { location } = await signInFlow(baseUrl, ...ALICE, bad)
      t.equal(location, '/unauth/login?returnTo=%2Fauth%2Fhome', bad)
    }
  })

  t.test('the session cookie is HttpOnly, SameSite=Lax, Path=/ and holds no token', async (t) => {
    const response = await fetch(`${baseUrl}/oidc/login`, { redirect: 'manual' })
    const flow = response.headers.getSetCookie().join('\n')
    t.match(flow, /ccoe_login=[^;]+; Path=\/; HttpOnly; SameSite=Lax/)
    const cookie = await signIn(baseUrl, ...ALICE)
    const session = portal.gateway.decodeSecureSession(cookieValue(cookie))
    t.same(Object.keys(session!.data()!).sort(), ['checkedAt', 'email', 'idpSid', 'lastSeen', 'loginAt', 'name', 'role', 'sid', 'sub'])
  })

  t.test('every login is a new session', async (t) => {
    const first = await signIn(baseUrl, ...ALICE)
    const second = await signIn(baseUrl, ...ALICE)
    const sid = (cookie: string) => portal.gateway.decodeSecureSession(cookieValue(cookie))?.get('sid')
    t.ok(sid(first))
    t.not(sid(first), sid(second))
  })

  t.test('a callback without a sign-in in progress is refused', async (t) => {
    const response = await fetch(`${baseUrl}/oidc/callback?code=x&state=y`, { redirect: 'manual' })
    t.equal(response.status, 400)
    t.same(await response.json(), { error: 'No sign-in in progress. Start again from the portal.', statusCode: 400 })
    t.notOk(response.headers.getSetCookie().some((c) => c.startsWith('ccoe_session=') && !c.startsWith('ccoe_session=;')))
  })

  t.test('a logout link from another site is refused: home, and the session lives on', async (t) => {
    const cookie = await signIn(baseUrl, ...ALICE)
    for (const site of ['cross-site', 'same-site']) {
      const response = await fetch(`${baseUrl}/oidc/logout`, { headers: { cookie, 'sec-fetch-site': site }, redirect: 'manual' })
      t.equal(response.status, 302, site)
      t.equal(response.headers.get('location'), `${baseUrl}/unauth/home`)
      t.notOk(
        response.headers.getSetCookie().some((c) => c.startsWith('ccoe_session=')),
        'the cookie is left alone',
      )
      t.equal((await sessionStatus(baseUrl, { cookie })).status, 200, 'still signed in')
    }
    t.notOk(
      portal.audit.some((l) => l.event === 'logout'),
      'no logout recorded',
    )
    const denied = portal.audit.filter((l) => l.event === 'denied' && l.path === '/oidc/logout')
    t.equal(denied.length, 2)
    t.same(
      denied.map(({ user, reason, status, method }) => ({ user, reason, status, method })),
      Array(2).fill({ user: 'alice@ccoe.example', reason: 'cross-site logout', status: 302, method: 'GET' }),
    )
    t.ok(denied.every((l) => typeof l.durationMs === 'number'))

    // the portal's own menu link (same-origin) and a typed URL (none) still log out
    for (const site of ['same-origin', 'none']) {
      const own = await signIn(baseUrl, ...ALICE)
      const response = await fetch(`${baseUrl}/oidc/logout`, { headers: { cookie: own, 'sec-fetch-site': site }, redirect: 'manual' })
      t.equal(response.status, 302)
      t.equal((await sessionStatus(baseUrl, { cookie: own })).status, 401, `${site}: logged out`)
    }
  })

  t.test('logout ends the session at the IdP too, and the old cookie is refused afterwards, on every replica', async (t) => {
    const cookie = await signIn(baseUrl, ...ALICE)
    // a second gateway sharing the data folder and the session key: another replica, on its own clock
    const replicaClock = testClock()
    const replica = await startGateway(t, upstream.url, {
      overrides: { dataDir: portal.config.dataDir, sessionKey: portal.config.sessionKey },
      now: replicaClock.now,
    })
    t.equal((await sessionStatus(replica.baseUrl, { cookie })).status, 200)

    const response = await fetch(`${baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
    t.equal(response.status, 302)
    const target = new URL(response.headers.get('location')!)
    t.equal(target.pathname, '/idp/session/end')
    t.equal(target.searchParams.get('client_id'), portal.config.oidcClientId)
    t.equal(target.searchParams.get('post_logout_redirect_uri'), `${baseUrl}/unauth/home`)
    t.match(response.headers.getSetCookie().join(), /ccoe_session=;/)

    t.equal((await sessionStatus(baseUrl, { cookie })).status, 401, 'replayed cookie refused here')
    t.equal(await statusOf(fetch(`${baseUrl}/api/departments`, { headers: { cookie } })), 401)
    // the replica rereads the shared cut-off once a second of its clock (the documented lag)
    t.equal((await sessionStatus(replica.baseUrl, { cookie })).status, 200, 'the replica has not reread the cut-off yet')
    replicaClock.advance(1001)
    t.equal((await sessionStatus(replica.baseUrl, { cookie })).status, 401, 'and then refuses it too')
    const logout = portal.audit.findLast((l) => l.event === 'logout')!
    t.same([logout.user, logout.path, logout.status], ['alice@ccoe.example', '/oidc/logout', 302])
  })

  t.test('a bearer token from client credentials works; forged, expired, foreign ones do not', async (t) => {
    const token = await scriptToken(baseUrl)
    t.same(await sessionStatus(baseUrl, { authorization: `Bearer ${token}` }), {
      status: 200,
      body: {
        email: 'ccoe-scripts',
        name: 'ccoe-scripts',
        role: null,
        scopes: ['read', 'reports'],
        permits: permitsOf({ scopes: ['read', 'reports'] }),
      },
    })
    const before = upstream.seen.length
    const ok = await fetch(`${baseUrl}/api/departments`, { headers: { authorization: `Bearer ${token}` } })
    t.equal(ok.status, 200)
    t.equal(upstream.seen[before].headers.uid, 'ccoe-scripts')

    const issuer = `${baseUrl}/idp`
    const [header] = token.split('.')
    const kid = JSON.parse(Buffer.from(header, 'base64url').toString()).kid as string
    const now = Math.floor(Date.now() / 1000)
    const claims = { client_id: 'ccoe-scripts', sub: 'ccoe-scripts' }
    const sign = async (key: SigningKey, opts: { alg?: string; iss?: string; aud?: string; exp?: number; nbf?: number } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(opts.iss ?? issuer)
        .setAudience(opts.aud ?? API_AUDIENCE)
        .setIssuedAt(now - 120)
        .setNotBefore(opts.nbf ?? now - 120)
        .setExpirationTime(opts.exp ?? now + 600)
        .sign(key)

    const keys = JSON.parse(readFileSync(join(portal.config.dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] }
    const realKey = await importJWK(keys.keys[0], 'RS256')
    t.equal(
      (await sessionStatus(baseUrl, { authorization: `Bearer ${await sign(realKey)}` })).status,
      200,
      'control: the real key signs a valid token',
    )

    const { privateKey: stranger } = await generateKeyPair('RS256')
    const refused = {
      'signed by another key': await sign(stranger),
      expired: await sign(realKey, { exp: now - 60 }),
      'not yet valid': await sign(realKey, { nbf: now + 600 }),
      'an ID token (audience: the client id)': await sign(realKey, { aud: portal.config.oidcClientId }),
      'another API audience': await sign(realKey, { aud: 'urn:another:api' }),
      'another issuer': await sign(realKey, { iss: 'http://127.0.0.1:1/idp' }),
      'HS256 with a guessable secret': await sign(new TextEncoder().encode('x'.repeat(32)), { alg: 'HS256' }),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${token.split('.')[1]}.`,
      'tampered payload': `${header}.${Buffer.from(JSON.stringify({ ...claims, client_id: 'admin', iss: issuer, aud: API_AUDIENCE, exp: now + 600 })).toString('base64url')}.${token.split('.')[2]}`,
    }
    const seen = upstream.seen.length
    for (const [what, bad] of Object.entries(refused)) {
      t.equal((await sessionStatus(baseUrl, { authorization: `Bearer ${bad}` })).status, 401, what)
      t.equal(await statusOf(fetch(`${baseUrl}/api/departments`, { headers: { authorization: `Bearer ${bad}` } })), 401, what)
    }
    t.equal(upstream.seen.length, seen, 'no refused token reached the upstream')
    // a bad Authorization header is not rescued by a good cookie
    const cookie = await signIn(baseUrl, ...ALICE)
    t.equal((await sessionStatus(baseUrl, { cookie, authorization: 'Bearer nope' })).status, 401)
  })
})

t.test('idle and absolute timeouts, on the gateway clock', NO_DATABASE, async (t) => {
  const upstream = await startRecordingUpstream(t)
  const MINUTE = 60_000

  t.test('idle: activity keeps the session, silence ends it', async (t) => {
    const clock = testClock(Date.parse('2030-01-02T03:04:05.678Z'))
    const gw = await startGateway(t, upstream.url, {
      overrides: { idleTimeoutMs: 10 * MINUTE, absoluteTimeoutMs: 60 * MINUTE },
      now: clock.now,
    })
    const { baseUrl } = gw
    const browser = { cookie: await signIn(baseUrl, ...ALICE) }
    t.equal((await gw.auditLine((l) => l.event === 'login')).time, '2030-01-02T03:04:05.678Z', 'audit times come from the same clock')
    for (let minutes = 4; minutes <= 16; minutes += 4) {
      clock.advance(4 * MINUTE)
      t.same(
        await visit(baseUrl, browser),
        { status: 200, rewritten: true, cleared: false },
        `active after ${minutes} min: lastSeen rewritten`,
      )
    }
    clock.advance(30_000)
    t.same(
      await visit(baseUrl, browser),
      { status: 200, rewritten: false, cleared: false },
      'within a minute of the last rewrite the cookie is left alone',
    )
    clock.advance(10 * MINUTE - 30_001)
    t.same(await visit(baseUrl, browser), { status: 200, rewritten: true, cleared: false }, '1 ms short of the idle limit')
    clock.advance(10 * MINUTE)
    t.same(await visit(baseUrl, browser), { status: 401, rewritten: true, cleared: true }, 'idle for the limit: refused, cookie cleared')
  })

  t.test('absolute: even an active session ends', async (t) => {
    const clock = testClock()
    const { baseUrl } = await startGateway(t, upstream.url, {
      overrides: { idleTimeoutMs: 10 * MINUTE, absoluteTimeoutMs: 30 * MINUTE },
      now: clock.now,
    })
    const browser = { cookie: await signIn(baseUrl, ...ALICE) }
    for (let minutes = 5; minutes <= 25; minutes += 5) {
      clock.advance(5 * MINUTE)
      t.equal((await visit(baseUrl, browser)).status, 200, `active after ${minutes} min`)
    }
    clock.advance(5 * MINUTE - 1)
    t.equal((await visit(baseUrl, browser)).status, 200, '1 ms short of the absolute limit')
    clock.advance(1)
    t.same(await visit(baseUrl, browser), { status: 401, rewritten: true, cleared: true }, 'at the absolute limit, however active')
  })

  t.test('a bearer token expires on the same clock', async (t) => {
    const clock = testClock()
    const { baseUrl } = await startGateway(t, upstream.url, { now: clock.now })
    const token = await scriptToken(baseUrl)
    const authorization = `Bearer ${token}`
    t.equal((await sessionStatus(baseUrl, { authorization })).status, 200)
    // the IdP stamps exp from its own (real) clock, so move the gateway's clock past that exp plus
    // the 5 s of skew it allows, however long the token took to be issued on a loaded machine
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }
    clock.advance(exp * 1000 + 5000 - clock.now() - 1)
    t.equal((await sessionStatus(baseUrl, { authorization })).status, 200, 'within the skew the gateway allows')
    clock.advance(1001)
    t.same(await sessionStatus(baseUrl, { authorization }), { status: 401, body: { error: 'Unauthorized', statusCode: 401 } })
  })
})

t.test('the logout cut-off keeps an entry until the session would have expired anyway', NO_DATABASE, async (t) => {
  const clock = testClock(1_000_000)
  const file = join(tempDir(t), 'cut-off', 'revoked.jsonl')
  const revocations = new FileRevocations(file, clock.now)
  await revocations.open()
  await revocations.revoke('sid-a', clock.now() + 5000)
  await revocations.revoke('sid-b', clock.now() + 9000)
  t.same(
    [await revocations.isRevoked('sid-a'), await revocations.isRevoked('sid-b'), await revocations.isRevoked('sid-c')],
    [true, true, false],
  )

  clock.advance(5000)
  t.equal(await revocations.isRevoked('sid-a'), false, 'past its session end the entry is moot')
  t.equal(await revocations.isRevoked('sid-b'), true)
  const before = readFileSync(file, 'utf8')
  const worker = new FileRevocations(file, clock.now, { compactOnOpen: false })
  await worker.open()
  t.equal(readFileSync(file, 'utf8'), before, 'a cluster worker leaves the file as it is (the others append to it meanwhile)')
  t.same([await worker.isRevoked('sid-a'), await worker.isRevoked('sid-b')], [false, true], 'and reads it')
  // a restart (or another replica) compacts the file to the live entries
  const restarted = new FileRevocations(file, clock.now)
  await restarted.open()
  t.same(readFileSync(file, 'utf8'), `${JSON.stringify({ sid: 'sid-b', until: 1_009_000 })}\n`)
  t.equal(await restarted.isRevoked('sid-b'), true)
  t.ok(existsSync(file))
})

t.test(
  'GATEWAY_DATABASE_URL: replicas without a shared disk share the logout cut-off through its table',
  { skip: !process.env.DATABASE_URL && 'needs a PostgreSQL: the DATABASE_URL pass of .ci/run' },
  async (t) => {
    // a schema of this test's own, named as the connection's search_path, so nothing else sees the table
    const schema = `gateway_${process.pid}_${Date.now()}`
    const { url, client: admin } = await ownSchema(t, schema)
    const upstream = await startRecordingUpstream(t)
    const sessionKey = randomBytes(32)
    const replica = async (clock: ReturnType<typeof testClock>) =>
      startGateway(t, upstream.url, { env: { GATEWAY_DATABASE_URL: url.href }, overrides: { sessionKey }, now: clock.now })
    // each with a data folder of its own: nothing on disk is shared
    const [clockA, clockB] = [testClock(), testClock()]
    const [a, b] = [await replica(clockA), await replica(clockB)]
    t.not(a.config.dataDir, b.config.dataDir)

    const cookie = await signIn(a.baseUrl, ...ALICE)
    t.equal((await sessionStatus(b.baseUrl, { cookie })).status, 200, 'one cookie key: the session is good on both')
    t.equal(await statusOf(fetch(`${a.baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })), 302)
    t.equal((await sessionStatus(a.baseUrl, { cookie })).status, 401, 'refused at once where it logged out')
    t.equal((await sessionStatus(b.baseUrl, { cookie })).status, 200, 'the other replica has not reread the table yet')
    clockB.advance(1001)
    t.equal((await sessionStatus(b.baseUrl, { cookie })).status, 401, 'and then refuses it too')

    const { rows } = await admin.query(`SELECT until_ms::text AS until FROM ${schema}.gateway_revoked_sessions`)
    t.equal(rows.length, 1, 'one row a logout')
    t.notOk(existsSync(join(a.config.dataDir, 'revoked-sessions.jsonl')), 'and no file')
    // a replica started later reads the cut-off when it opens
    const late = await replica(testClock())
    t.equal((await sessionStatus(late.baseUrl, { cookie })).status, 401)
    t.equal(
      (await sessionStatus(late.baseUrl, { cookie: await signIn(late.baseUrl, ...ALICE) })).status,
      200,
      'a new sign-in is unaffected',
    )
  },
)

t.test('OIDC_API_AUDIENCE: the audience a bearer token must name', NO_DATABASE, async (t) => {
  const dataDir = tempDir(t)
  t.equal(loadConfig({ DATA_DIR: dataDir }).oidcApiAudience, DEFAULT_API_AUDIENCE)
  t.equal(DEFAULT_API_AUDIENCE, API_AUDIENCE, 'the default is what the embedded IdP issues')
  t.equal(loadConfig({ DATA_DIR: dataDir, OIDC_API_AUDIENCE: 'api://ccoe-portal' }).oidcApiAudience, 'api://ccoe-portal')
  for (const bad of ['two words', ' ', 'tab\there', 'x'.repeat(513)]) {
    t.throws(
      () => loadConfig({ DATA_DIR: dataDir, OIDC_API_AUDIENCE: bad }),
      new ConfigError(`OIDC_API_AUDIENCE must be one audience of visible characters without spaces, got "${bad}"`),
      JSON.stringify(bad.slice(0, 20)),
    )
  }

  const upstream = await startRecordingUpstream(t)
  const configured = await startGateway(t, upstream.url, { env: { OIDC_API_AUDIENCE: 'api://ccoe-portal' } })
  const token = await scriptToken(configured.baseUrl)
  const [, payload] = token.split('.')
  t.equal(
    JSON.parse(Buffer.from(payload, 'base64url').toString()).aud,
    'api://ccoe-portal',
    'the embedded IdP issues the configured audience',
  )
  t.equal((await sessionStatus(configured.baseUrl, { authorization: `Bearer ${token}` })).status, 200)

  const plain = await startGateway(t, upstream.url)
  const before = upstream.seen.length
  t.same(
    await sessionStatus(plain.baseUrl, { authorization: `Bearer ${token}` }),
    { status: 401, body: { error: 'Unauthorized', statusCode: 401 } },
    'refused elsewhere',
  )
  const call = await fetch(`${plain.baseUrl}/api/departments`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(call.status, 401)
  t.same(await call.json(), { error: 'Unauthorized', statusCode: 401 })
  t.equal(upstream.seen.length, before, 'nothing reached the upstream')
})

t.test('behind https the session cookie is __Host- and Secure', NO_DATABASE, async (t) => {
  const upstream = await startRecordingUpstream(t)
  // a loopback https address where nothing listens: the logout's IdP discovery fails at once, offline
  const { gateway } = await startGateway(t, upstream.url, { overrides: { publicUrl: `https://127.0.0.1:${await freePort()}` } })
  const response = await gateway.inject({ method: 'GET', url: '/oidc/logout' })
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('\n')
  t.match(cookie, /^__Host-ccoe_session=; .*Path=\/; .*HttpOnly; Secure; SameSite=Lax/m)
  t.notMatch(cookie, /Domain=/i)
  t.match(response.headers['strict-transport-security'], /max-age=/)
})
