/**
 * The session follows the IdP (issue 38 items 5 and 6): re-checks every SESSION_REFRESH_MINUTES with
 * the refresh token (else userinfo), the IdP's refusal ends the session, logout sends id_token_hint,
 * and a back-channel logout ends every session of the IdP session on every replica.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose'
import t from 'tap'
import { REREAD_MS } from '../../../../server/gateway/revocations.js'
import { DEMO_USERS, type DemoUser } from '../../../../server/idp/plugin.js'
import { startGateway, testClock, type Teardown, type TestIdpOptions } from '../../../helper.js'
import { beginSignIn, finishSignIn, formAction, sessionAnswer, step } from '../../../lib/sign-in.js'
import { startRecordingUpstream } from '../../start.js'

const MINUTE = 60_000
const SESSION_ENDED = {
  error: "Your session was ended by the company's sign-in service. Sign in again.",
  statusCode: 401,
  signIn: 'session-ended',
}

/** the demo accounts as copies a test may change, as an admin would at the IdP */
const ownUsers = (): DemoUser[] => DEMO_USERS.map((user) => ({ ...user, groups: [...user.groups] }))

async function portalWith(t: Teardown, idp: TestIdpOptions = {}) {
  const clock = testClock()
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url, { now: clock.now, idp })
  return { clock, upstream, portal }
}

