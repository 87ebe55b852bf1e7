/**
 * The gateway behind IdPs that differ as third-party ones do (issue 38): the real oidc-provider of
 * server/idp, configured per case, on a port of its own as OIDC_ISSUER.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair } from 'jose'
import t from 'tap'
import type { IdpVariant } from '../../../../server/idp/variant.js'
import { permitsOf } from '../../../../shared/access.js'
import type { Scope } from '../../../../shared/roles.js'
import { DEMO_USERS, SCRIPT_CLIENT, type DemoUser } from '../../../../server/idp/plugin.js'
import { freePort, startGateway, startStandaloneIdp, startUpstream, tempDir, testClock, type Teardown } from '../../../helper.js'
import { scriptToken, sessionAnswer, signIn } from '../../../lib/sign-in.js'

const ALICE = ['alice@ccoe.example', 'alice'] as const
// every character issue 38 names, in the id and in the secret
const ODD_ID = 'ccoe-portal+a/b=c:d%e'
const ODD_SECRET = 'se-cr+et/with=odd:chars%25'

interface Case {
  variant?: IdpVariant
  /** the IdP's issuer path: '/idp' or '/idp/' */
  path?: string
  /** OIDC_ISSUER, when it is not the IdP's own */
  configuredIssuer?: (issuer: string) => string
  clientId?: string
  secret?: string
  env?: Record<string, string>
  now?: () => number
  /** the IdP's accounts, for a test that changes one */
  users?: DemoUser[]
}

const upstream = startUpstream(t, { seed: false })

