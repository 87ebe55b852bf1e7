import { createHash, timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** reachable without the bearer token (health checks) */
    public?: boolean
  }
}

// compare digests: equal lengths for timingSafeEqual, and no early exit that leaks the token's length
const digest = (value: string) => createHash('sha256').update(value).digest()

/** Every route needs `Authorization: Bearer <token>`, the fixed token the gateway holds. */
export const bearerAuth = fp<{ token: string }>(
  async (app, { token }) => {
    if (!token) throw new Error('The upstream needs a non-empty token')
    const expected = digest(token)
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.public) return
      const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')
      if (!match || !timingSafeEqual(digest(match[1]), expected)) {
        return reply.code(401).send({ error: 'Unauthorized', statusCode: 401 })
      }
    })
  },
  { name: 'bearer-auth' },
)
