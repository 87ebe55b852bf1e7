import type { FastifyRequest } from 'fastify'
import type { Author } from '../../db/records/logged-writes.js'
import { HttpError } from '../../http-error.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** the upstream's clock: when a write happens, as its change-log entry says (app.ts; tests fix it) */
    clock: () => Date
  }
}

/** Who writes, as the gateway names them in `uid` (a person's email, a script's client id), and now. */
export function authorOf(request: FastifyRequest): Author {
  const uid = request.headers.uid
  return { by: typeof uid === 'string' && uid !== '' ? uid : null, at: request.server.clock() }
}

/**
 * authorOf for a write other than a record's own CRUD (an upload, the billing automation, a request,
 * the member self-service): its route names it as the entries' source ('/cloud_bills/upload').
 */
export function callAuthorOf(request: FastifyRequest): Author {
  return { ...authorOf(request), source: request.routeOptions.url ?? null }
}

/** The author of a call only a signed-in person makes (a billing job, a cloud request names who asked). */
export type Requester = Author & { by: string }

/** callAuthorOf for a call that needs the signed-in person the gateway names (uid): 401 without one. */
export function requesterOf(request: FastifyRequest): Requester {
  const author = callAuthorOf(request)
  if (author.by === null) throw new HttpError(401, 'No signed-in person (uid) came with the request')
  return { ...author, by: author.by }
}
