import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose'

/** A registered confidential client, as oidc-provider's metadata names it. */
export interface ClientSecret {
  client_id: string
  client_secret: string
  /** how it must authenticate @default 'client_secret_basic' */
  token_endpoint_auth_method?: string
  /** its public keys, for private_key_jwt */
  jwks?: { keys: JWK[] }
}

/** RFC 6749 §2.3.1: client_secret_basic, each part form-encoded before base64; undefined when not that */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '')
  if (!match) return undefined
  const text = Buffer.from(match[1], 'base64').toString()
  const colon = text.indexOf(':')
  if (colon < 0) return undefined
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '))
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) }
  } catch {
    return undefined
  }
}

const methodOf = (client: ClientSecret) => client.token_endpoint_auth_method ?? 'client_secret_basic'

/** The client with this secret, registered for `method` (secrets compared in constant time). */
function withSecret(clients: readonly ClientSecret[], method: string, id: string, secret: string): string | undefined {
  const client = clients.find((c) => c.client_id === id && methodOf(c) === method)
  if (!client) return undefined
  const [a, b] = [Buffer.from(secret), Buffer.from(client.client_secret)]
  return a.length === b.length && timingSafeEqual(a, b) ? client.client_id : undefined
}

/** The client an Authorization header authenticates as (client_secret_basic). */
export function authenticatedClient(header: string | undefined, clients: readonly ClientSecret[]): string | undefined {
  const given = basicCredentials(header)
  return given && withSecret(clients, 'client_secret_basic', given.id, given.secret)
}

/**
 * The client a request to the token-status endpoints authenticates as, by its registered method:
 * the Basic header, the secret in the body (client_secret_post), or a JWT signed with its key
 * (private_key_jwt, RFC 7523: iss and sub the client, aud this IdP). A development IdP: no `jti`
 * replay list.
 */
export async function requestClient(
  request: FastifyRequest<{ Body: Record<string, unknown> | undefined }>,
  clients: readonly ClientSecret[],
  issuer: string,
): Promise<string | undefined> {
  const body = request.body ?? {}
  if (request.headers.authorization !== undefined) return authenticatedClient(request.headers.authorization, clients)
  if (typeof body.client_id === 'string' && typeof body.client_secret === 'string') {
    return withSecret(clients, 'client_secret_post', body.client_id, body.client_secret)
  }
  const client = clients.find((c) => c.client_id === body.client_id && methodOf(c) === 'private_key_jwt' && c.jwks)
  if (!client || typeof body.client_assertion !== 'string') return undefined
  try {
    await jwtVerify(body.client_assertion, createLocalJWKSet(client.jwks!), {
      issuer: client.client_id,
      subject: client.client_id,
      audience: [issuer, `${request.protocol}://${request.host}${request.url}`],
      requiredClaims: ['exp'],
    })
    return client.client_id
  } catch {
    return undefined
  }
}
