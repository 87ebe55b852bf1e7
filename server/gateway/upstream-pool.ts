import { Pool } from 'undici'

export interface UpstreamPoolOptions {
  upstreamUrl: string
  upstreamTimeoutMs: number
  /** keep-alive connections to the upstream (TECH-NOTES: the default pool cost a sixth of the throughput) */
  connections: number
}

/**
 * The one connection pool to the upstream: every call goes through it (upstream-client.ts), and
 * readiness asks the upstream's /healthz through it too, so a pool that is full (or stuck) fails
 * /readyz instead of reporting ok while every /api call waits.
 */
export function upstreamPool(opts: UpstreamPoolOptions): Pool {
  return new Pool(new URL(opts.upstreamUrl).origin, {
    connections: opts.connections,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: opts.upstreamTimeoutMs,
    bodyTimeout: opts.upstreamTimeoutMs,
    // verified whatever NODE_TLS_REJECT_UNAUTHORIZED says; a private CA goes in NODE_EXTRA_CA_CERTS
    connect: { timeout: Math.min(opts.upstreamTimeoutMs, 10_000), rejectUnauthorized: true },
  })
}

/**
 * Whether an /api call could go through now: the pool has a connection to spare (a full pool
 * answers at once, without queueing the check behind the calls that fill it) and the upstream's
 * /healthz answers 2xx through it within `timeoutMs`.
 */
export async function poolReaches(pool: Pool, connections: number, upstreamUrl: string, timeoutMs: number): Promise<boolean> {
  if (pool.stats.running >= connections) return false
  const path = `${new URL(upstreamUrl).pathname.replace(/\/+$/, '')}/healthz`
  try {
    const answer = await pool.request({ method: 'GET', path, signal: AbortSignal.timeout(timeoutMs) })
    await answer.body.dump()
    return answer.statusCode >= 200 && answer.statusCode < 300
  } catch {
    return false
  }
}
