import fp from 'fastify-plugin'
import type { Pool } from 'undici'
import { poolReaches } from '../upstream-pool.js'

export interface HealthOptions {
  upstreamUrl: string
  issuer: string
  /** the proxy's pool: readiness reaches the upstream the way /api calls do */
  pool: Pool
  poolConnections: number
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: 'manual' })
    await res.body?.cancel()
    return res.ok
  } catch {
    return false
  }
}

/** Liveness says the process serves; readiness says a sign-in and an API call could succeed now. */
export const healthPlugin = fp<HealthOptions>(
  async (fastify, opts) => {
    const discovery = `${opts.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`

    fastify.get('/healthz', async () => ({ status: 'ok' }))

    fastify.get('/readyz', async (_request, reply) => {
      const [upstreamUp, idpUp] = await Promise.all([
        poolReaches(opts.pool, opts.poolConnections, opts.upstreamUrl, 3000),
        answers(discovery),
      ])
      const failed = [...(upstreamUp ? [] : ['upstream']), ...(idpUp ? [] : ['idp'])]
      if (failed.length) return reply.code(503).send({ status: 'unavailable', failed })
      return { status: 'ok' }
    })
  },
  { name: 'health' },
)
