/**
 * Starts the whole portal: the embedded upstream (with its database, in a child process) unless
 * UPSTREAM_URL is set, then the gateway, which also mounts the embedded IdP unless OIDC_ISSUER is
 * set. With GATEWAY_WORKERS above 1 this process starts the upstream and the gateway runs in that
 * many workers (cluster.ts).
 *
 * One part alone, for gateway replicas that share it (README "Running more than one gateway"):
 * `main.js upstream` runs the provider API on HOST and PORT (UPSTREAM_TOKEN required: the replicas
 * send it), `main.js idp` the development IdP at OIDC_ISSUER (idp/standalone.ts).
 */
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startWorkers } from './cluster.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { buildGateway } from './gateway/app.js'
import { serveClusterMetrics } from './gateway/cluster-metrics.js'
import { FileRevocations, REVOCATIONS_FILE } from './gateway/revocations.js'
import { serveIdp } from './idp/standalone.js'
import { openIdpDatabase, type IdpDatabase } from './idp/store-database.js'
import { startEmbeddedUpstream, type EmbeddedUpstream } from './upstream/embedded.js'
import { serveUpstream } from './upstream/serve.js'

/** The provider API as this portal runs it: its database and mail in DATA_DIR unless configured, seeded on first start. */
const upstreamOptions = (config: Config) => ({
  databaseUrl: config.databaseUrl,
  dataDir: join(config.dataDir, 'pglite'),
  token: config.upstreamToken,
  seed: true,
  logLevel: 'warn' as const,
  mail: { smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox') },
  anomalyRule: config.anomalyRule,
})

/** The embedded provider API listens on loopback only (a process of its own): the browser never reaches it. */
function startEmbedded(config: Config): Promise<EmbeddedUpstream> {
  return startEmbeddedUpstream(upstreamOptions(config))
}

function configOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`ccoe-portal: configuration error: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

/** On SIGINT or SIGTERM, runs `close` once and exits 0; a failure is one clear line and exit code 1. */
function closeOnSignal(close: () => Promise<void>) {
  let closing: Promise<void> | undefined
  const shutdown = () =>
    (closing ??= close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`ccoe-portal: shutdown failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    ))
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

/** AUDIT_LOG_FILE's default, in DATA_DIR, when the portal runs with its embedded upstream (`npm start`) */
const DEMO_AUDIT_LOG_FILE = 'audit.log'

/**
 * The gateway listening on config.host and config.port (the single process's, or one worker's);
 * resolves with how to close it. Beside the embedded upstream, the embedded IdP keeps its sign-ins
 * in a schema of its own: in GATEWAY_DATABASE_URL's or DATABASE_URL's database (a pool closed after
 * the gateway), else in the embedded upstream's PGlite, whose process runs the statements.
 */
async function serveGateway(config: Config, embedded: EmbeddedUpstream | undefined, clusterWorker: boolean): Promise<() => Promise<void>> {
  const webRoot = resolve('dist/web')
  const idpPlugin = config.oidcIssuer ? undefined : (await import('./idp/plugin.js')).idpPlugin
  const idpDatabaseUrl = config.gatewayDatabaseUrl ?? config.databaseUrl
  const idpDatabase: IdpDatabase | undefined =
    idpPlugin && embedded && idpDatabaseUrl
      ? await openIdpDatabase({ databaseUrl: idpDatabaseUrl, dataDir: join(config.dataDir, 'idp') })
      : undefined
  const idpClient = idpDatabase ?? (idpPlugin ? embedded : undefined)
  const store = idpClient && { client: idpClient }
  const gateway = await buildGateway(
    {
      ...config,
      upstreamUrl: config.upstreamUrl ?? embedded!.url,
      // the demo (the embedded upstream) keeps its trail in DATA_DIR, so the Audit Trail screen has lines to show
      auditLogFile: config.auditLogFile ?? (embedded ? join(config.dataDir, DEMO_AUDIT_LOG_FILE) : undefined),
    },
    // stdout is the audit log's: Fastify adds only warnings and errors to it
    {
      webRoot: existsSync(webRoot) ? webRoot : undefined,
      logger: { level: 'warn' },
      embeddedIdp: idpPlugin && store ? (idp, opts) => idpPlugin(idp, { ...opts, store }) : idpPlugin,
      clusterWorker,
    },
  )
  await gateway.listen({ host: config.host, port: config.port })
  return async () => {
    await gateway.close()
    await idpDatabase?.close()
  }
}