/** The IdP of `c` and a gateway that uses it; the IdP first, as in production. */
async function ssoPortal(t: Teardown, c: Case = {}) {
  const { url, token } = await upstream
  const [port, idpPort] = [await freePort(), await freePort()]
  const idpOrigin = `http://127.0.0.1:${idpPort}`
  const issuer = `${idpOrigin}${c.path ?? '/idp'}`
  const clientId = c.clientId ?? 'ccoe-portal'
  const secret = c.secret ?? 'portal-secret'
  await startStandaloneIdp(t, issuer, `http://127.0.0.1:${port}`, secret, { clientId, variant: c.variant, users: c.users })
  const gateway = await startGateway(t, url, {
    overrides: { port },
    now: c.now,
    env: {
      UPSTREAM_TOKEN: token,
      OIDC_ISSUER: c.configuredIssuer?.(issuer) ?? issuer,
      OIDC_CLIENT_ID: clientId,
      ...(c.variant?.portalJwks ? {} : { OIDC_CLIENT_SECRET: secret }),
      ...c.env,
    },
  })
  const bearer = async (path: string, token: string) => {
    const response = await fetch(`${gateway.baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })
    return { status: response.status, challenge: response.headers.get('www-authenticate'), body: await response.text() }
  }
  const session = async (cookie: string) => (await fetch(`${gateway.baseUrl}/api/session`, { headers: { cookie } })).json()
  return { ...gateway, idpOrigin, issuer, bearer, session }
}

const refusal = (why: string) => `Bearer error="invalid_token", error_description="${why}"`
/** What /api/session answers the scripts client: its scopes instead of a role, and what they permit. */
const scriptSession = (scopes: Scope[]) => {
  const client = SCRIPT_CLIENT.clientId
  return { email: client, name: client, role: null, scopes, permits: permitsOf({ scopes }) }
}
const permitsOfScript = async (portal: Awaited<ReturnType<typeof ssoPortal>>, token: string) =>
  JSON.parse((await portal.bearer('session', token)).body) as Record<string, unknown>

t.test('client_secret_post only: picked from discovery, an id and secret with - + / = : % work', async (t) => {
  const portal = await ssoPortal(t, { variant: { tokenAuthMethods: ['client_secret_post'] }, clientId: ODD_ID, secret: ODD_SECRET })
  t.strictSame(await portal.session(await signIn(portal.baseUrl, ...ALICE)), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
  // the gateway's introspection (a revocation check) authenticates the same way
  t.equal((await portal.bearer('departments?per_page=1', await scriptToken(portal.idpOrigin))).status, 200)
})

t.test('client_secret_basic, chosen by OIDC_TOKEN_AUTH_METHOD: the same id and secret, form-encoded as RFC 6749 says', async (t) => {
  const portal = await ssoPortal(t, { clientId: ODD_ID, secret: ODD_SECRET, env: { OIDC_TOKEN_AUTH_METHOD: 'client_secret_basic' } })
  t.strictSame(await portal.session(await signIn(portal.baseUrl, ...ALICE)), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
  t.equal((await portal.bearer('departments?per_page=1', await scriptToken(portal.idpOrigin))).status, 200)
})

t.test('private_key_jwt only: the key from OIDC_CLIENT_KEY_FILE, no secret', async (t) => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = await exportJWK(publicKey)
  const file = join(tempDir(t), 'portal-key.pem')
  writeFileSync(file, await exportPKCS8(privateKey))
  const portal = await ssoPortal(t, {
    clientId: ODD_ID,
    variant: {
      tokenAuthMethods: ['private_key_jwt'],
      portalJwks: { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] },
    },
    env: { OIDC_CLIENT_KEY_FILE: file },
  })
  t.equal(portal.config.oidcClientSecret, '', 'no secret configured')
  t.strictSame(await portal.session(await signIn(portal.baseUrl, ...ALICE)), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
  t.equal((await portal.bearer('departments?per_page=1', await scriptToken(portal.idpOrigin))).status, 200)
})

t.test('an issuer with a trailing slash is used as written: sign-in and script tokens', async (t) => {
  const portal = await ssoPortal(t, { path: '/idp/' })
  t.equal(portal.config.oidcIssuer, portal.issuer)
  t.match(portal.issuer, /\/idp\/$/)
  t.strictSame(await portal.session(await signIn(portal.baseUrl, ...ALICE)), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
  const token = await scriptToken(portal.idpOrigin)
  t.strictSame(await permitsOfScript(portal, token), scriptSession(['read', 'reports']))
})

t.test('an issuer that differs from discovery by its slash stops start-up, naming both', async (t) => {
  await t.rejects(ssoPortal(t, { path: '/idp/', configuredIssuer: (issuer) => issuer.slice(0, -1) }), {
    name: 'Error',
    message:
      /^the IdP's discovery document names the issuer "http:\/\/127\.0\.0\.1:\d+\/idp\/", but OIDC_ISSUER is "http:\/\/127\.0\.0\.1:\d+\/idp"$/,
  })
})

t.test('the IdP down at start, then up with another issuer: /readyz answers 503 saying why', async (t) => {
  const { url, token } = await upstream
  const [port, idpPort] = [await freePort(), await freePort()]
  const configured = `http://127.0.0.1:${idpPort}/idp`
  const log: Record<string, unknown>[] = []
  const gateway = await startGateway(t, url, {
    overrides: { port },
    env: { UPSTREAM_TOKEN: token, OIDC_ISSUER: configured, OIDC_CLIENT_ID: 'ccoe-portal', OIDC_CLIENT_SECRET: 'portal-secret' },
    log,
  })
  const ready = async () => {
    const response = await fetch(`${gateway.baseUrl}/readyz`)
    return [response.status, await response.json()]
  }
  t.strictSame(await ready(), [503, { status: 'unavailable', failed: ['idp'], idp: 'not answering' }])
  await startStandaloneIdp(t, `${configured}/`, gateway.baseUrl)
  const why = `the IdP's discovery document names the issuer "${configured}/", but OIDC_ISSUER is "${configured}"`
  t.strictSame(await ready(), [503, { status: 'unavailable', failed: ['idp'], idp: why }])
  await ready()
  t.strictSame(
    log.filter((line) => line.msg === why).map((line) => line.level),
    [40],
    'one warn line names the two strings, however often /readyz is asked',
  )
})

t.test('opaque access tokens: introspected, the answer kept 30 s at most', async (t) => {
  const clock = testClock()
  const portal = await ssoPortal(t, { variant: { accessTokenFormat: 'opaque' }, now: clock.now })
  const token = await scriptToken(portal.idpOrigin)
  t.equal(token.split('.').length, 1, 'not a JWT')
  t.strictSame(await permitsOfScript(portal, token), scriptSession(['read', 'reports']))
  t.strictSame(await portal.bearer('departments?per_page=1', 'no-such-token'), {
    status: 401,
    challenge: refusal('inactive'),
    body: '{"error":"Unauthorized","statusCode":401}',
  })

  // the script revokes its token at the IdP: the gateway's word on it stands until 30 s have passed
  const basic = Buffer.from(`${SCRIPT_CLIENT.clientId}:${SCRIPT_CLIENT.clientSecret}`).toString('base64')
  const revoked = await fetch(`${portal.idpOrigin}/idp/token/revocation`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })
  t.equal(revoked.status, 200)
  t.equal((await portal.bearer('departments?per_page=1', token)).status, 200, 'still the kept answer')
  clock.advance(30_001)
  t.strictSame((await portal.bearer('departments?per_page=1', token)).challenge, refusal('inactive'))
})

