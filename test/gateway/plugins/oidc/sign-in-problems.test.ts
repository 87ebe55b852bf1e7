/**
 * A person never sees raw JSON (issue 38 item 7): every sign-in failure they can meet is a page that
 * says what happened and what to do, with Try again and the request id; scripts get the JSON.
 */
import t, { type Test } from 'tap'
import { fileURLToPath } from 'node:url'
import { freePort, startGateway, startStandaloneIdp, startUpstream, tempDir } from '../../../helper.js'
import { startPortal } from '../../../lib/portal-process.js'
import { beginSignIn, step, type SignInBegun } from '../../../lib/sign-in.js'
import { startRecordingUpstream } from '../../start.js'

const HTML = { accept: 'text/html,application/xhtml+xml' }

/** Submits the IdP's login form and follows its redirects up to (not into) the portal's callback. */
async function callbackOf({ jar, form }: SignInBegun, email: string, password: string): Promise<URL> {
  let url = form
  let response = await step(jar, form, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: form.origin },
    body: new URLSearchParams({ email, password }).toString(),
  })
  for (let hops = 0; hops < 20; hops++) {
    url = new URL(response.headers.get('location')!, url)
    if (url.pathname === '/oidc/callback') return url
    response = await step(jar, url)
  }
  throw new Error('never reached the callback')
}

/** What the page says: status, title, the Try again link, and whether it names its request id. */
async function page(response: Response) {
  const html = await response.text()
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    title: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    retry: /<a class="primary" href="([^"]+)">Try again<\/a>/.exec(html)?.[1],
    requestId: html.includes(`Request id: ${response.headers.get('x-request-id')}`),
    html,
  }
}

t.test('the embedded IdP: every failure a person meets is a page', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const log: Record<string, unknown>[] = []
  const portal = await startGateway(t, upstream.url, { log })
  const { baseUrl } = portal
  const issuer = `${baseUrl}/idp`
  const page400 = (title: string, retry = '/oidc/login?returnTo=%2Fauth%2Fhome') => ({ status: 400, title, retry, requestId: true })

  t.test('no sign-in in progress', async (t) => {
    const { html, type, ...seen } = await page(await fetch(`${baseUrl}/oidc/callback?code=x&state=y`, { headers: HTML }))
    t.same(seen, page400('No sign-in in progress'))
    t.equal(type, 'text/html; charset=utf-8')
    t.ok(html.includes('Start again from the portal.'))
  })

  t.test('the IdP sends the person back with access_denied: a page, the IdP text only in the log', async (t) => {
    const begun = await beginSignIn(baseUrl, '/auth/view/departments')
    const state = begun.authorization.searchParams.get('state')!
    const back = new URL(`/oidc/callback`, baseUrl)
    back.search = new URLSearchParams({ error: 'access_denied', error_description: '<b>Call 555 now</b>', state, iss: issuer }).toString()
    const answer = await step(begun.jar, back, { headers: HTML })
    const { html, type: _type, ...seen } = await page(answer)
    t.same(seen, {
      status: 403,
      title: 'You were not signed in',
      retry: '/oidc/login?returnTo=%2Fauth%2Fview%2Fdepartments',
      requestId: true,
    })
    t.notOk(html.includes('555'), "the IdP's (or a forger's) description is not shown")
    const warned = log.find((line) => line.reqId === answer.headers.get('x-request-id'))
    t.strictSame(
      warned && { level: warned.level, msg: warned.msg, idpError: warned.idpError, idpErrorDescription: warned.idpErrorDescription },
      { level: 40, msg: 'OIDC callback refused', idpError: 'access_denied', idpErrorDescription: '<b>Call 555 now</b>' },
      "the IdP's error and description go to the log at warn, with the request id",
    )
    const line = await portal.auditLine((l) => l.reason === 'the IdP refused')
    t.same([line.event, line.status], ['login-failed', 403])
  })

  t.test('a state that is not this browser’s', async (t) => {
    const begun = await beginSignIn(baseUrl)
    const back = new URL(`/oidc/callback?code=abc&state=not-mine&iss=${encodeURIComponent(issuer)}`, baseUrl)
    const { html: _html, type: _type, ...seen } = await page(await step(begun.jar, back, { headers: HTML }))
    t.same(seen, page400('Sign-in could not be completed'))
  })

  t.test('an unverified address: a page for a browser, the JSON for a script', async (t) => {
    const again = await beginSignIn(baseUrl)
    const real = await callbackOf(again, 'nora@ccoe.example', 'nora')
    const shown = await page(await step(again.jar, real, { headers: HTML }))
    t.same([shown.status, shown.title, shown.requestId], [403, 'Your email address is not verified', true])
    const script = await beginSignIn(baseUrl)
    const json = await step(script.jar, await callbackOf(script, 'nora@ccoe.example', 'nora'))
    t.same(
      [json.status, await json.json()],
      [403, { error: 'Your email address is not verified. Ask the CCoE team for access.', statusCode: 403 }],
    )
  })
})