/** `main.js upstream`: the provider API alone, for replicas that reach it at UPSTREAM_URL. */
async function serveUpstreamAlone(config: Config): Promise<() => Promise<void>> {
  // a token made up here and kept in DATA_DIR would be one no gateway knows
  if (!process.env.UPSTREAM_TOKEN) throw new ConfigError('UPSTREAM_TOKEN is required for the upstream on its own: its gateways send it')
  const served = await serveUpstream({ ...upstreamOptions(config), port: config.port }, config.host)
  console.log(`CCoE Portal upstream on http://${config.host}:${served.port}`)
  return () => served.close()
}

/** `main.js idp`: the development IdP alone, the one issuer of every replica. */
async function serveIdpAlone(config: Config): Promise<() => Promise<void>> {
  const served = await serveIdp(config)
  console.log(`CCoE Portal IdP on ${served.issuer}`)
  return () => served.close()
}

const PARTS: Record<string, (config: Config) => Promise<() => Promise<void>>> = { upstream: serveUpstreamAlone, idp: serveIdpAlone }

async function main() {
  const part = process.argv[2]
  if (part !== undefined && !Object.hasOwn(PARTS, part)) {
    console.error(`ccoe-portal: unknown part "${part}": give none (the whole portal), upstream or idp`)
    process.exit(1)
  }
  const config = configOrExit()
  if (part !== undefined) {
    closeOnSignal(await PARTS[part](config))
    return
  }

  if (config.gatewayWorkers > 1 && cluster.isWorker) {
    // the primary gone while this worker still talks to it (it stopped the portal because another
    // worker could not start): nothing left to serve for, and no stack trace to print about it
    cluster.worker?.on('error', () => process.exit(1))
    // the primary started the upstream and named it in UPSTREAM_URL; the primary alone closes it
    closeOnSignal(await serveGateway(config, undefined, true))
    return
  }

  const embedded = config.upstreamUrl ? undefined : await startEmbedded(config)
  if (config.gatewayWorkers > 1) {
    // the workers append to the logout cut-off's file together: compacting it is done here, before them
    if (!config.gatewayDatabaseUrl) await new FileRevocations(join(config.dataDir, REVOCATIONS_FILE)).open()
    serveClusterMetrics()
    const workers = await startWorkers(config.gatewayWorkers, fileURLToPath(import.meta.url), {
      UPSTREAM_URL: config.upstreamUrl ?? embedded!.url,
      // config refuses an UPSTREAM_URL without its token: the one read from (or kept in) DATA_DIR
      UPSTREAM_TOKEN: config.upstreamToken,
    })
    console.log(`CCoE Portal on ${config.publicUrl}`)
    closeOnSignal(async () => {
      await workers.close()
      await embedded?.close()
    })
    const lost = await Promise.race([workers.lost, ...(embedded ? [embedded.lost] : [])])
    console.error(`ccoe-portal: ${lost.message}`)
    await embedded?.close().catch(() => {})
    process.exit(1)
  }

  const closeGateway = await serveGateway(config, embedded, false)
  console.log(`CCoE Portal on ${config.publicUrl}`)
  // the upstream last: it holds DATA_DIR's lock, which keeps a second portal from its folders
  closeOnSignal(async () => {
    await closeGateway()
    await embedded?.close()
  })
  // without its provider API the portal can answer nothing: stop, so a supervisor starts it again
  void embedded?.lost.then((error) => {
    console.error(`ccoe-portal: ${error.message}`)
    process.exit(1)
  })
}

main().catch((error) => {
  // a part's own settings (the upstream's token) are refused here, in configOrExit's words
  const what = error instanceof ConfigError ? 'configuration error: ' : ''
  console.error(`ccoe-portal: ${what}${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
