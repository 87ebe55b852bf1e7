import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sensible from '@fastify/sensible'
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { portalClientOf, type Config } from '../config.js'
import { capConnectionsPerAddress } from './connection-cap.js'
import { createOidcClient, IssuerMismatchError } from './oidc-client.js'
import { apiDocsPlugin } from './plugins/api-docs.js'
import { auditKey } from './audit-chain.js'
import { auditSink } from './audit-sink.js'
import { fileAuditSource } from './audit-source.js'
import { auditPlugin } from './plugins/audit.js'
import { auditTrailPlugin } from './plugins/audit-trail.js'
import { metricsPlugin } from './plugins/metrics.js'
import { rateLimitsPlugin } from './plugins/rate-limits.js'
import { compressionPlugin } from './plugins/compression.js'
import { authPlugin } from './plugins/auth.js'
import { csrfPlugin } from './plugins/csrf.js'
import { csvPlugin } from './plugins/csv.js'
import { healthPlugin } from './plugins/health.js'
import { hostHeaderPlugin } from './plugins/host-header.js'
import { oidcRoutesPlugin } from './plugins/oidc.js'
import { proxyPlugin } from './plugins/proxy.js'
import { securityHeadersPlugin } from './plugins/security-headers.js'
import { selfServicePlugin } from './plugins/self-service.js'
import { sessionPlugin } from './plugins/session.js'
import { staticPlugin } from './plugins/static.js'
import { uploadsPlugin } from './plugins/uploads.js'
import { backchannelLogoutPlugin } from './plugins/backchannel-logout.js'
import { REVOCATIONS_FILE } from './revocations.js'
import { recheckAtIdp } from './session-recheck.js'
import { SESSION_TOKENS_FOLDER } from './session-tokens.js'
import { answerStalledBodies } from './stalled-bodies.js'
import { upstreamPool } from './upstream-pool.js'

/**
 * What the gateway gives the development IdP it mounts under /idp when no OIDC_ISSUER is set.
 * The caller passes the plugin (server/idp's `idpPlugin` fits): the gateway depends only on this
 * shape, never on the IdP's code, as it would on a corporate IdP's HTTP contract.
 */
export interface EmbeddedIdpOptions {
  issuer: string
  portalClient: {
    clientId: string
    clientSecret: string
    redirectUris: string[]
    postLogoutRedirectUris: string[]
    backchannelLogoutUri?: string
  }
  keysFile?: string
  /** the audience of the access tokens it issues: the one the gateway accepts */
  apiAudience: string
  /** the gateway's audit log, for failed sign-ins and refused client secrets */
  audit: (request: FastifyRequest, reply: FastifyReply, event: string, fields: Record<string, unknown>) => void
}

export interface GatewayExtras {
  /** mounted under /idp when config.oidcIssuer is unset (required then) */
  embeddedIdp?: FastifyPluginAsync<EmbeddedIdpOptions>
  /** the clock of sessions, the logout cut-off, bearer expiry and audit times; Date.now unless a test moves it */
  now?: () => number
  /** audit lines go here instead of stdout (tests read them back) */
  auditDestination?: NodeJS.WritableStream
  /** the React build; served with SPA fallback when the folder exists */
  webRoot?: string
  /** Fastify's own log (not the audit log): off, on, or on from a level */
  logger?: boolean | { level: string; stream?: { write(line: string): void } }
  /** this process is one of several node:cluster workers (server/cluster.ts): /metrics sums them all */
  clusterWorker?: boolean
  /** the longest wait for more of any request body before a 408 (10 s; tests pass their own) */
  bodyIdleMs?: number
}

