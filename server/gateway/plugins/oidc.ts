import * as client from 'openid-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { safeReturnTo } from '../return-to.js'
import { SIGN_IN_RETRY_AFTER_SECONDS, signInUnavailablePage } from '../sign-in-unavailable.js'
import type { RoleGroups } from '../../../shared/access.js'
import { claimAt, roleFromClaims } from '../roles.js'
import { limitKey, LOGIN_STARTS_PER_MINUTE } from './rate-limits.js'

export interface OidcRoutesOptions {
  publicUrl: string
  /** which of the IdP's groups make a viewer, an editor, an admin */
  roles: RoleGroups
  /** OIDC_SCOPES: what the sign-in asks for (some IdPs release groups only under a scope of their own) */
  scopes: string
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
    const unavailable = { error: 'Sign-in unavailable', statusCode: 503 }

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
        reply.code(503).header('retry-after', String(SIGN_IN_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store')
        // a person's browser gets a page that says what happened; a script, the JSON
        if (!request.headers.accept?.includes('text/html')) return reply.send(unavailable)
        const retry = `/oidc/login?returnTo=${encodeURIComponent(safeReturnTo(request.query.returnTo))}`
        return reply.type('text/html; charset=utf-8').send(signInUnavailablePage(retry))
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
        return reply.badRequest('No sign-in in progress. Start again from the portal.')
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
        let email = typeof claims.email === 'string' ? claims.email : undefined
        let name = typeof claims.name === 'string' ? claims.name : undefined
        let verified = claims.email_verified
        let groupClaims: Record<string, unknown> = claims
        if ((!email || claimAt(claims, opts.roles.claim) === undefined) && tokens.access_token) {
          // IdPs that keep claims out of the ID token answer at userinfo
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
          if (!email) {
            email = typeof info.email === 'string' ? info.email : undefined
            verified = info.email_verified
          }
          name ??= typeof info.name === 'string' ? info.name : undefined
          groupClaims = { ...info, ...claims }
        }
        if (!email) throw new Error('the IdP sent no email claim')
        // the address is the identity the upstream trusts (`uid`): one the IdP says it has not
        // verified could be anyone's (an IdP that sends no such claim vouches for its addresses)
        if (verified === false) {
          fastify.auditEvent(request, reply, 'login-failed', { user: email, reason: 'email not verified', status: 403 })
          return reply.forbidden('Your email address is not verified. Ask the CCoE team for access.')
        }
        // a person in none of the portal's groups is signed in all the same: the portal says who they
        // are and that they have no access, rather than sending them round the IdP again
        const role = roleFromClaims(groupClaims, opts.roles)
        const user = fastify.sessions.start(request, { sub: claims.sub, email, name: name ?? email, role })
        fastify.auditEvent(request, reply, 'login', { user: user.email, role, status: 302 })
      } catch (err) {
        request.log.warn({ err }, 'OIDC callback refused')
        fastify.auditEvent(request, reply, 'login-failed', { reason: 'callback refused', status: 400 })
        return reply.badRequest('Sign-in failed. Start again from the portal.')
      }
      return reply.redirect(`/unauth/login?returnTo=${encodeURIComponent(returnTo)}`, 302)
    })

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
      const user = await fastify.sessions.end(request)
      fastify.auditEvent(request, reply, 'logout', { user: user?.email ?? null, status: 302 })
      let target = afterLogout
      try {
        const config = await fastify.oidc.configuration()
        if (config.serverMetadata().end_session_endpoint) {
          target = client.buildEndSessionUrl(config, {
            client_id: fastify.oidc.clientId,
            post_logout_redirect_uri: afterLogout,
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
