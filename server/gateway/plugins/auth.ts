import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { grants, refusalMessage, type Grant, type Permission } from '../../../shared/access.js'
import { isEmailAddress } from '../../../shared/rules/email-address.js'
import { bearerChecker } from '../bearer-tokens.js'

/** Who is calling /api: a person through the session cookie, or a script with a bearer token. */
export interface Identity {
  kind: 'session' | 'bearer'
  /** sent upstream as `uid`: the person's address, or the script's client id */
  user: string
  name: string
  sub: string
  /** a person's role (from the IdP's groups at sign-in) or a script's scopes (from its token) */
  grant: Grant
  /**
   * the caller's own address, where a report that names none goes: a person's email; a script's
   * `email` claim, else its registered contact (OIDC_SCRIPT_CONTACTS); a script may have none
   */
  address?: string
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

export { TOKEN_CHECK_MS } from '../bearer-tokens.js'

export interface AuthOptions {
  /** the `aud` a bearer token must name (OIDC_API_AUDIENCE), so an ID token for the portal never passes */
  apiAudience: string
  /** the client ids whose access tokens are accepted (OIDC_SCRIPT_CLIENTS) */
  scriptClients: readonly string[]
  /** each script client's own address (OIDC_SCRIPT_CONTACTS) */
  scriptContacts: Readonly<Record<string, string>>
  /** the gateway's clock (tests move it); exp and nbf are judged by it */
  now: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<Identity | null>
  }
  interface FastifyRequest {
    identity?: Identity | null
    /** why a bearer token was refused (RFC 6750 error_description): every 401 of the request says it */
    bearerRefusal?: string
  }
}

/**
 * A request with an Authorization header is judged by that header alone, never by a cookie it
 * also carries: that is what makes bearer requests safe to exempt from the CSRF check.
 */
export const authPlugin = fp<AuthOptions>(
  async (fastify, opts) => {
    const check = bearerChecker({ oidc: fastify.oidc, ...opts })

    async function fromBearer(request: FastifyRequest, token: string): Promise<Identity | null> {
      const checked = await check(token)
      if ('refused' in checked) return refuse(request, checked.refused, checked.details)
      const { claims } = checked
      const user = claims.email ?? claims.client
      const email = claims.email !== undefined && isEmailAddress(claims.email) ? claims.email : undefined
      const address = email ?? (Object.hasOwn(opts.scriptContacts, claims.client) ? opts.scriptContacts[claims.client] : undefined)
      return { kind: 'bearer', user, name: claims.name ?? user, sub: claims.sub, grant: { scopes: claims.scopes }, address }
    }

    function refuse(request: FastifyRequest, reason: string, details?: Record<string, unknown>): null {
      request.bearerRefusal = reason
      // the request's logger names its reqId
      request.log.warn({ reason, ...details }, 'bearer token refused')
      return null
    }

    // one place for RFC 6750 §3: whichever route answers 401 (the proxy, CSV, uploads, /api/session),
    // a refused token's answer says why
    fastify.addHook('onSend', async (request, reply) => {
      if (reply.statusCode === 401 && request.bearerRefusal !== undefined) {
        reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${request.bearerRefusal}"`)
      }
    })

    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.identity !== undefined) return request.identity
      const header = request.headers.authorization
      let identity: Identity | null = null
      if (header !== undefined) {
        const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim())
        identity = match ? await fromBearer(request, match[1]) : refuse(request, 'malformed Authorization header')
      } else {
        const user = await fastify.sessions.current(request)
        identity = user && {
          kind: 'session',
          user: user.email,
          name: user.name,
          sub: user.sub,
          grant: { role: user.role },
          address: user.email,
        }
      }
      request.identity = identity
      return identity
    })
  },
  { name: 'auth', dependencies: ['session'] },
)
