import formbody from '@fastify/formbody'
import fp from 'fastify-plugin'
import { jwtVerify, type JWTPayload } from 'jose'

export interface BackchannelLogoutOptions {
  /** the gateway's clock: the token's iat and exp, and how long its jti is remembered */
  now: () => number
}

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout'
// asymmetric only, as for bearer tokens (auth.ts): a token "signed" with a public key never verifies
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA']
/** how old a logout token may be (by its iat): older ones are refused rather than remembered forever */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 5 * 60

/** A logout token the portal must refuse (400 invalid_request, Back-Channel Logout 1.0 §2.8). */
class LogoutTokenRefused extends Error {}

/** The checks of Back-Channel Logout 1.0 §2.6 beyond the signature, iss, aud and times that jose checks. */
function logoutClaims(payload: JWTPayload): { sid?: string; sub?: string } {
  const events = payload.events as Record<string, unknown> | undefined
  if (typeof events !== 'object' || events === null || typeof events[LOGOUT_EVENT] !== 'object') {
    throw new LogoutTokenRefused('no back-channel logout event')
  }
  if ('nonce' in payload) throw new LogoutTokenRefused('a logout token carries no nonce')
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined
  const sub = typeof payload.sub === 'string' ? payload.sub : undefined
  if (!sid && !sub) throw new LogoutTokenRefused('neither sid nor sub')
  if (typeof payload.jti !== 'string') throw new LogoutTokenRefused('no jti')
  return { sid, sub }
}

/**
 * OpenID Connect Back-Channel Logout 1.0: the IdP posts a logout token server-to-server when a
 * person's IdP session ends. Every portal session of that IdP session (`sid`), or of that person
 * (`sub` alone), ends on every replica, through the shared logout cut-off (within REREAD_MS).
 * Exempt from the CSRF check (csrf.ts): it carries no cookie, and the signed token is its proof.
 */
export const backchannelLogoutPlugin = fp<BackchannelLogoutOptions>(
  async (fastify, opts) => {
    await fastify.register(async (route) => {
      await route.register(formbody, { bodyLimit: 16 * 1024 })
      route.post<{ Body: { logout_token?: unknown } }>('/oidc/backchannel-logout', async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const token = request.body?.logout_token
        try {
          if (typeof token !== 'string') throw new LogoutTokenRefused('no logout_token')
          const { payload } = await jwtVerify(token, await fastify.oidc.keys(), {
            issuer: fastify.oidc.issuer,
            audience: fastify.oidc.clientId,
            algorithms: ALGORITHMS,
            requiredClaims: ['iat', 'jti', 'events'],
            maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
            clockTolerance: 5,
            currentDate: new Date(opts.now()),
          })
          const { sid, sub } = logoutClaims(payload)
          // a replayed token is refused; it is remembered as long as it could still pass maxTokenAge
          const rememberUntil = (payload.iat! + LOGOUT_TOKEN_MAX_AGE_SECONDS + 5) * 1000
          if (!(await fastify.sessions.remember(`logout-jti:${payload.jti}`, rememberUntil))) {
            throw new LogoutTokenRefused('replayed jti')
          }
          await fastify.sessions.endAtIdp({ idpSid: sid, sub })
          fastify.auditEvent(request, reply, 'logout', { user: sub ?? null, reason: 'back-channel', status: 200 })
          return reply.code(200).send()
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          request.log.warn({ reason }, 'back-channel logout token refused')
          fastify.auditEvent(request, reply, 'denied', { user: null, reason: 'logout token refused', status: 400 })
          return reply.code(400).send({ error: 'invalid_request', error_description: 'the logout token is invalid' })
        }
      })
    })
  },
  { name: 'backchannel-logout', dependencies: ['session', 'audit'] },
)
