import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'

/** Liveness with a real round trip to the database; no token, so probes need no secret. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { config: { public: true } }, async (request, reply) => {
    try {
      await app.database.db.execute(sql`select 1`)
      return { status: 'ok' }
    } catch (err) {
      request.log.error({ err }, 'database health check failed')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
}
