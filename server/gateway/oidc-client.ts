import * as client from 'openid-client'
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import type { TokenAuthMethod } from '../config.js'
import { clientAuthOf, methodToUse } from './client-auth.js'

export interface OidcSettings {
  issuer: string
  clientId: string
  /** empty when the portal authenticates with its key alone */
  clientSecret: string
  /** unset: the first method of discovery's token_endpoint_auth_methods_supported the portal can use */
  tokenAuthMethod?: TokenAuthMethod
  /** the PEM private key of private_key_jwt */
  clientKey?: string
}

/** Discovery names another issuer than the configured one: no token of this IdP can be trusted. */
export class IssuerMismatchError extends Error {
  constructor(
    readonly configured: string,
    readonly discovered: unknown,
  ) {
    super(`the IdP's discovery document names the issuer ${JSON.stringify(discovered)}, but OIDC_ISSUER is ${JSON.stringify(configured)}`)
  }
}

/** The relying party's view of the IdP, discovered on first use. */
export interface OidcClient {
  readonly issuer: string
  readonly clientId: string
  /** the discovered configuration; a failed discovery is retried on the next call */
  configuration(): Promise<client.Configuration>
  /** the IdP's signing keys, for bearer tokens */
  keys(): Promise<JWTVerifyGetKey>
  /** RFC 7662 with the portal's own client credentials; undefined when the IdP offers no introspection */
  introspect(token: string): Promise<client.IntrospectionResponse | undefined>
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

/** openid-client's own issuer check compares URLs after parsing them; ours compares the strings. */
function issuerOf(error: unknown): unknown {
  const cause = (error as { cause?: { attribute?: string; body?: { issuer?: unknown } } }).cause
  return cause?.attribute === 'issuer' ? cause.body?.issuer : undefined
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
  const options = { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 5 }

  async function discover(): Promise<client.Configuration> {
    const found = await client.discovery(issuerUrl, settings.clientId, undefined, undefined, options).catch((error: unknown) => {
      const named = issuerOf(error)
      throw named === undefined ? error : new IssuerMismatchError(settings.issuer, named)
    })
    const metadata = found.serverMetadata()
    if (metadata.issuer !== settings.issuer) throw new IssuerMismatchError(settings.issuer, metadata.issuer)
    // the client authentication depends on what discovery offers, so the configuration is made again with it
    const method = methodToUse(settings, metadata.token_endpoint_auth_methods_supported)
    const config = new client.Configuration(metadata, settings.clientId, undefined, await clientAuthOf(method, settings))
    if (insecure) client.allowInsecureRequests(config)
    config.timeout = options.timeout
    return config
  }

  const configuration = () => {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined
      throw error
    })
    return discovered
  }

  return {
    issuer: settings.issuer,
    clientId: settings.clientId,
    configuration,
    async introspect(token) {
      const config = await configuration()
      if (!config.serverMetadata().introspection_endpoint) return undefined
      return client.tokenIntrospection(config, token)
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
