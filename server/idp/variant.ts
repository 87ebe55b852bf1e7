import type { JWK } from 'jose'

/**
 * Ways third-party IdPs differ from this one's defaults, so tests can prove the gateway against
 * each (issue 38). Unset, every field keeps the embedded IdP as `npm start` runs it.
 */
export interface IdpVariant {
  /**
   * The token endpoint's client authentications, as discovery lists them; the portal client is
   * registered with the first (and may use no other). Scripts keep client_secret_basic.
   * @default ['client_secret_basic']
   */
  tokenAuthMethods?: string[]
  /** the portal client's public keys (for private_key_jwt) */
  portalJwks?: { keys: JWK[] }
  /** the API's access tokens: JWTs (RFC 9068) or opaque handles only introspection explains @default 'jwt' */
  accessTokenFormat?: 'jwt' | 'opaque'
  /** groups are released only under a `groups` scope, never with `profile` */
  groupsScope?: boolean
  /** where a person's groups go: a claim's name or a dot path (`realm_access.roles`) @default 'groups' */
  groupsClaim?: string
  /** an access token's scopes in `scp` as a list (Entra, Okta) instead of `scope` */
  scpList?: boolean
  /** how long access, ID and client-credentials tokens live (IdPs that issue them for minutes) @default 3600 */
  tokenLifetimeSeconds?: number
}

/** The groups at `path`, nested as a dot path says: `realm_access.roles` → { realm_access: { roles } }. */
export function groupsClaims(path: string, groups: string[]): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), groups) as Record<string, unknown>
}

/** oidc-provider's claims per scope: which scope releases the groups' (top-level) claim. */
export function claimsByScope(variant: IdpVariant) {
  const groups = (variant.groupsClaim ?? 'groups').split('.')[0]
  const email = ['email', 'email_verified']
  return variant.groupsScope
    ? { openid: ['sub'], email, profile: ['name'], groups: [groups] }
    : { openid: ['sub'], email, profile: ['name', groups] }
}

/** An access token JWT's claims as the variant writes them (oidc-provider's formats.customizers.jwt). */
export function customizeJwt(variant: IdpVariant) {
  if (!variant.scpList) return undefined
  return (_ctx: unknown, _token: unknown, jwt: { payload: Record<string, unknown> }) => {
    const { scope, ...rest } = jwt.payload
    jwt.payload = { ...rest, scp: typeof scope === 'string' ? scope.split(' ') : [] }
  }
}