async function session(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/api/session`, { headers: { cookie } })
  return { status: response.status, body: (await response.json()) as unknown }
}

/** signs in with a jar the test keeps: the IdP's own session cookies are in it too */
async function signInKeepingJar(baseUrl: string, email: string, password: string) {
  const begun = await beginSignIn(baseUrl)
  const { cookie } = await finishSignIn(baseUrl, begun, email, password)
  return { cookie, jar: begun.jar }
}

t.test('a group removed at the IdP takes effect within SESSION_REFRESH_MINUTES (refresh token)', async (t) => {
  const users = ownUsers()
  const { clock, portal } = await portalWith(t, { users })
  t.equal(portal.config.sessionRefreshMs, 5 * MINUTE, 'the default: 5 minutes')
  const cookie = (await signInKeepingJar(portal.baseUrl, 'alice@ccoe.example', 'alice')).cookie
  t.same(await session(portal.baseUrl, cookie), { status: 200, body: sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin') })

  users.find((user) => user.sub === 'alice')!.groups = ['ccoe-viewers']
  clock.advance(5 * MINUTE - 1)
  t.same((await session(portal.baseUrl, cookie)).body, sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'), 'not re-checked yet')
  clock.advance(1)
  t.same(
    await session(portal.baseUrl, cookie),
    { status: 200, body: sessionAnswer('alice@ccoe.example', 'Alice Admin', 'viewer') },
    'the next request after the interval has the new role',
  )
  users.find((user) => user.sub === 'alice')!.groups = ['finance']
  clock.advance(5 * MINUTE)
  t.same((await session(portal.baseUrl, cookie)).body, sessionAnswer('alice@ccoe.example', 'Alice Admin', null), 'and no role at all')
})

t.test('a page of parallel requests at the re-check spends the refresh token once (an IdP that rotates them)', async (t) => {
  const { clock, portal } = await portalWith(t, { portalClient: { rotateRefreshTokens: true } })
  const cookie = (await signInKeepingJar(portal.baseUrl, 'alice@ccoe.example', 'alice')).cookie
  const admin = { status: 200, body: sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin') }
  for (const round of [1, 2]) {
    clock.advance(5 * MINUTE)
    // the SPA asks several things at once; each request carries the cookie of before the re-check
    const answers = await Promise.all(Array.from({ length: 6 }, () => session(portal.baseUrl, cookie)))
    t.same(answers, Array(6).fill(admin), `re-check ${round}: every request still signed in`)
  }
})

t.test('an account disabled at the IdP: the next re-check ends the session, with a page that says so', async (t) => {
  const users = ownUsers()
  const { clock, portal } = await portalWith(t, { users })
  const cookie = (await signInKeepingJar(portal.baseUrl, 'bob@ccoe.example', 'bob')).cookie
  t.equal((await session(portal.baseUrl, cookie)).status, 200)
  users.find((user) => user.sub === 'bob')!.disabled = true
  clock.advance(5 * MINUTE)
  t.same(await session(portal.baseUrl, cookie), { status: 401, body: SESSION_ENDED }, 'ended, and the answer says why')
  t.same(await session(portal.baseUrl, cookie), { status: 401, body: { error: 'Unauthorized', statusCode: 401 } }, 'and stays ended')
  const line = await portal.auditLine((l) => l.reason === 'session ended by the IdP')
  t.same([line.event, line.status, line.path], ['denied', 401, '/api/session'])

  const page = await fetch(`${portal.baseUrl}/oidc/session-ended`, { headers: { accept: 'text/html' } })
  t.equal(page.status, 401)
  const html = await page.text()
  t.ok(html.includes('<h1>Your session has ended</h1>'))
  t.ok(html.includes('href="/oidc/login?returnTo=%2Fauth%2Fhome">Try again</a>'))
  t.ok(html.includes(`Request id: ${page.headers.get('x-request-id')}`))
})

t.test('no refresh token: the userinfo endpoint is asked with the access token', async (t) => {
  const users = ownUsers()
  const { clock, portal } = await portalWith(t, { users, portalClient: { refreshTokens: false, userinfoAccessToken: true } })
  const cookie = (await signInKeepingJar(portal.baseUrl, 'alice@ccoe.example', 'alice')).cookie
  users.find((user) => user.sub === 'alice')!.groups = ['ccoe-editors']
  clock.advance(5 * MINUTE)
  t.same((await session(portal.baseUrl, cookie)).body, sessionAnswer('alice@ccoe.example', 'Alice Admin', 'editor'))
  users.find((user) => user.sub === 'alice')!.disabled = true
  clock.advance(5 * MINUTE)
  // the IdP still answers userinfo for a live token of a disabled account? it looks the account up: gone
  t.same(await session(portal.baseUrl, cookie), { status: 401, body: SESSION_ENDED })
  // past the access token's hour there is nothing to ask with: the session lives on its own timeouts
})

t.test('logout sends id_token_hint, post_logout_redirect_uri and client_id', async (t) => {
  const { portal } = await portalWith(t)
  const cookie = (await signInKeepingJar(portal.baseUrl, 'alice@ccoe.example', 'alice')).cookie
  const response = await fetch(`${portal.baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
  const target = new URL(response.headers.get('location')!)
  t.equal(target.pathname, '/idp/session/end')
  t.equal(target.searchParams.get('client_id'), 'ccoe-portal')
  t.equal(target.searchParams.get('post_logout_redirect_uri'), `${portal.baseUrl}/unauth/home`)
  const hint = target.searchParams.get('id_token_hint')!
  const claims = JSON.parse(Buffer.from(hint.split('.')[1], 'base64url').toString()) as Record<string, unknown>
  t.same([claims.iss, claims.aud, claims.sub], [`${portal.baseUrl}/idp`, 'ccoe-portal', 'alice'], 'the ID token of the sign-in')
})

