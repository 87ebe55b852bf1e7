import fp from 'fastify-plugin'

export interface HealthOptions {
  upstreamUrl: string
  issuer: string
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
    const upstream = `${opts.upstreamUrl.replace(/\/+$/, '')}/healthz`
    const discovery = `${opts.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`

    fastify.get('/healthz', async () => ({ status: 'ok' }))

    fastify.get('/readyz', async (_request, reply) => {
      const [upstreamUp, idpUp] = await Promise.all([answers(upstream), answers(discovery)])
      const failed = [...(upstreamUp ? [] : ['upstream']), ...(idpUp ? [] : ['idp'])]
      if (failed.length) return reply.code(503).send({ status: 'unavailable', failed })
      return { status: 'ok' }
    })
  },
  { name: 'health' },
)
