import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

export interface StaticOptions {
  webRoot: string
}

/** Paths the SPA never owns: their unknown URLs answer JSON 404, not index.html. */
export const RESERVED = /^\/(api|oidc|idp)(\/|$)|^\/(healthz|readyz)$/

/**
 * The React build with SPA fallback. Vite puts content-hashed files under /assets: those are
 * cached for a year; everything else (index.html above all) is revalidated on each visit.
 */
export const staticPlugin = fp<StaticOptions>(
  async (fastify, opts) => {
    await fastify.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: false,
      // the .br and .gz files the build wrote beside each asset (web/vite-precompress.ts)
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = /[\\/]assets[\\/]/.test(path)
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
    fastify.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]
      if ((request.method !== 'GET' && request.method !== 'HEAD') || RESERVED.test(path)) {
        return reply.notFound()
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    })
  },
  { name: 'static', dependencies: ['@fastify/sensible'] },
)
