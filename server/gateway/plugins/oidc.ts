import * as client from 'openid-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { callbackFailure } from '../callback-problem.js'
import { PersonRefused, personFromIdp } from '../idp-person.js'
import { safeReturnTo } from '../return-to.js'
import { tokensOf } from '../session-recheck.js'
import { sendSignInProblem } from '../sign-in-problem.js'
import type { RoleGroups } from '../../../shared/access.js'
import { limitKey, LOGIN_STARTS_PER_MINUTE } from './rate-limits.js'

export interface OidcRoutesOptions {
  publicUrl: string
  /** which of the IdP's groups make a viewer, an editor, an admin */
  roles: RoleGroups
  /** OIDC_SCOPES: what the sign-in asks for (some IdPs release groups only under a scope of their own) */
  scopes: string
  /** the gateway's clock: when the access token kept for re-checks expires */
  now: () => number
}

/**
 * Sign-in (authorization code + PKCE S256, state, nonce) and sign-out. The flow's secrets live in
 * their own short-lived encrypted cookie (request.loginFlow), bound to this browser, and are
 * cleared by the callback whatever its outcome. The IdP's tokens never leave this file.
 */
export const oidcRoutesPlugin = fp<OidcRoutesOptions>(
  async (fastify, opts) => {
    const redirectUri = `${opts.publicUrl}/oidc/callback`
    const afterLogout = `${opts.publicUrl}/unauth/home`

    const startsPerAddress = fastify.rateLimit({
      max: LOGIN_STARTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: limitKey('login-starts'),
    })
    // a refused start is a line of its own, like every other refusal (its 429 and Retry-After are the limit's)
    const loginLimit = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      try {
        await startsPerAddress.call(this, request, reply)
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 429) {
          fastify.auditEvent(request, reply, 'login-limited', { user: null, reason: 'address', status: 429 })
        }
        throw err
      }
    }
    fastify.get<{ Querystring: { returnTo?: string } }>('/oidc/login', { onRequest: loginLimit }, async (request, reply) => {
      let config: client.Configuration
      try {
        config = await fastify.oidc.configuration()
      } catch (err) {
        request.log.error({ err }, 'OIDC discovery failed')
        return sendSignInProblem(request, reply, 'unavailable', request.query.returnTo)
      }
      const verifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const flow = request.loginFlow
      flow.set('verifier', verifier)
      flow.set('state', state)
      flow.set('nonce', nonce)
      flow.set('returnTo', safeReturnTo(request.query.returnTo))
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: opts.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      return reply.header('cache-control', 'no-store').redirect(url.href, 302)
    })

    fastify.get('/oidc/callback', async (request, reply) => {
      const flow = request.loginFlow
      const verifier = flow.get('verifier')
      const state = flow.get('state')
      const nonce = flow.get('nonce')
      const returnTo = safeReturnTo(flow.get('returnTo'))
      // single use, whatever happens next
      flow.delete()
      if (typeof verifier !== 'string' || typeof state !== 'string' || typeof nonce !== 'string') {
        fastify.auditEvent(request, reply, 'login-failed', { reason: 'no sign-in in progress', status: 400 })
        return sendSignInProblem(request, reply, 'no-sign-in')
      }
      try {
        const config = await fastify.oidc.configuration()
        const tokens = await client.authorizationCodeGrant(config, new URL(request.url, opts.publicUrl), {
          pkceCodeVerifier: verifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        })
        const claims = tokens.claims()
        if (!claims) throw new Error('no ID token')
        const person = await personFromIdp(config, opts.roles, claims, tokens.access_token)
        // the IdP's session, which a back-channel logout names
        const idpSid = typeof claims.sid === 'string' ? { idpSid: claims.sid } : {}
        const user = await fastify.sessions.start(request, { ...person, ...idpSid }, tokensOf(tokens, opts.now()))
        fastify.auditEvent(request, reply, 'login', { user: user.email, role: user.role, status: 302 })
      } catch (err) {
        const failure = callbackFailure(err)
        // the IdP's own words go to the log, never to the page (a crafted link could put any text there)
        request.log.warn({ err, idpError: failure.idp?.error, idpErrorDescription: failure.idp?.description }, 'OIDC callback refused')
        sendSignInProblem(request, reply, failure.problem, returnTo)
        const user = err instanceof PersonRefused ? (err.email ?? null) : null
        fastify.auditEvent(request, reply, 'login-failed', { user, reason: failure.reason, status: reply.statusCode })
        return reply
      }
      return reply.redirect(`/unauth/login?returnTo=${encodeURIComponent(returnTo)}`, 302)
    })

    // where the web sends a person whose session the IdP ended (/api/session said so): the page says why
    fastify.get('/oidc/session-ended', async (request, reply) => sendSignInProblem(request, reply, 'session-ended'))

    // A GET by contract (the menu links to it). SameSite=Lax keeps the cookie off cross-site
    // subresource requests, so a foreign page cannot end a session with an <img>; but Lax sends it
    // on a top-level navigation, so a link or redirect from another site is refused by its
    // Sec-Fetch-Site (same-site is another origin too, as in plugins/csrf.ts): the browser goes
    // home and the session lives on. Browsers without Sec-Fetch-Site (or a typed URL: `none`) log out.
    fastify.get('/oidc/logout', async (request, reply) => {
      const site = request.headers['sec-fetch-site']
      if (site === 'cross-site' || site === 'same-site') {
        const who = (await fastify.sessions.peek(request))?.email ?? null
        fastify.auditEvent(request, reply, 'denied', { user: who, reason: 'cross-site logout', status: 302 })
        return reply.header('cache-control', 'no-store').redirect(afterLogout, 302)
      }
      const { user, idToken } = await fastify.sessions.end(request)
      fastify.auditEvent(request, reply, 'logout', { user: user?.email ?? null, status: 302 })
      let target = afterLogout
      try {
        const config = await fastify.oidc.configuration()
        if (config.serverMetadata().end_session_endpoint) {
          // the hint tells the IdP whose session to end, so it need not ask the person first
          target = client.buildEndSessionUrl(config, {
            client_id: fastify.oidc.clientId,
            post_logout_redirect_uri: afterLogout,
            ...(idToken && { id_token_hint: idToken }),
          }).href
        }
      } catch (err) {
        request.log.warn({ err }, 'no IdP end-session URL; local logout only')
      }
      return reply.header('cache-control', 'no-store').redirect(target, 302)
    })
  },
  { name: 'oidc-routes', dependencies: ['session', 'audit', 'rate-limits', '@fastify/sensible'] },
)
