import * as client from 'openid-client'
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'

export interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
}

/** The relying party's view of the IdP, discovered on first use. */
export interface OidcClient {
  readonly issuer: string
  readonly clientId: string
  /** the discovered configuration; a failed discovery is retried on the next call */
  configuration(): Promise<client.Configuration>
  /** the IdP's signing keys, for bearer tokens */
  keys(): Promise<JWTVerifyGetKey>
  /** RFC 7662: whether the IdP still holds the token active (not revoked); undefined when it offers no introspection */
  isActive(token: string): Promise<boolean | undefined>
}

declare module 'fastify' {
  interface FastifyInstance {
    oidc: OidcClient
  }
}

/** Plain http is allowed only to this machine (the embedded IdP); anything else must be https. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * Discovery is lazy: the embedded issuer is this very server, which is not listening yet while
 * the gateway is built, and a corporate IdP that is briefly down must not stop start-up.
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  const issuerUrl = new URL(settings.issuer)
  const insecure = issuerUrl.protocol === 'http:'
  if (insecure && !isLoopbackUrl(issuerUrl)) {
    throw new Error(`OIDC issuer ${settings.issuer} must use https (plain http only on loopback)`)
  }
  let discovered: Promise<client.Configuration> | undefined
  let jwks: JWTVerifyGetKey | undefined

  const configuration = () => {
    discovered ??= client
      .discovery(issuerUrl, settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 5,
      })
      .catch((error: unknown) => {
        discovered = undefined
        throw error
      })
    return discovered
  }

  return {
    issuer: settings.issuer,
    clientId: settings.clientId,
    configuration,
    async isActive(token) {
      const config = await configuration()
      if (!config.serverMetadata().introspection_endpoint) return undefined
      return (await client.tokenIntrospection(config, token)).active
    },
    async keys() {
      if (jwks) return jwks
      const uri = (await configuration()).serverMetadata().jwks_uri
      if (!uri) throw new Error('the IdP publishes no jwks_uri')
      jwks = createRemoteJWKSet(new URL(uri), { timeoutDuration: 5000, cooldownDuration: 30_000 })
      return jwks
    },
  }
}