t.test('back-channel logout: the IdP ends its session, every replica ends the portal session', async (t) => {
  const clock = testClock()
  const replicaClock = testClock()
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url, { now: clock.now })
  const replica = await startGateway(t, upstream.url, {
    overrides: { dataDir: portal.config.dataDir, sessionKey: portal.config.sessionKey },
    now: replicaClock.now,
  })
  const { cookie, jar } = await signInKeepingJar(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const other = (await signInKeepingJar(portal.baseUrl, 'bob@ccoe.example', 'bob')).cookie
  t.equal((await session(replica.baseUrl, cookie)).status, 200)

  // the person signs out at the IdP itself (another application's logout button, say)
  const end = new URL('/idp/session/end', portal.baseUrl)
  const confirm = await step(jar, end)
  const html = await confirm.text()
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]
  const done = await step(jar, formAction(html, end), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  })
  t.ok(done.status < 400, 'the IdP ended its session')
  // the IdP answers the person once the portal has answered its back-channel post
  const line = portal.audit.find((l) => l.reason === 'back-channel')!
  t.same([line.event, line.path, line.status, line.user], ['logout', '/oidc/backchannel-logout', 200, 'alice'])

  t.equal((await session(portal.baseUrl, cookie)).status, 401, 'ended where the IdP posted')
  t.equal((await session(replica.baseUrl, cookie)).status, 200, 'the replica has not reread the cut-off yet')
  replicaClock.advance(REREAD_MS + 1)
  t.equal((await session(replica.baseUrl, cookie)).status, 401, 'and then ends it too')
  t.equal((await session(replica.baseUrl, other)).status, 200, "another person's session lives on")
})

t.test('POST /oidc/backchannel-logout verifies the logout token', async (t) => {
  const { clock, portal } = await portalWith(t)
  const { baseUrl } = portal
  const issuer = `${baseUrl}/idp`
  // the IdP's keys are written when it first signs: a sign-in makes sure they exist
  const alice = (await signInKeepingJar(baseUrl, 'alice@ccoe.example', 'alice')).cookie
  const { keys } = JSON.parse(readFileSync(join(portal.config.dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] }
  const realKey = await importJWK(keys[0], 'RS256')
  const { privateKey: stranger } = await generateKeyPair('RS256')
  const events = { 'http://schemas.openid.net/event/backchannel-logout': {} }
  let serial = 0
  const logoutToken = (claims: Record<string, unknown> = {}, key: Parameters<SignJWT['sign']>[0] = realKey) =>
    new SignJWT({ events, jti: `jti-${++serial}`, sub: 'alice', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: keys[0].kid, typ: 'logout+jwt' })
      .setIssuer(String(claims.iss ?? issuer))
      .setAudience(String(claims.aud ?? 'ccoe-portal'))
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime(Math.floor(clock.now() / 1000) + 120)
      .sign(key)
  const post = async (body: Record<string, string>, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    })
    const text = await response.text()
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body: text && (JSON.parse(text) as unknown) }
  }
  const refused = {
    status: 400,
    cacheControl: 'no-store',
    body: { error: 'invalid_request', error_description: 'the logout token is invalid' },
  }

  const bad = {
    'no logout_token': {},
    'signed by another key': { logout_token: await logoutToken({}, stranger) },
    'another issuer': { logout_token: await logoutToken({ iss: 'http://127.0.0.1:1/idp' }) },
    'another audience': { logout_token: await logoutToken({ aud: 'ccoe-scripts' }) },
    'no logout event': { logout_token: await logoutToken({ events: { 'http://example.com/other': {} } }) },
    'a nonce': { logout_token: await logoutToken({ nonce: 'n' }) },
    'neither sid nor sub': { logout_token: await logoutToken({ sub: undefined }) },
  }
  for (const [what, body] of Object.entries(bad)) t.same(await post(body as Record<string, string>), refused, what)
  t.equal((await session(baseUrl, alice)).status, 200, 'none of them ended anything')

  clock.advance(1000)
  // the IdP posts server to server: an Origin of its own is no cross-site request to refuse
  const good = await logoutToken()
  t.same(await post({ logout_token: good }, { origin: 'http://127.0.0.1:1' }), { status: 200, cacheControl: 'no-store', body: '' })
  t.equal((await session(baseUrl, alice)).status, 401, 'a `sub` alone ends that person’s sessions')
  t.same(await post({ logout_token: good }), refused, 'a replayed jti is refused')
  clock.advance(1000)
  const later = (await signInKeepingJar(baseUrl, 'alice@ccoe.example', 'alice')).cookie
  t.equal((await session(baseUrl, later)).status, 200, 'a sign-in after the logout is not ended by it')
})
