/**
 * The portal behind a real third-party OpenID provider, as a new team would set it up (issue 38 item
 * 8): Debian's glewlwyd, set up through its own admin API (test/lib/glewlwyd.ts), with its issuer
 * ending in `/`, a client secret as `openssl rand -base64 32` makes them, and the person's groups in
 * a `groups` claim. A person signs in through glewlwyd's own login and grant pages and lands in the
 * portal as an admin; a script calls /api with glewlwyd's client-credentials token.
 */
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import * as client from 'openid-client'
import t from 'tap'
import { clientAuthOf } from '../../server/gateway/client-auth.js'
import { freePort, startGateway, startUpstream } from '../helper.js'
import { GLEWLWYD_MISSING, startGlewlwyd } from '../lib/glewlwyd.js'
import { launchBrowser, screenshot } from './browser.js'
import { expect } from './expect.js'

/** the portal's API as an RFC 8707 resource: the `aud` of the scripts' tokens */
const API_AUDIENCE = 'https://ccoe-portal.example/api'

t.test('signed in through glewlwyd, and a script calls /api with its token', { skip: GLEWLWYD_MISSING }, async (t) => {
  const port = await freePort()
  const gatewayUrl = `http://127.0.0.1:${port}`
  // the scripts' secret as `openssl rand -hex 32` makes one: it reads the same form-encoded or not
  const scriptClientSecret = randomBytes(32).toString('hex')
  const idp = await startGlewlwyd(t, { gatewayUrl, apiAudience: API_AUDIENCE, issuerTrailingSlash: true, scriptClientSecret })
  t.equal(idp.issuer, `${idp.url}/api/oidc/`, "glewlwyd's discovery names the issuer as set, with its trailing slash")

  const upstream = await startUpstream(t)
  const portal = await startGateway(t, upstream.url, {
    overrides: { port },
    webRoot: resolve('dist/web'),
    env: {
      UPSTREAM_TOKEN: upstream.token,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.portalClient.clientId,
      OIDC_CLIENT_SECRET: idp.portalClient.clientSecret,
      // glewlwyd reads a Basic header's id and secret without form-decoding them (RFC 6749 §2.3.1)
      OIDC_TOKEN_AUTH_METHOD: 'client_secret_post',
      OIDC_API_AUDIENCE: API_AUDIENCE,
      OIDC_SCRIPT_CLIENTS: idp.scriptClient.clientId,
      ROLES_CLAIM: 'groups',
      ROLE_ADMIN_GROUPS: 'ccoe-admins',
    },
  })
  t.equal(portal.config.oidcIssuer, idp.issuer, 'the gateway keeps the issuer exactly as written')

  await t.test('a person signs in on glewlwyd’s pages and lands in the portal as an admin', async (t) => {
    const browser = await launchBrowser(t)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    page.setDefaultTimeout(10_000)
    // a failure says where the browser was, and what it showed there
    t.teardown(async () => {
      if (t.passing()) return
      t.comment(`the browser was at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`)
      t.comment(
        `glewlwyd's warnings: ${idp
          .output()
          .split('\n')
          .filter((line) => / (WARNING|ERROR): /.test(line))
          .slice(-5)
          .join('\n')}`,
      )
      await screenshot(page, 'third-party-idp-failed')
    })
    await page.goto(`${gatewayUrl}/`)
    await page.waitForURL('**/unauth/home')
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    // glewlwyd's login page, served by glewlwyd itself
    await page.waitForURL(`${idp.url}/login.html?**`)
    await page.getByPlaceholder('Your username').fill(idp.person.username)
    await page.getByPlaceholder('Your password').fill(idp.person.password)
    await page.getByRole('button', { name: 'OK', exact: true }).click()
    // its grant page: the person lets the portal have their email and profile (openid is granted already)
    await expect(page.getByText('CCoE Portal requires access to the following scopes')).toBeVisible()
    await page.getByRole('checkbox', { name: 'email', exact: true }).check()
    await page.getByRole('checkbox', { name: 'profile', exact: true }).check()
    await page.getByRole('button', { name: 'Grant access', exact: true }).click()
    // then glewlwyd asks "What do you wish for?": to continue to the portal
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.waitForURL(`${gatewayUrl}/auth/home`, { timeout: 15_000 })
    await expect(page.getByRole('heading', { name: `Welcome, ${idp.person.name}`, exact: true })).toBeVisible()
    const session = await page.evaluate(async () => (await fetch('/api/session')).json())
    t.same(
      { email: session.email, name: session.name, role: session.role },
      { email: idp.person.email, name: idp.person.name, role: 'admin' },
      'the portal knows the person by glewlwyd’s claims, admin by the groups claim',
    )
    // the admin's own utilities are there to use
    const backup = page.getByRole('region', { name: 'Database Backup' }).getByRole('button', { name: 'Send Report' })
    await expect(backup).toBeEnabled()
    await screenshot(page, 'third-party-idp-home')
  })

  await t.test('a script’s client-credentials token from glewlwyd calls /api', async (t) => {
    const token = await idp.clientCredentialsToken('read reports')
    const answer = await fetch(`${gatewayUrl}/api/departments?per_page=5`, { headers: { authorization: `Bearer ${token}` } })
    const text = await answer.text()
    t.equal(answer.status, 200, `GET /api/departments with glewlwyd's token: ${text.slice(0, 200)}`)
    const body = JSON.parse(text) as { data: unknown[] }
    t.equal(body.data.length, 5, 'five departments')
    const line = await portal.auditLine((l) => l.method === 'GET' && l.path === '/api/departments')
    t.equal(line.user, idp.scriptClient.clientId, 'audited as the script client')
  })

  await t.test("the gateway's client_secret_basic: glewlwyd takes an id and secret that read the same encoded or not", async (t) => {
    const grant = async (auth: client.ClientAuth) => {
      const config = await client.discovery(new URL(idp.issuer), idp.scriptClient.clientId, undefined, auth, {
        execute: [client.allowInsecureRequests],
      })
      return client.clientCredentialsGrant(config, { scope: 'read', resource: API_AUDIENCE })
    }
    const tokens = await grant(await clientAuthOf('client_secret_basic', { clientSecret: scriptClientSecret }))
    t.equal(tokens.token_type.toLowerCase(), 'bearer', 'a token for ccoe-scripts, its id and secret sent as written')
    // openid-client's own encoding (ccoe%2Dscripts) of the same id and secret, which glewlwyd does not decode
    await t.rejects(grant(client.ClientSecretBasic(scriptClientSecret)), 'refused when form-encoded')
  })
})
