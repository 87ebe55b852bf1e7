import { SCOPES } from '../../shared/roles.js'
import type { IdpVariant } from './variant.js'

/**
 * The default audience of access tokens meant for the portal's API: the gateway's OIDC_API_AUDIENCE
 * defaults to the same value (server/config.ts), and a configured one is handed to this IdP when
 * the gateway mounts it. The gateway accepts a bearer token only when it names that audience, so
 * an ID token (whose audience is the client id) never passes.
 */
export const API_AUDIENCE = 'ccoe-portal-api'

/** The RFC 8707 resource indicator of that API (indicators must be absolute URIs); the IdP's default. */
export const API_RESOURCE = 'urn:ccoe-portal:api'

/** The scope of the portal's own access token for a person (the gateway never accepts it as a bearer). */
export const API_SCOPE = 'api'

/** Every scope the API resource server grants: the portal's, and a script's (shared/access.ts SCOPES). */
export const API_SCOPES = [API_SCOPE, ...SCOPES].join(' ')

/**
 * The client-credentials clients for scripts (development only: production IdPs register their own).
 * `contacts` (client metadata, OpenID Connect Dynamic Client Registration §2): the script's own
 * address, where a report it names none goes; the gateway's OIDC_SCRIPT_CONTACTS defaults to these.
 */
export const SCRIPT_CLIENTS = [
  // the design card's report triggers and reads
  {
    clientId: 'ccoe-scripts',
    clientSecret: 'ccoe-scripts-secret',
    name: 'CCoE scripts',
    scope: 'read reports',
    contacts: ['ccoe-scripts@ccoe.example'],
  },
  // scripts that maintain reference data
  {
    clientId: 'ccoe-automation',
    clientSecret: 'ccoe-automation-secret',
    name: 'CCoE automation',
    scope: 'read write reports',
    contacts: ['ccoe-automation@ccoe.example'],
  },
] as const
/** The one most scripts use. */
export const SCRIPT_CLIENT = SCRIPT_CLIENTS[0]

export interface PortalClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  /** where the IdP posts a logout token when a person's IdP session ends (Back-Channel Logout 1.0) */
  backchannelLogoutUri?: string
  /** whether the portal gets refresh tokens, to re-check a person while signed in @default true */
  refreshTokens?: boolean
  /**
   * whether the portal's access token is one for the userinfo endpoint rather than for the API (an
   * IdP without refresh tokens that the gateway asks at userinfo instead) @default false
   */
  userinfoAccessToken?: boolean
  /**
   * each refresh answers a new refresh token and spends the old one, whose reuse then ends the grant
   * (as Okta, Auth0 and Keycloak's "revoke refresh token" do); unset: oidc-provider's own choice
   */
  rotateRefreshTokens?: boolean
}

/** oidc-provider client metadata for the portal (first party: no consent screen) and the scripts. */
export function clientMetadata(portal: PortalClient, variant: IdpVariant = {}) {
  return [
    {
      client_id: portal.clientId,
      client_secret: portal.clientSecret,
      client_name: 'CCoE Portal',
      redirect_uris: portal.redirectUris,
      post_logout_redirect_uris: portal.postLogoutRedirectUris,
      grant_types: portal.refreshTokens === false ? ['authorization_code'] : ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: variant.tokenAuthMethods?.[0] ?? 'client_secret_basic',
      ...(variant.portalJwks && { jwks: variant.portalJwks }),
      ...(portal.backchannelLogoutUri && {
        backchannel_logout_uri: portal.backchannelLogoutUri,
        // the logout token names the IdP session (`sid`), as the ID token does
        backchannel_logout_session_required: true,
      }),
    },
    ...SCRIPT_CLIENTS.map((script) => ({
      client_id: script.clientId,
      client_secret: script.clientSecret,
      client_name: script.name,
      contacts: [...script.contacts],
      // the most it may ask for; a token carries the scopes it asked for
      scope: script.scope,
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
  ]
}
