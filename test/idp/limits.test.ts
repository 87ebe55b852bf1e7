/** Floods answer 429 with Retry-After; failed passwords and refused client secrets are audited. */
import t from 'tap'
import { LOGIN_STARTS_PER_MINUTE } from '../../server/gateway/plugins/rate-limits.js'
import { SCRIPT_CLIENT, TOKEN_REQUESTS_PER_MINUTE } from '../../server/idp/plugin.js'
import { attemptCounter } from '../../server/idp/attempts.js'
import { SIGN_INS_PER_MINUTE } from '../../server/idp/interactions.js'
import { startGateway } from '../helper.js'
import { fetchFrom } from '../lib/fetch-from.js'
import { CookieJar, formAction, step } from '../lib/sign-in.js'

/** The IdP's sign-in form reached the way a browser does, and a way to post to it. */
async function signInForm(baseUrl: string, send: typeof fetch = fetch) {
  const jar = new CookieJar()
  let url = new URL('/oidc/login', baseUrl)
  let response = await step(jar, url, {}, send)
  while (response.status >= 300 && response.status < 400) {
    url = new URL(response.headers.get('location')!, url)
    response = await step(jar, url, {}, send)
  }
  const action = formAction(await response.text(), url)
  const attempt = (email: string, password: string) =>
    step(
      jar,
      action,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: action.origin },
        body: new URLSearchParams({ email, password }).toString(),
      },
      send,
    )
  return { attempt }
}

t.test('failed passwords are counted per key in windows of the injected clock', async (t) => {
  let now = 1_000_000
  const failures = attemptCounter(3, 60_000, () => now)
  const mallory = '10.0.0.66\nalice@ccoe.example'
  const alice = '10.0.0.7\nalice@ccoe.example'
  for (let i = 0; i < 3; i++) {
    t.equal(failures.blocked(mallory), undefined, `failure ${i + 1} is allowed`)
    failures.fail(mallory)
  }
  t.equal(failures.blocked(mallory), 60, 'the fourth waits the window out')
  t.equal(failures.blocked(alice), undefined, 'the same account from another address is not')
  now += 45_000
  t.equal(failures.blocked(mallory), 15)
  now += 15_000
  t.equal(failures.blocked(mallory), undefined, 'a new window: free again')
})

t.test('starting sign-ins: past the limit, 429 with Retry-After', async (t) => {
  const gw = await startGateway(t, 'http://127.0.0.1:9')
  const statuses: number[] = []
  for (let i = 0; i <= LOGIN_STARTS_PER_MINUTE; i++) {
    const response = await fetch(`${gw.baseUrl}/oidc/login`, { redirect: 'manual' })
    statuses.push(response.status)
    if (response.status === 429) t.match(response.headers.get('retry-after'), /^\d+$/)
  }
  t.same(statuses, [...Array(LOGIN_STARTS_PER_MINUTE).fill(302), 429])
  // written before the 429 went out: there already
  const limited = gw.audit.find((l) => l.event === 'login-limited')
  t.same(
    [limited?.user, limited?.reason, limited?.status, limited?.method, limited?.path],
    [null, 'address', 429, 'GET', '/oidc/login'],
    'the refused start is audited',
  )
})

t.test('password attempts: limited per address and account, each failure audited without the password', async (t) => {
  const gw = await startGateway(t, 'http://127.0.0.1:9')
  const { attempt } = await signInForm(gw.baseUrl)
  const statuses: number[] = []
  for (let i = 0; i <= SIGN_INS_PER_MINUTE.perAccount; i++) statuses.push((await attempt('Alice@ccoe.example', `guess-${i}`)).status)
  t.same(statuses, [...Array(SIGN_INS_PER_MINUTE.perAccount).fill(401), 429], 'failures of one account, in any case')
  const limited = await attempt('alice@ccoe.example', 'alice')
  t.equal(limited.status, 429, 'from the guessing address even the right password waits: the pair is limited, not the guess')
  t.match(limited.headers.get('retry-after'), /^\d+$/)
  t.equal((await attempt('bob@ccoe.example', 'wrong')).status, 401, 'another account is not')
  // the owner, from an address that has not failed, signs in while the guesser stays locked out
  const owner = await signInForm(gw.baseUrl, fetchFrom('127.0.0.2'))
  const signedIn = await owner.attempt('alice@ccoe.example', 'alice')
  t.equal(signedIn.status, 303, 'the right password from another address signs in')
  t.equal((await attempt('alice@ccoe.example', 'alice')).status, 429, 'the guessing address is still refused')

  const failures = gw.audit.filter((l) => l.event === 'idp-login-failed')
  t.equal(failures.length, SIGN_INS_PER_MINUTE.perAccount + 1)
  t.same([failures[0].user, failures[0].status], ['alice@ccoe.example', 401])
  t.notMatch(JSON.stringify(gw.audit), /guess-|"wrong"|password/, 'no password in any line')
})

