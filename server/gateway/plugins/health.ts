import fp from 'fastify-plugin'
import type { Pool } from 'undici'
import { IssuerMismatchError } from '../oidc-client.js'
import { poolReaches } from '../upstream-pool.js'

export interface HealthOptions {
  upstreamUrl: string
  issuer: string
  /** the proxy's pool: readiness reaches the upstream the way /api calls do */
  pool: Pool
  poolConnections: number
}

/** What keeps the IdP from serving sign-ins, or undefined: it does not answer, or names another issuer. */
async function idpProblem(discovery: string, issuer: string): Promise<string | undefined> {
  try {
    const res = await fetch(discovery, { signal: AbortSignal.timeout(3000), redirect: 'manual' })
    if (!res.ok) {
      await res.body?.cancel()
      return 'not answering'
    }
    const found = ((await res.json()) as { issuer?: unknown }).issuer
    // OpenID Connect Discovery §4.3: exactly the configured string, or no token of it is ours
    if (found !== issuer) return new IssuerMismatchError(issuer, found).message
    return undefined
  } catch {
    return 'not answering'
  }
}

/** Liveness says the process serves; readiness says a sign-in and an API call could succeed now. */
export const healthPlugin = fp<HealthOptions>(
  async (fastify, opts) => {
    const discovery = `${opts.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`

    fastify.get('/healthz', async () => ({ status: 'ok' }))

    // a wrong issuer is logged once, not on every probe
    let warned: string | undefined
    fastify.get('/readyz', async (request, reply) => {
      const [upstreamUp, idp] = await Promise.all([
        poolReaches(opts.pool, opts.poolConnections, opts.upstreamUrl, 3000),
        idpProblem(discovery, opts.issuer),
      ])
      const failed = [...(upstreamUp ? [] : ['upstream']), ...(idp ? ['idp'] : [])]
      if (idp && idp !== 'not answering' && idp !== warned) request.log.warn((warned = idp))
      if (failed.length) return reply.code(503).send({ status: 'unavailable', failed, ...(idp && { idp }) })
      return { status: 'ok' }
    })
  },
  { name: 'health' },
)
