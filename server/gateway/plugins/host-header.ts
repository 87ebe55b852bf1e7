import fp from 'fastify-plugin'

/** How many times a request names its Host (Node keeps the first of several, and says nothing). */
function hosts(rawHeaders: string[]): number {
  let count = 0
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') count++
  return count
}

/**
 * A request with two Host headers is refused (RFC 9112 §3.2: 400): a proxy in front of the gateway
 * may have read the other one, and the two would then disagree about where the request goes.
 */
export const hostHeaderPlugin = fp(
  async (fastify) => {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (hosts(request.raw.rawHeaders) < 2) return done()
      fastify.auditEvent(request, reply, 'denied', { reason: 'two Host headers', status: 400 })
      reply.header('connection', 'close').badRequest()
    })
  },
  { name: 'host-header', dependencies: ['audit', '@fastify/sensible'] },
)
