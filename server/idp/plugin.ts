import type { IncomingMessage } from 'node:http'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { PortalClient } from './clients.js'
import { interactionRoutes } from './interactions.js'
import { loadKeys } from './keys.js'
import { IDP_CSP } from './pages.js'
import { createProvider } from './provider.js'

export { API_AUDIENCE, API_RESOURCE, SCRIPT_CLIENT } from './clients.js'
export { DEMO_USERS } from './users.js'

export interface IdpOptions {
  /** the public issuer URL; its path must be the prefix this plugin is registered with */
  issuer: string
  portalClient: PortalClient
  /** JWKS kept here so restarts keep tokens valid; in-memory keys when unset */
  keysFile?: string
  /** the audience of the API access tokens (the gateway's OIDC_API_AUDIENCE); API_AUDIENCE when unset */
  apiAudience?: string
}

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
  const provider = createProvider({ issuer: opts.issuer, portalClient: opts.portalClient, keys, apiAudience: opts.apiAudience })
  provider.on('server_error', (_ctx, err) => fastify.log.error({ err }, 'idp server error'))

  await fastify.register(interactionRoutes, { provider, mountPath, portalClientId: opts.portalClient.clientId })

  await fastify.register(async (mount) => {
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
