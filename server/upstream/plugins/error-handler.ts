import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { databaseUnavailable } from '../db/unavailable.js'

/** how soon a caller may try again while the database is unavailable */
const RETRY_AFTER_SECONDS = 5

/**
 * The one error shape, `{ error, statusCode, fields? }`, for every failure. Client errors keep their
 * message (validation, HttpError, Fastify's own 4xx); a 5xx is logged and answered without details,
 * so no SQL, parameter or stack trace ever reaches the gateway. A database that cannot be reached
 * is a 503 with Retry-After, not a 500.
 */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError & { fields?: Record<string, string> }, request, reply) => {
      if (databaseUnavailable(err)) {
        // not this request's fault, nor a bug: the database is down or restarting, and comes back
        request.log.warn({ err }, 'the database is unavailable')
        return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: 'Service Unavailable', statusCode: 503 })
      }
      const statusCode = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
      if (statusCode >= 500) {
        request.log.error({ err }, 'upstream request failed')
        return reply.code(statusCode).send({ error: 'Internal Server Error', statusCode })
      }
      return reply.code(statusCode).send({ error: err.message, statusCode, ...(err.fields && { fields: err.fields }) })
    })
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ error: 'Not Found', statusCode: 404 })
    })
  },
  { name: 'error-handler' },
)
