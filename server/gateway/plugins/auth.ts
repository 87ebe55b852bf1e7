import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import { errors as joseErrors, jwtVerify } from 'jose'
import type { FastifyRequest } from 'fastify'
import { grants, refusalMessage, SCOPES, type Grant, type Permission, type Scope } from '../../../shared/access.js'

/** Who is calling /api: a person through the session cookie, or a script with a bearer token. */
export interface Identity {
  kind: 'session' | 'bearer'
  /** sent upstream as `uid`: the person's address, or the script's client id */
  user: string
  name: string
  sub: string
  /** a person's role (from the IdP's groups at sign-in) or a script's scopes (from its token) */
  grant: Grant
}

/** A refusal of a call the caller may not make: the 403's body, and what its audit line says. */
export interface Refusal {
  body: { error: string; statusCode: 403 }
  fields: Record<string, unknown>
}

/** Null when the caller may do what `needed` names; else the refusal, naming the role or scopes it had and what was needed. */
export function refusalOf(identity: Identity, needed: Permission): Refusal | null {
  if (grants(identity.grant, needed)) return null
  const had =
    'scopes' in identity.grant ? { scopes: identity.grant.scopes, needs: needed.scope } : { role: identity.grant.role, needs: needed.role }
  return {
    body: { error: refusalMessage(identity.grant, needed), statusCode: 403 },
    fields: { reason: 'not permitted', status: 403, ...had },
  }
}

/** A token's `scope` claim as the scopes the portal knows (others are ignored). */
export function scopesOf(claim: unknown): Scope[] {
  const named = typeof claim === 'string' ? claim.split(' ') : []
  return SCOPES.filter((scope) => named.includes(scope))
}

export interface AuthOptions {
  /** the `aud` a bearer token must name (OIDC_API_AUDIENCE), so an ID token for the portal never passes */
  apiAudience: string
  /** the client ids whose access tokens are accepted (OIDC_SCRIPT_CLIENTS) */
  scriptClients: readonly string[]
  /** the gateway's clock (tests move it); exp and nbf are judged by it */
  now: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<Identity | null>
  }
  interface FastifyRequest {
    identity?: Identity | null
  }
}

/** How long the IdP's word on a bearer token (active or revoked) stands: a revocation counts within it. */
export const TOKEN_CHECK_MS = 30_000
const TOKEN_CHECKS_KEPT = 10_000

// asymmetric only: an HS256 token "signed" with a public key must never verify
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA']

/**
 * A request with an Authorization header is judged by that header alone, never by a cookie it
 * also carries: that is what makes bearer requests safe to exempt from the CSRF check.
 */
export const authPlugin = fp<AuthOptions>(
  async (fastify, opts) => {
    // the IdP's answer per token (by hash), kept for a while on the gateway's clock: a revocation
    // takes effect within that while, and a script's calls cost one check per while, not one each
    const checked = new Map<string, { active: boolean; until: number }>()
    async function stillActive(token: string): Promise<boolean> {
      const key = createHash('sha256').update(token).digest('base64url')
      const known = checked.get(key)
      if (known && known.until > opts.now()) return known.active
      const active = (await fastify.oidc.isActive(token)) ?? true
      if (checked.size >= TOKEN_CHECKS_KEPT) checked.delete(checked.keys().next().value!)
      checked.set(key, { active, until: opts.now() + TOKEN_CHECK_MS })
      return active
    }

    async function fromBearer(request: FastifyRequest, token: string): Promise<Identity | null> {
      try {
        const { payload } = await jwtVerify(token, await fastify.oidc.keys(), {
          issuer: fastify.oidc.issuer,
          audience: opts.apiAudience,
          algorithms: ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
          clockTolerance: 5,
          currentDate: new Date(opts.now()),
        })
        // a bearer token is a script's: the portal's own access token (a person's, sent by the
        // browser) and any other client's are refused, so a leaked user token is no API key
        if (typeof payload.client_id !== 'string' || !opts.scriptClients.includes(payload.client_id)) {
          request.log.info({ reason: 'not a script client', clientId: payload.client_id }, 'bearer token refused')
          return null
        }
        // a verified token may have been revoked since: the IdP says, once per token per while
        if (!(await stillActive(token))) {
          request.log.info({ reason: 'revoked', clientId: payload.client_id }, 'bearer token refused')
          return null
        }
        const user = String(payload.email ?? payload.client_id ?? payload.sub)
        const grant = { scopes: scopesOf(payload.scope) }
        return { kind: 'bearer', user, name: String(payload.name ?? user), sub: String(payload.sub), grant }
      } catch (error) {
        const reason = error instanceof joseErrors.JOSEError ? error.code : 'verification unavailable'
        request.log.info({ reason }, 'bearer token refused')
        return null
      }
    }

    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.identity !== undefined) return request.identity
      const header = request.headers.authorization
      let identity: Identity | null = null
      if (header !== undefined) {
        const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim())
        identity = match ? await fromBearer(request, match[1]) : null
      } else {
        const user = await fastify.sessions.current(request)
        identity = user && { kind: 'session', user: user.email, name: user.name, sub: user.sub, grant: { role: user.role } }
      }
      request.identity = identity
      return identity
    })
  },
  { name: 'auth', dependencies: ['session'] },
)