/** The gateway, built but not listening: the caller listens (on config.host and config.port). */
export async function buildGateway(config: Config & { upstreamUrl: string }, extras: GatewayExtras = {}): Promise<FastifyInstance> {
  const secure = config.publicUrl.startsWith('https:')
  const embeddedIdp = !config.oidcIssuer
  const issuer = config.oidcIssuer ?? `${config.publicUrl}/idp`
  if (embeddedIdp && !extras.embeddedIdp) throw new Error('OIDC_ISSUER is unset and no embedded IdP was given to mount')
  const now = extras.now ?? Date.now
  const bodyIdleMs = extras.bodyIdleMs ?? 10_000

  const app = Fastify({
    logger: extras.logger ?? false,
    // TECH-NOTES #9: a proxy is trusted by address only (TRUST_PROXY), and only when someone
    // configures one: behind a load balancer, the rate limits then key on the client, not on it
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: config.bodyLimitBytes,
    // request ids are ours: a client-sent X-Request-Id would let one forge audit correlations
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  })
  // before every route: each one that reads a body, whatever reads it
  answerStalledBodies(app, bodyIdleMs)
  capConnectionsPerAddress(app.server, config.connectionsPerAddress, config.trustProxy)

  // one error shape; 5xx details stay in the server log
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(status).send({ error: 'Internal Server Error', statusCode: status })
    }
    return reply.code(status).send({ error: error.message, statusCode: status })
  })
  // reply.notFound(), reply.unauthorized()…: their errors pass through the handler above, so a refusal
  // answers the same `{error, statusCode}` as any other error
  await app.register(sensible)

  app.decorate(
    'oidc',
    createOidcClient({
      issuer,
      clientId: config.oidcClientId,
      clientSecret: config.oidcClientSecret,
      tokenAuthMethod: config.oidcTokenAuthMethod,
      clientKey: config.oidcClientKey,
    }),
  )
  // every replica's lines in the gateway's database, when it has one (issue 43 item 3)
  const auditStore = config.gatewayDatabaseUrl ? await auditSink(app, config.gatewayDatabaseUrl, config.auditRetentionDays, now) : undefined
  if (!auditStore) app.decorate('auditStored', async () => undefined)
  await app.register(auditPlugin, {
    sink: auditStore?.sink,
    destination: extras.auditDestination,
    file: config.auditLogFile,
    now,
    replica: config.replicaName,
    key: auditKey(config.dataDir),
    digestEvery: config.auditDigestEvery,
    format: config.auditFormat,
  })
  await app.register(securityHeadersPlugin, { secure })
  await app.register(hostHeaderPlugin)
  await app.register(compressionPlugin)
  await app.register(rateLimitsPlugin, { now, redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix })
  const pool = upstreamPool({
    upstreamUrl: config.upstreamUrl,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    connections: config.upstreamConnections,
  })
  await app.register(metricsPlugin, {
    allow: config.metricsAllow,
    token: config.metricsToken,
    pool,
    clusterWorker: extras.clusterWorker,
  })
  await app.register(sessionPlugin, {
    key: config.sessionKey,
    secure,
    idleTimeoutMs: config.idleTimeoutMs,
    absoluteTimeoutMs: config.absoluteTimeoutMs,
    revocationsFile: join(config.dataDir, REVOCATIONS_FILE),
    revocationsDatabaseUrl: config.gatewayDatabaseUrl,
    revocationsFileShared: extras.clusterWorker,
    now,
    tokensFolder: join(config.dataDir, SESSION_TOKENS_FOLDER),
    refreshMs: config.sessionRefreshMs,
    recheck: (sub, tokens) => recheckAtIdp(app.oidc, config.roles, sub, tokens, now()),
  })
  await app.register(authPlugin, {
    apiAudience: config.oidcApiAudience,
    scriptClients: config.oidcScriptClients,
    scriptContacts: config.oidcScriptContacts,
    now,
  })
  await app.register(csrfPlugin, { publicUrl: config.publicUrl })
  app.addHook('onClose', () => pool.destroy().catch(() => undefined))
  await app.register(healthPlugin, { upstreamUrl: config.upstreamUrl, issuer, pool, poolConnections: config.upstreamConnections })
  await app.register(oidcRoutesPlugin, { publicUrl: config.publicUrl, roles: config.roles, scopes: config.oidcScopes, now })
  await app.register(backchannelLogoutPlugin, { now })
  // every call upstream goes through upstream-client.ts over this one pool
  const upstreamCalls = { pool, upstreamUrl: config.upstreamUrl, upstreamToken: config.upstreamToken }
  await app.register(csvPlugin, upstreamCalls)
  await app.register(apiDocsPlugin)
  await app.register(auditTrailPlugin, {
    source: auditStore?.lines ?? (config.auditLogFile === undefined ? undefined : fileAuditSource(config.auditLogFile)),
  })
  await app.register(uploadsPlugin, {
    ...upstreamCalls,
    bodyLimitBytes: config.bodyLimitBytes,
    inFlight: config.uploadsInFlight,
    reportDomains: config.reportDomains,
  })
  await app.register(selfServicePlugin, upstreamCalls)
  await app.register(proxyPlugin, {
    ...upstreamCalls,
    bodyLimitBytes: config.bodyLimitBytes,
    reportDomains: config.reportDomains,
  })

  if (embeddedIdp && extras.embeddedIdp) {
    await app.register(extras.embeddedIdp, {
      prefix: '/idp',
      issuer,
      portalClient: portalClientOf(config),
      keysFile: join(config.dataDir, 'idp-keys.json'),
      apiAudience: config.oidcApiAudience,
      audit: (request, reply, event, fields) => app.auditEvent(request, reply, event, fields),
    })
  }

  if (config.oidcIssuer) await checkIssuer(app)

  // the SPA owns unknown GET paths (its own 404 page); without it every unknown path is JSON
  if (extras.webRoot && existsSync(join(extras.webRoot, 'index.html'))) {
    await app.register(staticPlugin, { webRoot: extras.webRoot })
  } else {
    app.setNotFoundHandler((_request, reply) => reply.notFound())
  }
  return app
}

/**
 * A configured IdP whose discovery names another issuer stops start-up: every token would be
 * refused. One that is down does not (it may come back); /readyz says what it finds meanwhile.
 */
async function checkIssuer(app: FastifyInstance) {
  try {
    await app.oidc.configuration()
  } catch (error) {
    if (error instanceof IssuerMismatchError) {
      await app.close()
      throw error
    }
    app.log.warn({ err: error }, 'the IdP did not answer discovery at start; /readyz tells when it does')
  }
}
