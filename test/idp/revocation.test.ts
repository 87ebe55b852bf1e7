/**
 * Token revocation (RFC 7009) at the embedded IdP, and the gateway honouring it: a script's access
 * token revoked by that script stops opening /api within the gateway's check interval (its clock).
 */
import t from 'tap'
import { TOKEN_CHECK_MS } from '../../server/gateway/plugins/auth.js'
import { SCRIPT_CLIENT } from '../../server/idp/plugin.js'
import { startGateway, testClock } from '../helper.js'
import { scriptToken } from '../lib/sign-in.js'
import { startRecordingUpstream } from '../gateway/start.js'
import { statusOf } from '../lib/status-of.js'

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const SCRIPT = basic(SCRIPT_CLIENT.clientId, SCRIPT_CLIENT.clientSecret)

t.test('a revoked script token stops opening /api', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const clock = testClock()
  const gw = await startGateway(t, upstream.url, { now: clock.now })
  const discovery = (await (await fetch(`${gw.baseUrl}/idp/.well-known/openid-configuration`)).json()) as Record<string, string>
  t.same(
    [discovery.revocation_endpoint, discovery.introspection_endpoint],
    [`${gw.baseUrl}/idp/token/revocation`, `${gw.baseUrl}/idp/token/introspection`],
    'both advertised',
  )
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString()
  const post = async (path: string, authorization: string | undefined, body: Record<string, string>) => {
    const answer = await fetch(`${gw.baseUrl}/idp/token/${path}`, {
      method: 'POST',
      headers: { ...(authorization && { authorization }), 'content-type': 'application/x-www-form-urlencoded' },
      body: form(body),
    })
    const text = await answer.text()
    return { status: answer.status, body: text ? JSON.parse(text) : undefined }
  }
  const session = async (token: string) =>
    await statusOf(fetch(`${gw.baseUrl}/api/session`, { headers: { authorization: `Bearer ${token}` } }))

  const token = await scriptToken(gw.baseUrl)
  const other = await scriptToken(gw.baseUrl)
  t.equal(await session(token), 200)
  const active = await post('introspection', SCRIPT, { token })
  t.same([active.status, active.body.active, active.body.client_id], [200, true, SCRIPT_CLIENT.clientId])

  // only a client with its secret may ask or revoke; a foreign client's revocation changes nothing
  t.equal((await post('revocation', undefined, { token })).status, 401)
  t.equal((await post('revocation', basic(SCRIPT_CLIENT.clientId, 'guess'), { token })).status, 401)
  t.equal((await post('introspection', undefined, { token })).status, 401)
  t.same(
    gw.audit.filter((l) => l.event === 'idp-client-refused').map(({ user, status, path }) => ({ user, status, path })),
    [
      { user: null, status: 401, path: '/idp/token/revocation' },
      { user: SCRIPT_CLIENT.clientId, status: 401, path: '/idp/token/revocation' },
      { user: null, status: 401, path: '/idp/token/introspection' },
    ],
    'each refused client audited, with the id it gave',
  )
  t.notMatch(gw.auditText(), /guess|Basic /, 'never the secret it tried')
  const portal = basic(gw.config.oidcClientId, gw.config.oidcClientSecret)
  t.equal((await post('revocation', portal, { token })).status, 200, 'answered 200, as RFC 7009 says')
  t.equal((await post('introspection', SCRIPT, { token })).body.active, true, 'but not revoked: not its token')

  t.equal((await post('revocation', SCRIPT, { token })).status, 200)
  t.same((await post('introspection', SCRIPT, { token })).body, { active: false })
  t.same((await post('introspection', SCRIPT, { token: 'not-a-token' })).body, { active: false })
  t.equal((await post('revocation', SCRIPT, { token: 'not-a-token' })).status, 200, 'an unknown token: 200, nothing done')

  // the gateway asked about this token a moment ago; its answer stands for TOKEN_CHECK_MS
  t.equal(await session(token), 200, 'within the check interval the earlier answer stands')
  clock.advance(TOKEN_CHECK_MS + 1)
  t.equal(await session(token), 401, 'then the revoked token is refused')
  t.equal(await session(other), 200, "and the script's other token still works")
})