t.test('password attempts: limited per client address too, so a spray over many accounts stops', async (t) => {
  const gw = await startGateway(t, 'http://127.0.0.1:9')
  const { attempt } = await signInForm(gw.baseUrl)
  const statuses: number[] = []
  // one guess per account, each account far below its own limit
  for (let i = 0; i <= SIGN_INS_PER_MINUTE.perAddress; i++) {
    const answer = await attempt(`sprayed-${i}@ccoe.example`, 'Winter2026!')
    statuses.push(answer.status)
    if (answer.status === 429) t.match(answer.headers.get('retry-after'), /^\d+$/, 'with Retry-After')
  }
  t.same(statuses, [...Array(SIGN_INS_PER_MINUTE.perAddress).fill(401), 429])
  const limited = await gw.auditLine((l) => l.event === 'idp-login-limited')
  t.same([limited.user, limited.reason, limited.status], [null, 'address', 429], 'audited')
  t.notMatch(gw.auditText(), /Winter2026/, 'no password in any line')
})

t.test('token requests: refused client secrets audited, past the limit 429', async (t) => {
  const gw = await startGateway(t, 'http://127.0.0.1:9')
  const token = (secret: string) =>
    fetch(`${gw.baseUrl}/idp/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SCRIPT_CLIENT.clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
  const wrong = await token('not-the-secret')
  t.equal(wrong.status, 401)
  const refused = await gw.auditLine((l) => l.event === 'idp-client-refused')
  t.same([refused.user, refused.status, refused.path], [SCRIPT_CLIENT.clientId, 401, '/idp/token'], 'the path as it was asked')
  t.equal(wrong.headers.get('x-request-id'), refused.reqId, "the answer carries the line's request id")
  t.notMatch(JSON.stringify(gw.audit), /not-the-secret/, 'the secret is not in the line')
  const statuses: number[] = []
  const ids = new Set<string | null>()
  for (let i = 1; i <= TOKEN_REQUESTS_PER_MINUTE; i++) {
    const answer = await token(SCRIPT_CLIENT.clientSecret)
    statuses.push(answer.status)
    ids.add(answer.headers.get('x-request-id'))
  }
  t.same(statuses, [...Array(TOKEN_REQUESTS_PER_MINUTE - 1).fill(200), 429])
  t.equal(ids.size, TOKEN_REQUESTS_PER_MINUTE, 'every answer, given or refused, carries its own X-Request-Id')
  t.notOk(ids.has(null))

  // the portal's own code exchanges (every person's sign-in comes from the gateway's one address)
  // present its right secret and are never counted: 70 sign-ins in a minute all finish
  // form-encoded as openid-client sends it (RFC 6749 §2.3.1: '-' and '_' of a base64url secret too)
  const formEncode = (part: string) =>
    [...part].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('')
  const portalClient = `Basic ${Buffer.from(`${formEncode(gw.config.oidcClientId)}:${formEncode(gw.config.oidcClientSecret)}`).toString('base64')}`
  const exchanges: number[] = []
  for (let i = 0; i < 70; i++) {
    const answer = await fetch(`${gw.baseUrl}/idp/token`, {
      method: 'POST',
      headers: { authorization: portalClient, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'not-a-code', redirect_uri: `${gw.baseUrl}/oidc/callback` }),
    })
    await answer.arrayBuffer()
    exchanges.push(answer.status)
  }
  t.same(new Set(exchanges), new Set([400]), 'refused for the made-up code, never 429')
  const wrongPortalSecret = `Basic ${Buffer.from(`${gw.config.oidcClientId}:guess`).toString('base64')}`
  const guessed = await fetch(`${gw.baseUrl}/idp/token`, { method: 'POST', headers: { authorization: wrongPortalSecret } })
  t.equal(guessed.status, 429, 'a guessed portal secret is counted with the rest')
})
