import fp from 'fastify-plugin'

export interface CsrfOptions {
  publicUrl: string
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state changes a browser sends on behalf of another site: Sec-Fetch-Site first (sent by
 * every current browser, and `same-site` still means another origin), else the Origin header.
 * Requests with an Authorization header are exempt: a browser never adds one across sites, and
 * such a request is authenticated by it alone (plugins/auth.ts). The IdP guards its own forms. The
 * back-channel logout is the IdP's server-to-server post: it carries no cookie to abuse, and its
 * signed logout token is checked instead (plugins/backchannel-logout.ts).
 */
export const csrfPlugin = fp<CsrfOptions>(
  async (fastify, opts) => {
    const origin = new URL(opts.publicUrl).origin
    const exempt = (url: string) => url.startsWith('/idp/') || url.split('?')[0] === '/oidc/backchannel-logout'
    fastify.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method) || exempt(request.url)) return
      if (request.headers.authorization !== undefined) return
      const site = request.headers['sec-fetch-site']
      const sentOrigin = request.headers.origin
      const crossSite = site === 'cross-site' || site === 'same-site'
      if (crossSite || (sentOrigin !== undefined && sentOrigin !== origin)) {
        // a bearer request never gets here, so the cookie alone says who it was (read, not refreshed)
        const user = (await fastify.sessions.peek(request))?.email ?? null
        fastify.auditEvent(request, reply, 'denied', { user, reason: 'csrf', status: 403 })
        return reply.forbidden()
      }
    })
  },
  { name: 'csrf', dependencies: ['audit', 'session', '@fastify/sensible'] },
)
