import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import Fastify from 'fastify'
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { API_AUDIENCE, DEMO_USERS, idpPlugin, SCRIPT_CLIENT } from '../../server/idp/plugin.js'
import { freePort } from '../helper.js'
import { CookieJar, scriptToken } from '../lib/sign-in.js'

const portalClient = (base: string) => ({
  clientId: 'ccoe-portal',
  clientSecret: 'portal-secret',
  redirectUris: [`${base}/oidc/callback`],
  postLogoutRedirectUris: [`${base}/unauth/home`],
})

async function startIdp(t: { teardown(fn: () => unknown): void }, keysFile?: string) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const app = Fastify({ logger: false })
  await app.register(idpPlugin, { prefix: '/idp', issuer: `${base}/idp`, portalClient: portalClient(base), keysFile })
  await app.listen({ host: '127.0.0.1', port })
  t.teardown(() => app.close())
  return { base, app }
}

/** Starts an authorization request and lands on the login page, as a browser would. */
async function toLoginPage(base: string) {
  const jar = new CookieJar()
  const params = new URLSearchParams({
    client_id: 'ccoe-portal',
    redirect_uri: `${base}/oidc/callback`,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'st',
    nonce: 'nn',
  })
  let url = new URL(`${base}/idp/auth?${params}`)
  let response = await fetch(url, { redirect: 'manual' })
  jar.store(response, url)
  url = new URL(response.headers.get('location')!, url)
  response = await fetch(url, { headers: { cookie: jar.header(url) } })
  jar.store(response, url)
  return { jar, url, response, html: await response.text() }
}

t.test('the embedded IdP', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-idp-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const keysFile = join(dir, 'keys.json')
  const { base, app } = await startIdp(t, keysFile)

  t.test('discovery names endpoints under /idp, PKCE S256 and end-session', async (t) => {
    const meta = (await (await fetch(`${base}/idp/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    t.equal(meta.issuer, `${base}/idp`)
    t.same(
      [meta.authorization_endpoint, meta.token_endpoint, meta.jwks_uri, meta.end_session_endpoint],
      [`${base}/idp/auth`, `${base}/idp/token`, `${base}/idp/jwks`, `${base}/idp/session/end`],
    )
    t.same(meta.code_challenge_methods_supported, ['S256'])
  })

  t.test('the login page: labelled fields, a clear error, no consent page', async (t) => {
    const { jar, url, response, html } = await toLoginPage(base)
    t.equal(response.status, 200)
    t.match(response.headers.get('content-security-policy'), /frame-ancestors 'none'/)
    t.match(html, /<label for="email">Email<\/label>/)
    t.match(html, /<label for="password">Password<\/label>/)
    const action = new URL(/action="([^"]+)"/.exec(html)![1], url)
    const post = (email: string, password: string) =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(action), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      })
    const wrong = await post(DEMO_USERS[0].email, 'bob')
    t.equal(wrong.status, 401)
    t.match(await wrong.text(), /role="alert">Invalid email or password\./)
    const right = await post(DEMO_USERS[1].email, DEMO_USERS[1].password)
    t.equal(right.status, 303)
    jar.store(right, action)
    const resume = new URL(right.headers.get('location')!, action)
    const done = await fetch(resume, { redirect: 'manual', headers: { cookie: jar.header(resume) } })
    const callback = new URL(done.headers.get('location')!)
    t.equal(callback.pathname, '/oidc/callback', 'straight back to the portal: consent was granted silently')
    t.ok(callback.searchParams.get('code'))
  })

  t.test('client credentials give a JWT access token for the API, verifiable with the JWKS', async (t) => {
    const token = await scriptToken(base)
    const { alg, typ } = decodeProtectedHeader(token)
    t.same({ alg, typ }, { alg: 'RS256', typ: 'at+jwt' })
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${base}/idp/jwks`)), {
      issuer: `${base}/idp`,
      audience: API_AUDIENCE,
    })
    t.equal(payload.client_id, SCRIPT_CLIENT.clientId)
    const bad = await fetch(`${base}/idp/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SCRIPT_CLIENT.clientId}:wrong`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    t.equal(bad.status, 401)
    t.equal(((await bad.json()) as { error: string }).error, 'invalid_client')
  })

  t.test('the signing keys survive a restart', async (t) => {
    const kids = async (b: string) => ((await (await fetch(`${b}/idp/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid)
    const before = await kids(base)
    const saved = readFileSync(keysFile, 'utf8')
    await app.close()
    const again = await startIdp(t, keysFile)
    t.same(await kids(again.base), before)
    t.equal(readFileSync(keysFile, 'utf8'), saved)
  })
})

t.test('behind https the IdP cookies are Secure', async (t) => {
  const app = Fastify({ logger: false })
  await app.register(idpPlugin, {
    prefix: '/idp',
    issuer: 'https://portal.example/idp',
    portalClient: portalClient('https://portal.example'),
  })
  t.teardown(() => app.close())
  const query = new URLSearchParams({
    client_id: 'ccoe-portal',
    redirect_uri: 'https://portal.example/oidc/callback',
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })
  const response = await app.inject({ method: 'GET', url: `/idp/auth?${query}` })
  t.equal(response.statusCode, 303)
  t.match(response.headers.location, /^\/idp\/interaction\//)
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
  t.ok(cookies.length > 0)
  for (const cookie of cookies) t.match(cookie.toLowerCase(), /; secure/, cookie.split('=')[0])
})
