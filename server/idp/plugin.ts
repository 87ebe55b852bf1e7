import type { IncomingMessage } from 'node:http'
import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { PortalClient } from './clients.js'
import { interactionRoutes, type IdpAudit } from './interactions.js'
import { loadKeys } from './keys.js'
import { IDP_CSP } from './pages.js'
import { createProvider } from './provider.js'
import { authenticatedClient, tokenStatusRoutes } from './token-status.js'
import { clientMetadata } from './clients.js'
import formbody from '@fastify/formbody'
import { openIdpStore, type IdpStoreOptions, type SqlClient } from './store.js'
import type { IdpVariant } from './variant.js'
import type { DemoUser } from './users.js'

export { API_AUDIENCE, API_RESOURCE, SCRIPT_CLIENT, SCRIPT_CLIENTS } from './clients.js'
export { DEMO_USERS, type DemoUser } from './users.js'
export type { IdpVariant } from './variant.js'

export interface IdpOptions {
  /** the public issuer URL; its path must be the prefix this plugin is registered with */
  issuer: string
  portalClient: PortalClient
  /** JWKS kept here so restarts keep tokens valid; in-memory keys when unset */
  keysFile?: string
  /** the audience of the API access tokens (the gateway's OIDC_API_AUDIENCE); API_AUDIENCE when unset */
  apiAudience?: string
  /** where failed sign-ins and refused client secrets are audited; the server log when unset */
  audit?: IdpAudit
  /** a database for the IdP's state (a table of its own): sign-ins survive floods and restarts; in memory when unset */
  store?: IdpStoreOptions & { client: SqlClient }
  /** how this IdP differs from its defaults, as third-party IdPs do: tests prove the gateway against each */
  variant?: IdpVariant
  /** the accounts (DEMO_USERS unless a test brings its own, to change groups or disable one) */
  users?: readonly DemoUser[]
}

/** Token requests: a script needs one per hour or so; a guessed client secret needs thousands. */
export const TOKEN_REQUESTS_PER_MINUTE = 60

/**
 * The embedded development OpenID provider, mounted under the issuer's path (e.g. /idp).
 *
 * Not wrapped in fastify-plugin on purpose: it needs its own encapsulated context, because
 * oidc-provider reads request bodies itself, so here Fastify must leave them unread.
 *
 * The mount: oidc-provider is a Koa app. Each request under the prefix is hijacked and its raw
 * req/res handed to provider.callback() with `req.url` stripped of the mount path and
 * `req.originalUrl` keeping the full one; oidc-provider derives its mount path from the
 * difference, so every URL it builds (interaction, resume, end-session) carries the prefix.
 */
export const idpPlugin: FastifyPluginAsync<IdpOptions> = async (fastify, opts) => {
  const issuer = new URL(opts.issuer)
  const mountPath = issuer.pathname.replace(/\/$/, '')
  if (mountPath !== fastify.prefix) {
    throw new Error(`idpPlugin: issuer path "${mountPath}" must equal the prefix "${fastify.prefix}"`)
  }
  const keys = await loadKeys(opts.keysFile)
  const adapter = opts.store && (await openIdpStore(opts.store.client, opts.store))
  const { variant } = opts
  const provider = createProvider({
    issuer: opts.issuer,
    portalClient: opts.portalClient,
    keys,
    apiAudience: opts.apiAudience,
    adapter,
    variant,
    users: opts.users,
  })
  provider.on('server_error', (_ctx, err) => fastify.log.error({ err }, 'idp server error'))
  provider.on('backchannel.error', (_ctx, err, client) => {
    fastify.log.warn({ err, clientId: (client as { clientId?: string }).clientId }, 'back-channel logout not delivered')
  })
  const audit: IdpAudit = opts.audit ?? ((request, _reply, event, fields) => request.log.warn({ event, ...fields }, 'idp audit'))
  if (!fastify.hasDecorator('rateLimit')) await fastify.register(rateLimit, { global: false })

  // oidc-provider's events carry its Koa context; the Fastify request behind it is looked up here
  const calls = new WeakMap<IncomingMessage, { request: FastifyRequest; reply: FastifyReply }>()
  provider.on('grant.error', (...args: unknown[]) => {
    const [ctx, err] = args as [{ req: IncomingMessage; oidc?: { client?: { clientId: string }; params?: { client_id?: string } } }, Error]
    const call = calls.get(ctx.req)
    if (call && (err as Error & { error?: string }).error === 'invalid_client') {
      const clientId = ctx.oidc?.client?.clientId ?? ctx.oidc?.params?.client_id ?? null
      audit(call.request, call.reply, 'idp-client-refused', { user: clientId, status: 401 })
    }
  })

  await fastify.register(interactionRoutes, { provider, mountPath, portalClientId: opts.portalClient.clientId, users: opts.users, audit })

  // the limit is for guessed secrets: the portal's own calls (every person's code exchange, all from
  // the gateway's address, and its token checks) present the right one and are not counted
  const clients = clientMetadata(opts.portalClient, variant)
  const portalSecret = clients[0]
  const tokenLimit = fastify.rateLimit({
    max: TOKEN_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => authenticatedClient(request.headers.authorization, [portalSecret]) !== undefined,
    // named, as interactions.ts's limit is: in a gateway's Redis every limit shares one key prefix
    keyGenerator: (request) => `idp-tokens:${normalizeIP(request.ip)}`,
  })
  // opaque tokens are stored by oidc-provider, which then answers introspection and revocation itself
  if (variant?.accessTokenFormat !== 'opaque') {
    await fastify.register(async (status) => {
      await status.register(formbody, { bodyLimit: 16 * 1024 })
      status.addHook('onRequest', tokenLimit)
      await status.register(tokenStatusRoutes, { issuer: opts.issuer, jwks: keys.jwks, clients, store: adapter, audit })
    })
  }

  await fastify.register(async (mount) => {
    mount.addHook('onRequest', async (request, reply) => {
      if (request.url.split('?')[0] === `${mountPath}/token`) return tokenLimit.call(mount, request, reply)
    })
    mount.removeAllContentTypeParsers()
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null))
    const callback = provider.callback()

    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as IncomingMessage & { originalUrl?: string }
      const url = raw.url ?? '/'
      if (!url.startsWith(`${mountPath}/`)) {
        return reply.code(404).send({ error: 'Not Found', statusCode: 404 })
      }
      reply.hijack()
      calls.set(raw, { request, reply })
      raw.originalUrl = url
      raw.url = url.slice(mountPath.length)
      // overwritten, never trusted from the client: the issuer says where the browser is
      raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1)
      raw.headers['x-forwarded-host'] = issuer.host
      raw.headers['x-forwarded-for'] = raw.socket.remoteAddress ?? ''
      reply.raw.setHeader('content-security-policy', IDP_CSP)
      reply.raw.setHeader('x-content-type-options', 'nosniff')
      reply.raw.setHeader('referrer-policy', 'no-referrer')
      callback(raw, reply.raw)
    }
    mount.all('/*', handler)
  })
}
