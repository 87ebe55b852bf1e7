import formbody from '@fastify/formbody'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { InteractionDetails } from 'oidc-provider'
import { API_RESOURCE, API_SCOPE } from './clients.js'
import { errorPage, IDP_CSP, loginPage } from './pages.js'
import { attemptCounter } from './attempts.js'
import { checkCredentials, type DemoUser } from './users.js'

export interface InteractionOptions {
  provider: Provider
  mountPath: string
  portalClientId: string
  /** the accounts that may sign in (DEMO_USERS unless a test brings its own) */
  users?: readonly DemoUser[]
  /** writes one audit line (the gateway's audit log when mounted there) */
  audit: IdpAudit
}

/** An IdP event for the audit log: never a password or a secret. */
export type IdpAudit = (request: FastifyRequest, reply: FastifyReply, event: string, fields: Record<string, unknown>) => void

/**
 * Sign-in posts per client address, and failed passwords per address and account: neither a spray
 * nor a guess goes far, and nobody's guesses lock the owner (elsewhere) out of an account.
 */
export const SIGN_INS_PER_MINUTE = { perAddress: 60, perAccount: 10 }

// `groups` only where the IdP knows it as a scope (IdpVariant.groupsScope); elsewhere it grants nothing
const OIDC_SCOPES = new Set(['openid', 'email', 'profile', 'groups'])

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-security-policy', IDP_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body)
}

/**
 * The portal is first party: instead of a consent screen, its grant covers whatever it asked
 * for. Any other client would need a consent page, and none is registered for interactive use.
 */
async function grantFor(provider: Provider, details: InteractionDetails, accountId: string): Promise<string> {
  const clientId = String(details.params.client_id)
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
    : new provider.Grant({ accountId, clientId })
  const requested = String(details.params.scope ?? '')
    .split(' ')
    .filter(Boolean)
  grant.addOIDCScope(requested.filter((s) => OIDC_SCOPES.has(s)).join(' '))
  const missingClaims = details.prompt.details.missingOIDCClaims
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[])
  grant.addResourceScope(API_RESOURCE, API_SCOPE)
  return grant.save()
}

/** The login (and silent consent) pages oidc-provider sends the browser to: /interaction/:uid. */
export async function interactionRoutes(fastify: FastifyInstance, opts: InteractionOptions) {
  const { provider, mountPath, portalClientId, audit } = opts
  await fastify.register(formbody, { bodyLimit: 16 * 1024 })
  // named: mounted in a gateway whose limits count in Redis, every limit shares one key prefix there
  const perAddress = fastify.rateLimit({
    max: SIGN_INS_PER_MINUTE.perAddress,
    timeWindow: 60_000,
    keyGenerator: (request) => `idp-sign-ins:${normalizeIP(request.ip)}`,
  })
  const failures = attemptCounter(SIGN_INS_PER_MINUTE.perAccount, 60_000)
  const attemptKey = (request: FastifyRequest, account: string) => `${request.ip}\n${account}`

  // an expired or foreign interaction: say so plainly rather than show a stack or a raw error
  fastify.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // the per-address limit's refusal (its Retry-After is set already): a page that says so, not 'expired'
    if (error.statusCode === 429) {
      audit(request, reply, 'idp-login-limited', { user: null, reason: 'address', status: 429 })
      return html(reply, 429, errorPage('Too many sign-in attempts from this address. Wait a minute and try again.'))
    }
    request.log.info({ err: error }, 'idp interaction failed')
    return html(reply, 400, errorPage('This sign-in attempt has expired or is invalid. Go back to the portal and sign in again.'))
  })

  fastify.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw)
    if (details.uid !== request.params.uid) throw new Error('interaction mismatch')
    if (details.prompt.name === 'login') {
      return html(reply, 200, loginPage({ action: `${mountPath}/interaction/${details.uid}/login` }))
    }
    if (details.prompt.name === 'consent' && details.params.client_id === portalClientId && details.session) {
      const grantId = await grantFor(provider, details, details.session.accountId)
      const to = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } })
      return reply.redirect(to, 303)
    }
    return html(reply, 400, errorPage('This application is not allowed to sign in here.'))
  })

  fastify.post<{ Params: { uid: string }; Body: { email?: string; password?: string } }>(
    '/interaction/:uid/login',
    { onRequest: perAddress },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw)
      if (details.uid !== request.params.uid || details.prompt.name !== 'login') throw new Error('interaction mismatch')
      const email = String(request.body?.email ?? '')
      const account = email.trim().toLowerCase().slice(0, 254)
      const retryAfter = failures.blocked(attemptKey(request, account))
      if (retryAfter !== undefined) {
        audit(request, reply, 'idp-login-limited', { user: account, status: 429 })
        reply.header('retry-after', String(retryAfter))
        return html(reply, 429, errorPage('Too many sign-in attempts for this account from this address. Wait a minute and try again.'))
      }
      const user = checkCredentials(email, String(request.body?.password ?? ''), opts.users)
      if (!user) {
        failures.fail(attemptKey(request, account))
        audit(request, reply, 'idp-login-failed', { user: account, status: 401 })
        const action = `${mountPath}/interaction/${details.uid}/login`
        return html(reply, 401, loginPage({ action, email, error: 'Invalid email or password.' }))
      }
      const result: Record<string, unknown> = { login: { accountId: user.sub } }
      if (details.params.client_id === portalClientId) {
        result.consent = { grantId: await grantFor(provider, details, user.sub) }
      }
      const to = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false })
      return reply.redirect(to, 303)
    },
  )
}
