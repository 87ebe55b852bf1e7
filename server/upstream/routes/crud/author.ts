import type { FastifyRequest } from 'fastify'
import type { Author } from '../../db/records/logged-writes.js'

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