// Without the scope the ID token has no groups, and the embedded IdP's userinfo refuses the portal's
// access token (it is bound to the API's audience), so that half is not shown here.
t.test('groups only under a groups scope: OIDC_SCOPES asks for it', async (t) => {
  const portal = await ssoPortal(t, { variant: { groupsScope: true }, env: { OIDC_SCOPES: 'openid email profile groups' } })
  t.equal(portal.config.oidcScopes, 'openid email profile groups')
  t.strictSame(await portal.session(await signIn(portal.baseUrl, ...ALICE)), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
})

t.test('roles in a nested claim: ROLES_CLAIM as a dot path', async (t) => {
  const portal = await ssoPortal(t, { variant: { groupsClaim: 'realm_access.roles' }, env: { ROLES_CLAIM: 'realm_access.roles' } })
  t.strictSame(await portal.session(await signIn(portal.baseUrl, ...ALICE)), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'admin'))
})

t.test('scp as a list: the scopes a script token carries', async (t) => {
  const portal = await ssoPortal(t, { variant: { scpList: true } })
  const token = await scriptToken(portal.idpOrigin)
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>
  t.strictSame([claims.scp, claims.scope], [['read', 'reports'], undefined])
  t.strictSame(await permitsOfScript(portal, token), scriptSession(['read', 'reports']))
})

t.test('short token lifetimes (a minute): a script token is refused as expired past it; a person is re-checked all the same', async (t) => {
  const clock = testClock()
  const users = DEMO_USERS.map((user) => ({ ...user, groups: [...user.groups] }))
  const portal = await ssoPortal(t, { variant: { tokenLifetimeSeconds: 60 }, now: clock.now, users })
  const cookie = await signIn(portal.baseUrl, ...ALICE)
  const token = await scriptToken(portal.idpOrigin)
  t.equal((await portal.bearer('departments?per_page=1', token)).status, 200)
  // past the token's minute and the five seconds of tolerance, by the gateway's clock
  clock.advance(66_000)
  const late = await portal.bearer('departments?per_page=1', token)
  t.strictSame([late.status, late.challenge], [401, refusal('expired')])
  // the person's ID and access tokens are long expired at the re-check: the refresh token asks again,
  // and what the IdP says now counts
  users.find((user) => user.sub === 'alice')!.groups = ['ccoe-viewers']
  clock.advance(5 * 60_000)
  t.strictSame(await portal.session(cookie), sessionAnswer('alice@ccoe.example', 'Alice Admin', 'viewer'))
})
