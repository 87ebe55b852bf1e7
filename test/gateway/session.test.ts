import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { freePort } from '../helper.js'
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose'
import { safeReturnTo } from '../../server/gateway/return-to.js'
import { API_AUDIENCE } from '../../server/idp/plugin.js'
import { scriptToken, signIn, signInFlow } from '../lib/sign-in.js'
import { startGateway } from '../helper.js'
import { startRecordingUpstream } from './start.js'

const ALICE = ['alice@ccoe.example', 'alice'] as const

const cookieValue = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))

async function sessionStatus(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/session`, { headers })
  return { status: response.status, body: await response.json() }
}

t.test('returnTo accepts same-origin paths only', async (t) => {
  t.equal(safeReturnTo('/auth/view/departments?page=2'), '/auth/view/departments?page=2')
  // still encoded, so harmless once it is put in the Location header again
  t.equal(safeReturnTo('/%0d%0aSet-Cookie'), '/%0d%0aSet-Cookie')
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '\\\\evil', 'auth/home', '', undefined, '/\tevil', '/\r\nx']) {
    t.equal(safeReturnTo(bad), '/auth/home', `refuses ${JSON.stringify(bad)}`)
  }
})

t.test('sign-in, session, logout', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url)
  const { baseUrl } = portal

  t.test('signed out: /api/session is 401', async (t) => {
    t.same(await sessionStatus(baseUrl, {}), { status: 401, body: { error: 'Unauthorized', statusCode: 401 } })
  })

  t.test('the round trip ends on /unauth/login with the asked returnTo, and names the user', async (t) => {
    const { cookie, location } = await signInFlow(baseUrl, ...ALICE, '/auth/view/departments')
    t.equal(location, `/unauth/login?returnTo=${encodeURIComponent('/auth/view/departments')}`)
    t.match(cookie, /^ccoe_session=/)
    t.same(await sessionStatus(baseUrl, { cookie }), { status: 200, body: { email: 'alice@ccoe.example', name: 'Alice Admin' } })
    const bob = await signIn(baseUrl, 'bob@ccoe.example', 'bob')
    t.same((await sessionStatus(baseUrl, { cookie: bob })).body, { email: 'bob@ccoe.example', name: 'Bob Builder' })
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
    t.same(Object.keys(session!.data()!).sort(), ['email', 'lastSeen', 'loginAt', 'name', 'sid', 'sub'])
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
    t.notOk(response.headers.getSetCookie().some((c) => c.startsWith('ccoe_session=') && !c.startsWith('ccoe_session=;')))
  })

  t.test('a logout link from another site is refused: home, and the session lives on', async (t) => {
    const cookie = await signIn(baseUrl, ...ALICE)
    for (const site of ['cross-site', 'same-site']) {
      const response = await fetch(`${baseUrl}/oidc/logout`, { headers: { cookie, 'sec-fetch-site': site }, redirect: 'manual' })
      t.equal(response.status, 302, site)
      t.equal(response.headers.get('location'), `${baseUrl}/unauth/home`)
      t.notOk(response.headers.getSetCookie().some((c) => c.startsWith('ccoe_session=')), 'the cookie is left alone')
      t.equal((await sessionStatus(baseUrl, { cookie })).status, 200, 'still signed in')
    }
    t.notOk(portal.audit.some((l) => l.event === 'logout'), 'no logout recorded')
    const denied = portal.audit.filter((l) => l.event === 'denied' && l.path === '/oidc/logout')
    t.equal(denied.length, 2)
    t.match(denied, [{ user: 'alice@ccoe.example', reason: 'cross-site logout', status: 302, method: 'GET' }])
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
    // a second gateway sharing the data folder and the session key: another replica
    const replica = await startGateway(t, upstream.url, { overrides: { dataDir: portal.config.dataDir, sessionKey: portal.config.sessionKey } })
    t.equal((await sessionStatus(replica.baseUrl, { cookie })).status, 200)

    const response = await fetch(`${baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
    t.equal(response.status, 302)
    const target = new URL(response.headers.get('location')!)
    t.equal(target.pathname, '/idp/session/end')
    t.equal(target.searchParams.get('client_id'), portal.config.oidcClientId)
    t.equal(target.searchParams.get('post_logout_redirect_uri'), `${baseUrl}/unauth/home`)
    t.match(response.headers.getSetCookie().join(), /ccoe_session=;/)

    t.equal((await sessionStatus(baseUrl, { cookie })).status, 401, 'replayed cookie refused here')
    t.equal((await fetch(`${baseUrl}/api/departments`, { headers: { cookie } })).status, 401)
    await sleep(1100)
    t.equal((await sessionStatus(replica.baseUrl, { cookie })).status, 401, 'and on the replica')
    t.match(portal.audit.findLast((l) => l.event === 'logout'), { user: 'alice@ccoe.example', path: '/oidc/logout' })
  })

  t.test('a bearer token from client credentials works; forged, expired, foreign ones do not', async (t) => {
    const token = await scriptToken(baseUrl)
    t.same(await sessionStatus(baseUrl, { authorization: `Bearer ${token}` }), {
      status: 200,
      body: { email: 'ccoe-scripts', name: 'ccoe-scripts' },
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
    const sign = async (key: CryptoKey | Uint8Array, opts: { alg?: string; iss?: string; aud?: string; exp?: number; nbf?: number } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(opts.iss ?? issuer)
        .setAudience(opts.aud ?? API_AUDIENCE)
        .setIssuedAt(now - 120)
        .setNotBefore(opts.nbf ?? now - 120)
        .setExpirationTime(opts.exp ?? now + 600)
        .sign(key)

    const keys = JSON.parse(readFileSync(join(portal.config.dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] }
    const realKey = (await importJWK(keys.keys[0], 'RS256')) as CryptoKey
    t.equal((await sessionStatus(baseUrl, { authorization: `Bearer ${await sign(realKey)}` })).status, 200, 'control: the real key signs a valid token')

    const { privateKey: stranger } = await generateKeyPair('RS256')
    const refused = {
      'signed by another key': await sign(stranger),
      expired: await sign(realKey, { exp: now - 60 }),
      'not yet valid': await sign(realKey, { nbf: now + 600 }),
      'another audience': await sign(realKey, { aud: portal.config.oidcClientId }),
      'another issuer': await sign(realKey, { iss: 'http://127.0.0.1:1/idp' }),
      'HS256 with a guessable secret': await sign(new TextEncoder().encode('x'.repeat(32)), { alg: 'HS256' }),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${token.split('.')[1]}.`,
      'tampered payload': `${header}.${Buffer.from(JSON.stringify({ ...claims, client_id: 'admin', iss: issuer, aud: API_AUDIENCE, exp: now + 600 })).toString('base64url')}.${token.split('.')[2]}`,
    }
    const seen = upstream.seen.length
    for (const [what, bad] of Object.entries(refused)) {
      t.equal((await sessionStatus(baseUrl, { authorization: `Bearer ${bad}` })).status, 401, what)
      t.equal((await fetch(`${baseUrl}/api/departments`, { headers: { authorization: `Bearer ${bad}` } })).status, 401, what)
    }
    t.equal(upstream.seen.length, seen, 'no refused token reached the upstream')
    // a bad Authorization header is not rescued by a good cookie
    const cookie = await signIn(baseUrl, ...ALICE)
    t.equal((await sessionStatus(baseUrl, { cookie, authorization: 'Bearer nope' })).status, 401)
  })
})

t.test('idle and absolute timeouts', async (t) => {
  const upstream = await startRecordingUpstream(t)

  t.test('idle: activity keeps the session, silence ends it', async (t) => {
    // margins wide enough for a busy CI machine: activity every 800 ms, idle limit 2 s, silence 2.6 s
    const { baseUrl } = await startGateway(t, upstream.url, { overrides: { idleTimeoutMs: 2000, absoluteTimeoutMs: 60_000 } })
    let cookie = await signIn(baseUrl, ...ALICE)
    for (let i = 0; i < 4; i++) {
      await sleep(800)
      const response = await fetch(`${baseUrl}/api/session`, { headers: { cookie } })
      t.equal(response.status, 200, `active after ${(i + 1) * 800} ms`)
      const refreshed = response.headers.getSetCookie().find((c) => c.startsWith('ccoe_session='))
      if (refreshed) cookie = refreshed.split(';')[0]
    }
    await sleep(2600)
    const response = await fetch(`${baseUrl}/api/session`, { headers: { cookie } })
    t.equal(response.status, 401, 'idle too long')
    t.match(response.headers.getSetCookie().join(), /ccoe_session=;/, 'and the cookie is cleared')
  })

  t.test('absolute: even an active session ends', async (t) => {
    const { baseUrl } = await startGateway(t, upstream.url, { overrides: { idleTimeoutMs: 60_000, absoluteTimeoutMs: 3000 } })
    const cookie = await signIn(baseUrl, ...ALICE)
    t.equal((await sessionStatus(baseUrl, { cookie })).status, 200)
    await sleep(1000)
    t.equal((await sessionStatus(baseUrl, { cookie })).status, 200)
    await sleep(2500)
    t.equal((await sessionStatus(baseUrl, { cookie })).status, 401)
  })
})

t.test('behind https the session cookie is __Host- and Secure', async (t) => {
  const upstream = await startRecordingUpstream(t)
  // a loopback https address where nothing listens: the logout's IdP discovery fails at once, offline
  const { gateway } = await startGateway(t, upstream.url, { overrides: { publicUrl: `https://127.0.0.1:${await freePort()}` } })
  const response = await gateway.inject({ method: 'GET', url: '/oidc/logout' })
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('\n')
  t.match(cookie, /^__Host-ccoe_session=; .*Path=\/; .*HttpOnly; Secure; SameSite=Lax/m)
  t.notMatch(cookie, /Domain=/i)
  t.match(response.headers['strict-transport-security'], /max-age=/)
})
