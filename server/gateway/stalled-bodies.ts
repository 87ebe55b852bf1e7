import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const TIMED_OUT = { error: 'Request Timeout', statusCode: 408 }
const TIMED_OUT_TEXT = JSON.stringify(TIMED_OUT)

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0

/** The 408, by whichever way this reply can still go; an answer already under way can only be cut. */
function answerTimedOut(request: FastifyRequest, reply: FastifyReply) {
  if (!reply.sent) return void reply.code(408).header('connection', 'close').send(TIMED_OUT)
  // a route that answers on the raw response itself (the IdP's mount hijacks its replies)
  if (!reply.raw.headersSent) {
    reply.raw.writeHead(408, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(TIMED_OUT_TEXT),
      connection: 'close',
    })
    return void reply.raw.end(TIMED_OUT_TEXT)
  }
  request.raw.socket.destroy()
}

/**
 * Every request body, whoever reads it (Fastify's parsers, the multipart reader, the proxy, the
 * IdP's Koa app), is answered 408 and its connection closed once nothing of it has come for
 * `idleMs`: issue 37 found stalled bodies held sockets, upload slots and descriptors for good.
 *
 * It is the socket's own idle timer, which Node refreshes on every byte it reads and which emits
 * 'timeout' on a request only while that request's body is incomplete: no reader needs a timer of
 * its own, and a slow but steady body is never cut. Node's `requestTimeout` would not do: it
 * counts the whole request (a large upload on a slow line would be cut while still coming), and
 * Fastify's `connectionTimeout` destroys the socket without an answer, also while the route waits
 * for the upstream.
 */
export function answerStalledBodies(fastify: FastifyInstance, idleMs: number): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.raw.complete || !hasBody(request)) return done()
    request.raw.setTimeout(idleMs, () => answerTimedOut(request, reply))
    // the socket idles with the body whole: the route is at work (the upstream's timeout bounds
    // it), and the socket has the server's own idle timer again
    reply.raw.once('timeout', () => request.raw.socket.setTimeout(fastify.server.timeout))
    done()
  })
}
