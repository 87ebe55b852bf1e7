import Provider, { errors } from 'oidc-provider'
import { API_AUDIENCE, API_RESOURCE, API_SCOPES, clientMetadata, type PortalClient } from './clients.js'
import type { IdpKeys } from './keys.js'
import { logoutPage, errorPage, loggedOutPage } from './pages.js'
import type { IdpStoreClass } from './store.js'
import { findUserBySub, type DemoUser } from './users.js'
import { claimsByScope, customizeJwt, groupsClaims, type IdpVariant } from './variant.js'

export interface ProviderOptions {
  issuer: string
  portalClient: PortalClient
  keys: IdpKeys
  /** the `aud` of API access tokens; API_AUDIENCE when unset */
  apiAudience?: string
  /** where interactions, sessions, grants and tokens are kept; oidc-provider's in-memory LRU when unset */
  adapter?: IdpStoreClass
  /** how this IdP differs from its defaults, as third-party IdPs do (tests) */
  variant?: IdpVariant
  /** the accounts (DEMO_USERS unless a test brings its own, to change groups or disable one) */
  users?: readonly DemoUser[]
}

// oidc-provider's context is Koa's; only the parts used here are named
interface Ctx {
  body?: unknown
  type?: string
  oidc: { client?: { clientId: string } }
}

/** The resource server behind the API audience: JWT access tokens the gateway verifies with jose. */
const apiResourceServer = (audience: string, format: 'jwt' | 'opaque') => ({
  scope: API_SCOPES,
  audience,
  accessTokenFormat: format,
  accessTokenTTL: 60 * 60,
  jwt: { sign: { alg: 'RS256' } },
})

export function createProvider({
  issuer,
  portalClient,
  keys,
  apiAudience = API_AUDIENCE,
  adapter,
  variant = {},
  users,
}: ProviderOptions): Provider {
  const resourceServer = apiResourceServer(apiAudience, variant.accessTokenFormat ?? 'jwt')
  const secure = issuer.startsWith('https:')
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '')
  // no path here: oidc-provider scopes each interaction cookie to its own path
  const cookie = { httpOnly: true, sameSite: 'lax', secure }
  const forUserinfo = (client: { clientId: string }) =>
    client.clientId === portalClient.clientId && portalClient.userinfoAccessToken === true

  const provider = new Provider(issuer, {
    ...(adapter && { adapter }),
    clients: clientMetadata(portalClient, variant),
    // discovery lists the portal's method first; scripts keep client_secret_basic
    ...(variant.tokenAuthMethods && { clientAuthMethods: [...new Set([...variant.tokenAuthMethods, 'client_secret_basic'])] }),
    formats: { customizers: { jwt: customizeJwt(variant) } },
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys, long: cookie, short: cookie },
    // groups with the profile: the gateway makes a role of them without asking for another scope
    claims: claimsByScope(variant),
    // the gateway reads who signed in from the ID token alone; its access token is for the API
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', ...(variant.groupsScope ? ['groups'] : []), ...API_SCOPES.split(' ')],
    pkce: { required: () => true },
    // the portal (a confidential client allowed the grant) re-checks people with refresh tokens,
    // without asking for offline_access: they end with the IdP session (Grant TTL below)
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ...(portalClient.rotateRefreshTokens !== undefined && { rotateRefreshToken: () => portalClient.rotateRefreshTokens }),
    // seconds; the gateway's own session limits govern the portal, these only the IdP's artifacts
    ttl: {
      AccessToken: variant.tokenLifetimeSeconds ?? 60 * 60,
      AuthorizationCode: 60,
      ClientCredentials: variant.tokenLifetimeSeconds ?? 60 * 60,
      IdToken: variant.tokenLifetimeSeconds ?? 60 * 60,
      Interaction: 10 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      // a disabled account is not found: its refresh tokens then fail with invalid_grant
      const user = findUserBySub(sub, users)
      if (!user) return undefined
      return {
        accountId: user.sub,
        claims: async () => ({
          sub: user.sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: user.name,
          ...groupsClaims(variant.groupsClaim ?? 'groups', [...user.groups]),
        }),
      }
    },
    // a user's bearer token then tells the gateway which address to send upstream as `uid`
    async extraTokenClaims(_ctx: unknown, token: { accountId?: string }) {
      const user = token.accountId ? findUserBySub(token.accountId, users) : undefined
      return user ? { email: user.email } : undefined
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // advertised in discovery; answered by token-status.ts, because the API's JWT access tokens
      // are not stored here and oidc-provider would call every one of them inactive
      revocation: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // no `resource` parameter means the portal API, so scripts need not know the indicator
        defaultResource: async (_ctx: unknown, client: { clientId: string }) => (forUserinfo(client) ? undefined : API_RESOURCE),
        useGrantedResource: async (_ctx: unknown, client: { clientId: string }) => !forUserinfo(client),
        async getResourceServerInfo(_ctx: unknown, indicator: string) {
          if (indicator !== API_RESOURCE) throw new errors.InvalidTarget()
          return resourceServer
        },
      },
      // the IdP tells the portal when a person's IdP session ends (clients.ts: backchannel_logout_uri)
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: Ctx, form: string) {
          ctx.type = 'html'
          ctx.body = logoutPage(form)
        },
        async postLogoutSuccessSource(ctx: Ctx) {
          ctx.type = 'html'
          ctx.body = loggedOutPage()
        },
      },
    },
    // oidc-provider refuses to post to special-use addresses (SSRF): this development IdP posts
    // back-channel logouts to the portal beside it, on loopback; anything else keeps the guard
    async fetch(url: URL | string, options: RequestInit & { dispatcher?: unknown }) {
      const { hostname } = new URL(url)
      const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
      return globalThis.fetch(url, loopback ? { ...options, dispatcher: undefined } : options)
    },
    async renderError(ctx: Ctx, out: Record<string, string>) {
      ctx.type = 'html'
      ctx.body = errorPage(out.error_description ?? out.error ?? 'The request could not be completed.')
    },
  })

  // Koa derives the public scheme and host from X-Forwarded-*: the mount overwrites those headers
  // from the issuer on every request, so trusting them here trusts only our own configuration.
  provider.proxy = true
  return provider
}
