/** Who the upstream is told the caller is: a verified address, or a script client named in configuration. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { importJWK, SignJWT, type JWK } from 'jose'
import t from 'tap'
import { startPortal } from '../helper.js'
import { scriptToken, signInFlow } from '../lib/sign-in.js'

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
