/** Who the upstream is told the caller is: a verified address, or a script client named in configuration. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { importJWK, SignJWT, type JWK } from 'jose'
import t from 'tap'
import { DEFAULT_API_AUDIENCE } from '../../../../server/config.js'
import { startGateway, startPortal, startUpstream, testClock } from '../../../helper.js'
import { scriptToken, signInFlow } from '../../../lib/sign-in.js'

t.test('a sign-in whose address the IdP has not verified is refused', async (t) => {
  const portal = await startPortal(t, { seed: false })
  await t.rejects(
    signInFlow(portal.baseUrl, 'nora@ccoe.example', 'nora'),
    /stopped at \/oidc\/callback with 403: \{"error":"Your email address is not verified\. Ask the CCoE team for access\.","statusCode":403\}/,
  )
  const line = await portal.auditLine((l) => l.event === 'login-failed')
  t.same([line.user, line.reason, line.status], ['nora@ccoe.example', 'email not verified', 403])
  t.notOk(
    portal.audit.some((l) => l.event === 'login'),
    'no session was started',
  )
})

t.test('bearer tokens: only the script clients of OIDC_SCRIPT_CLIENTS', async (t) => {
  const portal = await startPortal(t, { seed: false })
  const api = (token: string) => fetch(`${portal.baseUrl}/api/departments?per_page=1`, { headers: { authorization: `Bearer ${token}` } })
  t.equal((await api(await scriptToken(portal.baseUrl))).status, 200, 'the scripts client')

  // a token the IdP could have issued to the portal itself for alice: right issuer, key and audience
  const { keys } = JSON.parse(readFileSync(join(portal.config.dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] }
  const key = await importJWK(keys[0], 'RS256')
  const tokenOf = (clientId: string) =>
    new SignJWT({ client_id: clientId, email: 'alice@ccoe.example', scope: 'read' })
      .setProtectedHeader({ alg: 'RS256', kid: keys[0].kid })
      .setIssuer(`${portal.baseUrl}/idp`)
      .setAudience(portal.config.oidcApiAudience)
      .setSubject('alice')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key)
  t.equal((await api(await tokenOf('ccoe-scripts'))).status, 200, 'the check is the client, not how the token was made')
  t.equal((await api(await tokenOf(portal.config.oidcClientId))).status, 401, "the portal's own access token is refused")
  t.equal((await api(await tokenOf('some-other-client'))).status, 401)
})

t.test('OIDC_SCRIPT_CLIENTS names the accepted clients', async (t) => {
  const portal = await startPortal(t, { seed: false, env: { OIDC_SCRIPT_CLIENTS: 'reporting-bot, billing-bot' } })
  t.same(portal.config.oidcScriptClients, ['reporting-bot', 'billing-bot'])
  const response = await fetch(`${portal.baseUrl}/api/departments`, {
    headers: { authorization: `Bearer ${await scriptToken(portal.baseUrl)}` },
  })
  t.equal(response.status, 401, 'ccoe-scripts is not among them')
})

t.test('bearer refusals say why (RFC 6750 §3); the client from client_id, azp or appid; scopes from scope or scp', async (t) => {
  const clock = testClock()
  const log: Record<string, unknown>[] = []
  const portal = await startGateway(t, (await startUpstream(t, { seed: false })).url, { now: clock.now, log })
  const call = async (token: string) => {
    const response = await fetch(`${portal.baseUrl}/api/session`, { headers: { authorization: `Bearer ${token}` } })
    // each refusal is one warn line of the gateway's log, with the request's id and the reason it gave
    const warned = log.filter((line) => line.reqId === response.headers.get('x-request-id'))
    const reason = /error_description="(.*)"/.exec(response.headers.get('www-authenticate') ?? '')?.[1]
    t.strictSame(
      warned.map((line) => [line.level, line.msg, line.reason]),
      response.status === 401 ? [[40, 'bearer token refused', reason]] : [],
      `${response.status}: its warn line`,
    )
    return [response.status, response.headers.get('www-authenticate')]
  }
  const { keys } = JSON.parse(readFileSync(join(portal.config.dataDir, 'idp-keys.json'), 'utf8')) as { keys: JWK[] }
  const key = await importJWK(keys[0], 'RS256')
  const issuer = `${portal.baseUrl}/idp`
  // a token as an IdP would sign it with the embedded IdP's key: by default a good one for the scripts client
  const token = (
    claims: Record<string, unknown> = { client_id: 'ccoe-scripts', scope: 'read' },
    iss = issuer,
    aud = DEFAULT_API_AUDIENCE,
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: keys[0].kid })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject('ccoe-scripts')
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime(Math.floor(clock.now() / 1000) + 300)
      .sign(key)
  const refused = (why: string) => [401, `Bearer error="invalid_token", error_description="${why}"`]

  t.strictSame(await call(await token()), [200, null])
  t.strictSame(await call(await token(undefined, `${issuer}/`)), refused('wrong issuer'))
  t.strictSame(await call(await token(undefined, issuer, 'ccoe-portal')), refused('wrong audience'))
  t.strictSame(await call(await token({ client_id: 'ccoe-portal', scope: 'read' })), refused('unknown client'))
  t.strictSame(await call('not-a-jwt'), refused('inactive'), 'an opaque token the IdP does not know')
  t.strictSame(await call(`${(await token()).slice(0, -4)}AAAA`), refused('invalid signature'))
  const expiring = await token()
  clock.advance(300_000 + 6_000)
  t.strictSame(await call(expiring), refused('expired'))
  const malformed = await fetch(`${portal.baseUrl}/api/session`, { headers: { authorization: 'Bearer a b' } })
  t.strictSame([malformed.status, malformed.headers.get('www-authenticate')], refused('malformed Authorization header'))

  const scopes = async (claims: Record<string, unknown>) =>
    (
      (await (await fetch(`${portal.baseUrl}/api/session`, { headers: { authorization: `Bearer ${await token(claims)}` } })).json()) as {
        scopes: string[]
      }
    ).scopes
  t.strictSame(await scopes({ azp: 'ccoe-scripts', scope: 'read reports' }), ['read', 'reports'], 'azp, scope')
  t.strictSame(await scopes({ appid: 'ccoe-scripts', scp: 'read write' }), ['read', 'write'], 'appid, scp as a string')
  t.strictSame(await scopes({ client_id: 'ccoe-scripts', scp: ['reports', 'other'] }), ['reports'], 'scp as a list')
  t.strictSame(await scopes({ cid: 'ccoe-scripts', scp: ['read'] }), ['read'], 'cid (Okta)')
  // the other 401s (CSV, uploads, the proxy) say it too: the header is set where every 401 leaves
  const csv = await fetch(`${portal.baseUrl}/api/csv/departments`, {
    headers: { authorization: `Bearer ${await token(undefined, 'https://elsewhere.example')}` },
  })
  t.strictSame([csv.status, csv.headers.get('www-authenticate')], refused('wrong issuer'))
})
