/**
 * The default audience of access tokens meant for the portal's API: the gateway's OIDC_API_AUDIENCE
 * defaults to the same value (server/config.ts), and a configured one is handed to this IdP when
 * the gateway mounts it. The gateway accepts a bearer token only when it names that audience, so
 * an ID token (whose audience is the client id) never passes.
 */
export const API_AUDIENCE = 'ccoe-portal-api'

/** The RFC 8707 resource indicator of that API (indicators must be absolute URIs); the IdP's default. */
export const API_RESOURCE = 'urn:ccoe-portal:api'

/** The scope the API resource server grants; scripts and the portal both receive it. */
export const API_SCOPE = 'api'

/** The client-credentials client for scripts (development only: production IdPs register their own). */
export const SCRIPT_CLIENT = { clientId: 'ccoe-scripts', clientSecret: 'ccoe-scripts-secret' } as const

export interface PortalClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
}

/** oidc-provider client metadata for the portal (first party: no consent screen) and the scripts. */
export function clientMetadata(portal: PortalClient) {
  return [
    {
      client_id: portal.clientId,
      client_secret: portal.clientSecret,
      client_name: 'CCoE Portal',
      redirect_uris: portal.redirectUris,
      post_logout_redirect_uris: portal.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    {
      client_id: SCRIPT_CLIENT.clientId,
      client_secret: SCRIPT_CLIENT.clientSecret,
      client_name: 'CCoE scripts',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ]
}
