import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Pool } from 'undici'
import { addressList } from '../address-list.js'
import { buildAllowlist } from '../allowlist.js'
import { clusterMetricsOf } from '../cluster-metrics.js'
import { auditPath } from './audit.js'

export interface MetricsOptions {
  /** addresses and CIDRs that may scrape without a token (METRICS_ALLOW) */
  allow: readonly string[]
  /** a bearer token that may scrape from anywhere (METRICS_TOKEN) */
  token?: string
  /** the proxy's pool, for the connections in use */
  pool: Pool
  /** this process is one of several cluster workers: /metrics answers the sum over all of them */
  clusterWorker?: boolean
}

/** What other plugins count (sessions, uploads, upstream failures); a no-op until metrics register. */
export interface GatewayMetrics {
  sessionCreated(): void
  sessionRevoked(): void
  upstreamFailure(kind: 'error' | 'timeout'): void
  /** the uploads being read or forwarded now */
  uploadsActive: Gauge
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: GatewayMetrics
  }
}

const routeOf = buildAllowlist()

/**
 * The route a request is counted under: its registered pattern, and for the proxy's `/api/*` the
 * path with numeric ids as `:id` when the allowlist has it: anything else is `/api/*` whatever its
 * status (a cross-site POST to a made-up path is refused before the allowlist is read), so the
 * label's values stay as few as the routes.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url ?? 'unmatched'
  const path = auditPath(request.url)
  if (pattern !== '/api/*' || !routeOf(request.method, path.slice('/api/'.length))) return pattern
  return path.replace(/\/[1-9][0-9]{0,15}(?=\/|$)/g, '/:id')
}

/** headers a proxy adds to what it relays; a scraper calling directly sends none of them */
const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via']

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Prometheus text at GET /metrics (prom-client, a registry of the gateway's own): requests by route,
 * method and status, their latency, upstream failures and timeouts, the proxy pool's connections in
 * use, uploads in flight, sessions created and revoked, and Node's process figures. Only for the
 * configured addresses or a bearer token; anyone else gets the 404 of an unknown path.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (fastify, opts) => {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry, prefix: 'ccoe_gateway_' })
    const requests = new Counter({
      name: 'ccoe_gateway_requests_total',
      help: 'Requests answered, by route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    })
    const latency = new Histogram({
      name: 'ccoe_gateway_request_duration_seconds',
      help: 'Time from a request’s arrival to its answer, by route and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    })
    const upstreamFailures = new Counter({
      name: 'ccoe_gateway_upstream_failures_total',
      help: 'Upstream calls that failed (error) or ran out of time (timeout)',
      labelNames: ['kind'] as const,
      registers: [registry],
    })
    const sessions = new Counter({
      name: 'ccoe_gateway_sessions_total',
      help: 'Portal sessions created (sign-ins) and revoked (logouts)',
      labelNames: ['event'] as const,
      registers: [registry],
    })
    const uploadsActive = new Gauge({
      name: 'ccoe_gateway_uploads_in_flight',
      help: 'Uploads being read or forwarded',
      registers: [registry],
    })
    new Gauge({
      name: 'ccoe_gateway_upstream_connections_in_use',
      help: 'Connections of the gateway’s one pool to the upstream serving a request now',
      registers: [registry],
      collect() {
        this.set(opts.pool.stats.running)
      },
    })
    for (const event of ['created', 'revoked']) sessions.inc({ event }, 0)
    for (const kind of ['error', 'timeout']) upstreamFailures.inc({ kind }, 0)
    const exposition = opts.clusterWorker ? clusterMetricsOf(registry) : () => registry.metrics()

    fastify.decorate('metrics', {
      sessionCreated: () => sessions.inc({ event: 'created' }),
      sessionRevoked: () => sessions.inc({ event: 'revoked' }),
      upstreamFailure: (kind: 'error' | 'timeout') => upstreamFailures.inc({ kind }),
      uploadsActive,
    } satisfies GatewayMetrics)

    // a callback hook: it runs on every answer, and needs no promise of its own
    fastify.addHook('onResponse', (request, reply, done) => {
      if (request.routeOptions.url !== '/metrics') {
        const route = routeLabel(request)
        requests.inc({ route, method: request.method, status: String(reply.statusCode) })
        latency.observe({ route, method: request.method }, reply.elapsedTime / 1000)
      }
      done()
    })

    const allowed = addressList(opts.allow)
    const token = opts.token ? digest(opts.token) : undefined
    fastify.get('/metrics', async (request, reply) => {
      const address = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
      // a request relayed by a proxy on an allowed address (a reverse proxy on the same host relays
      // everyone's) is not that address's own: it needs the token
      const relayed = RELAY_HEADERS.some((name) => request.headers[name] !== undefined)
      const byAddress = !relayed && isIP(address) !== 0 && allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]
      const byToken = token !== undefined && bearer !== undefined && timingSafeEqual(digest(bearer), token)
      if (!byAddress && !byToken) return reply.notFound()
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await exposition())
    })
  },
  { name: 'metrics', dependencies: ['@fastify/sensible'] },
)
