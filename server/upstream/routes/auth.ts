import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../shared/calls/index.js'
import { declaredRoute } from './declared.js'

/**
 * The provider's token check. The bearer token was verified by the bearer-auth hook; the signed-in
 * person's email arrives in the `uid` header, set by the gateway after it dropped any client copy.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    ...declaredRoute(CALLS.auth.calls.validateToken),
    handler: async (request, reply) => {
      const uid = request.headers.uid
      if (typeof uid !== 'string' || uid === '') {
        return reply.code(401).send({ error: 'Unauthorized', statusCode: 401 })
      }
      return { success: true, data: { uid } }
    },
  })
}