/** Alice signs in and comes back to a 502 page saying the portal could not complete it; its HTML. */
async function portalCouldNotComplete(t: Test, baseUrl: string): Promise<string> {
  const begun = await beginSignIn(baseUrl)
  const callback = await callbackOf(begun, 'alice@ccoe.example', 'alice')
  const { html, type: _type, ...seen } = await page(await step(begun.jar, callback, { headers: HTML }))
  t.same(seen, {
    status: 502,
    title: 'The portal could not complete your sign-in',
    retry: '/oidc/login?returnTo=%2Fauth%2Fhome',
    requestId: true,
  })
  return html
}

t.test('the token endpoint refuses the portal (a wrong client secret): a page, not JSON', async (t) => {
  const idpPort = await freePort()
  const issuer = `http://127.0.0.1:${idpPort}/idp`
  const { url, token } = await startUpstream(t, { seed: false })
  const portal = await startGateway(t, url, {
    env: { UPSTREAM_TOKEN: token, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'ccoe-portal', OIDC_CLIENT_SECRET: 'not-the-secret' },
  })
  await startStandaloneIdp(t, issuer, portal.baseUrl, 'the-real-secret')
  const html = await portalCouldNotComplete(t, portal.baseUrl)
  t.ok(html.includes('Nothing is wrong with your account'))
  const line = await portal.auditLine((l) => l.event === 'login-failed')
  t.same([line.reason, line.status], ['token endpoint refused', 502])
})

t.test("the portal's clock is ahead of the IdP's: a page that says the clocks disagree", async (t) => {
  // the gateway as `npm start` runs it (npm run build first), on a machine whose clock is two hours
  // ahead: the IdP's ID token (an hour's) has expired by the portal's clock when it arrives
  const [gatewayPort, idpPort] = [await freePort(), await freePort()]
  const issuer = `http://127.0.0.1:${idpPort}/idp`
  const { url, token } = await startUpstream(t, { seed: false })
  await startPortal(t, fileURLToPath(new URL('../../../../', import.meta.url)), {
    PORT: String(gatewayPort),
    DATA_DIR: tempDir(t),
    UPSTREAM_URL: url,
    UPSTREAM_TOKEN: token,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'ccoe-portal',
    OIDC_CLIENT_SECRET: 'skewed-portal-secret',
    NODE_OPTIONS: `--import=${fileURLToPath(new URL('../../../lib/clock-offset.mjs', import.meta.url))}`,
    CLOCK_OFFSET_MS: String(2 * 60 * 60 * 1000),
  })
  const baseUrl = `http://127.0.0.1:${gatewayPort}`
  await startStandaloneIdp(t, issuer, baseUrl, 'skewed-portal-secret')
  const html = await portalCouldNotComplete(t, baseUrl)
  t.ok(html.includes('The clocks of the portal and of the company&#39;s sign-in service disagree'), 'it says why')
})
