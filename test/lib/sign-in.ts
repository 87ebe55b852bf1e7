/**
 * Signs in the way a script would: the whole OIDC round trip over plain HTTP, following each
 * redirect by hand, carrying cookies per path, and submitting the IdP's login form.
 */
import { permitsOf } from '../../shared/access.js'
import type { Role } from '../../shared/roles.js'
import { SCRIPT_CLIENT, SCRIPT_CLIENTS } from '../../server/idp/plugin.js'

interface StoredCookie {
  value: string
  path: string
}

/** Just enough of a cookie jar for one origin: names, paths, deletions. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>()

  store(response: Response, url: URL) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1)
      const path = attr('path') ?? (url.pathname.replace(/\/[^/]*$/, '') || '/')
      const expires = attr('expires')
      const gone = value === '' || attr('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now())
      const key = `${name}\u0000${path}`
      if (gone) this.cookies.delete(key)
      else this.cookies.set(key, { value, path })
    }
  }

  header(url: URL): string {
    return [...this.cookies]
      .filter(([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map(([key, c]) => `${key.split('\u0000')[0]}=${c.value}`)
      .join('; ')
  }
}

/** One request of the walk; `send` may be a fetch that connects from another address. */
export async function step(jar: CookieJar, url: URL, init: RequestInit = {}, send: typeof fetch = fetch): Promise<Response> {
  const headers = new Headers(init.headers)
  const cookie = jar.header(url)
  if (cookie) headers.set('cookie', cookie)
  const response = await send(url, { ...init, headers, redirect: 'manual' })
  jar.store(response, url)
  return response
}

export function formAction(html: string, page: URL): URL {
  const match = /<form[^>]*action="([^"]+)"/.exec(html)
  if (!match) throw new Error(`no form on ${page.pathname}`)
  return new URL(match[1].replace(/&#38;/g, '&'), page)
}

/** Runs the sign-in and returns the Cookie header value of the portal session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  return (await signInFlow(baseUrl, email, password)).cookie
}

/** The same walk, also telling where the portal sent the browser at the end. */
export async function signInFlow(
  baseUrl: string,
  email: string,
  password: string,
  returnTo = '/auth/home',
): Promise<{ cookie: string; location: string }> {
  return finishSignIn(baseUrl, await beginSignIn(baseUrl, returnTo), email, password)
}

/** A sign-in up to the IdP's login form: the browser's cookies, and where the form posts. */
export interface SignInBegun {
  jar: CookieJar
  form: URL
  /** the IdP authorization request the portal sent the browser to */
  authorization: URL
}

export async function beginSignIn(baseUrl: string, returnTo = '/auth/home'): Promise<SignInBegun> {
  const jar = new CookieJar()
  let url = new URL(`/oidc/login?returnTo=${encodeURIComponent(returnTo)}`, baseUrl)
  let response = await step(jar, url)
  let authorization: URL | undefined
  for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get('location')
    if (!location) throw new Error(`redirect without location from ${url.pathname}`)
    url = new URL(location, url)
    if (url.pathname.endsWith('/auth')) authorization ??= url
    response = await step(jar, url)
  }
  const html = await response.text()
  if (response.status !== 200 || !/name="password"/.test(html)) {
    throw new Error(`sign-in stopped at ${url.pathname} with ${response.status}: ${html.slice(0, 300)}`)
  }
  if (!authorization) throw new Error('the portal never sent the browser to the IdP')
  return { jar, form: formAction(html, url), authorization }
}

/** Submits the login form of a begun sign-in and follows the redirects back to the portal. */
export async function finishSignIn(
  baseUrl: string,
  { jar, form }: SignInBegun,
  email: string,
  password: string,
): Promise<{ cookie: string; location: string }> {
  let url = form
  let response = await step(jar, form, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: form.origin },
    body: new URLSearchParams({ email, password }).toString(),
  })
  if (response.status === 401) throw new Error(`sign-in refused for ${email}`)
  for (let hops = 0; hops < 20; hops++) {
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`sign-in stopped at ${url.pathname} with ${response.status}: ${(await response.text()).slice(0, 300)}`)
    }
    url = new URL(location, url)
    if (url.pathname === '/unauth/login' && url.origin === new URL(baseUrl).origin) {
      // the callback set the portal session; the IdP's and the flow's cookies are not the caller's business
      const cookie = jar
        .header(new URL('/api/session', baseUrl))
        .split('; ')
        .filter((c) => /^(__Host-)?ccoe_session=/.test(c))
        .join('; ')
      return { cookie, location: `${url.pathname}${url.search}` }
    }
    response = await step(jar, url)
  }
  throw new Error('sign-in did not finish within 20 steps')
}

/** A client-credentials access token for the portal API, as a script gets one: by default every scope its client may ask for. */
export async function scriptToken(
  baseUrl: string,
  client: (typeof SCRIPT_CLIENTS)[number] = SCRIPT_CLIENT,
  scope: string = client.scope,
): Promise<string> {
  const discovery = (await (await fetch(new URL('/idp/.well-known/openid-configuration', baseUrl))).json()) as {
    token_endpoint: string
  }
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  })
  const body = (await response.json()) as { access_token?: string; error?: string }
  if (!body.access_token) throw new Error(`no token: ${body.error ?? response.status}`)
  return body.access_token
}

/** A token of the client for scripts that also write (ccoe-automation: read, write and reports). */
export const automationToken = (baseUrl: string) => scriptToken(baseUrl, SCRIPT_CLIENTS[1])

/** What /api/session answers for a person of this role: who, the role, and what it permits. */
export const sessionAnswer = (email: string, name: string, role: Role | null) => ({ email, name, role, permits: permitsOf({ role }) })

export interface ApiAnswer {
  status: number
  headers: Headers
  text: string
  json: () => any
}

/** Signs alice in and returns a client for the gateway's /api as her browser would call it. */
export async function signedInApi(baseUrl: string) {
  const cookie = await signIn(baseUrl, 'alice@ccoe.example', 'alice')
  return async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) }
  }
}
