import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createLocalJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose'
import { basicCredentials, requestClient, type ClientSecret } from './client-auth.js'
import type { IdpAudit } from './interactions.js'
import type { IdpStoreClass } from './store.js'

/**
 * Token revocation (RFC 7009) and introspection (RFC 7662) for the API's access tokens.
 *
 * oidc-provider revokes and introspects only the tokens it stores, and the API's access tokens are
 * JWTs it does not store (the gateway verifies them with the published keys). So these two
 * endpoints are answered here: a client may revoke a token issued to it (its `jti` is kept as
 * revoked until the token would have expired anyway), and a client (the gateway) may ask whether a
 * token is still active. oidc-provider's own features advertise the endpoints in discovery.
 */
export { authenticatedClient, type ClientSecret } from './client-auth.js'

export interface TokenStatusOptions {
  issuer: string
  /** the public signing keys (the private parts are dropped here) */
  jwks: { keys: JWK[] }
  /** the registered confidential clients: only they may revoke or introspect, each by its registered method */
  clients: readonly ClientSecret[]
  /** the IdP's store, when it has one; else revocations are kept in memory */
  store?: IdpStoreClass
  /** a refused client (a wrong secret, or none) is audited as at the token endpoint */
  audit: IdpAudit
  now?: () => number
}

const REVOKED_MODEL = 'RevokedAccessToken'

/** what names a token on the revoked list: its `jti` (every token this IdP issues has one), else its hash */
const tokenId = (claims: JWTPayload, token: string) => claims.jti ?? createHash('sha256').update(token).digest('base64url')

interface RevokedList {
  revoke(jti: string, expiresIn: number): Promise<void>
  isRevoked(jti: string): Promise<boolean>
}

function memoryList(now: () => number): RevokedList {
  const revoked = new Map<string, number>()
  return {
    async revoke(jti, expiresIn) {
      for (const [id, until] of revoked) if (until <= now()) revoked.delete(id)
      revoked.set(jti, now() + expiresIn * 1000)
    },
    async isRevoked(jti) {
      const until = revoked.get(jti)
      return until !== undefined && until > now()
    },
  }
}

function storeList(Store: IdpStoreClass): RevokedList {
  const store = new Store(REVOKED_MODEL)
  return {
    revoke: (jti, expiresIn) => store.upsert(jti, { jti }, expiresIn),
    isRevoked: async (jti) => (await store.find(jti)) !== undefined,
  }
}

export async function tokenStatusRoutes(fastify: FastifyInstance, opts: TokenStatusOptions) {
  const now = opts.now ?? Date.now
  const keys = createLocalJWKSet({
    keys: opts.jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({ kty, n, e, crv, x, y, kid, alg, use })),
  })
  const revoked = opts.store ? storeList(opts.store) : memoryList(now)
  const callerOf = (request: FastifyRequest<{ Body: Record<string, unknown> | undefined }>) =>
    requestClient(request, opts.clients, opts.issuer)

  /** the token's claims when it is one of this IdP's access tokens, valid now; else undefined */
  const claimsOf = async (token: unknown) => {
    if (typeof token !== 'string' || token.split('.').length !== 3) return undefined
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: opts.issuer,
        currentDate: new Date(now()),
        requiredClaims: ['exp'],
      })
      return payload
    } catch {
      return undefined
    }
  }

  const unauthorized = { error: 'invalid_client', error_description: 'client authentication failed' }
  /** the 401 of a client that did not authenticate, with its line: the client id it gave, never the secret */
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    opts.audit(request, reply, 'idp-client-refused', { user: basicCredentials(request.headers.authorization)?.id ?? null, status: 401 })
    return reply.code(401).header('www-authenticate', 'Basic').send(unauthorized)
  }

  fastify.post<{ Body: Record<string, unknown> | undefined }>('/token/revocation', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const caller = await callerOf(request)
    if (!caller) return refuse(request, reply)
    const claims = await claimsOf(request.body?.token)
    // RFC 7009 §2.2: an unknown, expired or foreign token is answered 200 all the same; only the
    // client a token was issued to can revoke it
    if (claims && claims.client_id === caller)
      await revoked.revoke(tokenId(claims, request.body!.token as string), Math.max(1, claims.exp! - Math.floor(now() / 1000)))
    return reply.code(200).send()
  })

  fastify.post<{ Body: Record<string, unknown> | undefined }>('/token/introspection', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!(await callerOf(request))) return refuse(request, reply)
    const claims = await claimsOf(request.body?.token)
    if (!claims || (await revoked.isRevoked(tokenId(claims, request.body!.token as string)))) return { active: false }
    const { client_id, sub, aud, exp, iat, jti, scope } = claims
    return { active: true, token_type: 'Bearer', client_id, sub, aud, exp, iat, jti, scope, iss: opts.issuer }
  })
}
