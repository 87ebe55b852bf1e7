import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no request other than the long calls (`config.longCall`: CSV exports, uploads) is in flight. */
    othersDone(): Promise<void>
  }
  interface FastifyContextConfig {
    /**
     * A call that lasts as long as its data takes, not a person waiting on a page (a CSV export, an
     * upload): people-first does not count it.
     */
    longCall?: boolean
  }
}

/**
 * People first: a CSV export walking a list page by page (an upstream without its own CSV, such as
 * the embedded one on PGlite, whose queries all run on its one thread, one after the other) asks for each
 * next page only when no other request is in flight, so a person's page waits behind one export
 * step at most rather than one at every hop. Long calls (routes with `config.longCall`) do not
 * count: exports themselves, and uploads, which last as long as their file takes to arrive (minutes
 * for a large one on a slow line); the upload's own call upstream waits behind one step at most.
 */
export const peopleFirstPlugin = fp(
  async (fastify) => {
    let inFlight = 0
    let waiting: (() => void)[] = []
    fastify.decorate('othersDone', () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))))
    // a callback hook, not an async one: it runs on every request, and needs no promise of its own
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.longCall) return done()
      inFlight++
      // 'close' comes for every answer, finished or abandoned, so the count cannot leak
      reply.raw.once('close', () => {
        if (--inFlight > 0) return
        const ready = waiting
        waiting = []
        for (const resolve of ready) resolve()
      })
      done()
    })
  },
  { name: 'people-first' },
)
