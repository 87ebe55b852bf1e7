/**
 * Starts the whole portal: the embedded upstream (with its database) unless UPSTREAM_URL is set,
 * then the gateway, which also mounts the embedded IdP unless OIDC_ISSUER is set.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig, type Config } from './config.js'
import { buildGateway } from './gateway/app.js'
import { idpPlugin } from './idp/plugin.js'
import { buildUpstream } from './upstream/app.js'
import { openDatabase, type Database } from './upstream/db/client.js'
import { seedDemoData } from './upstream/db/seed/index.js'

interface Embedded {
  url: string
  database: Database
  close(): Promise<void>
}

/** The embedded provider API listens on loopback only: the browser never reaches it. */
async function startEmbeddedUpstream(config: Config): Promise<Embedded> {
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  })
  await seedDemoData(database)
  const upstream = await buildUpstream({
    token: config.upstreamToken,
    database,
    logger: { level: 'warn' },
    mail: { smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox') },
  })
  await upstream.listen({ host: '127.0.0.1', port: 0 })
  const { port } = upstream.server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await upstream.close()
      await database.close()
    },
  }
}

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`ccoe-portal: configuration error: ${error.message}`)
      process.exit(1)
    }
    throw error
  }

  const embedded = config.upstreamUrl ? undefined : await startEmbeddedUpstream(config)
  const webRoot = resolve('dist/web')
  const gateway: FastifyInstance = await buildGateway(
    { ...config, upstreamUrl: config.upstreamUrl ?? embedded!.url },
    // stdout is the audit log's: Fastify adds only warnings and errors to it
    {
      webRoot: existsSync(webRoot) ? webRoot : undefined,
      logger: { level: 'warn' },
      // the IdP keeps its sign-ins in a table of the embedded database, when there is one
      embeddedIdp: embedded ? (idp, opts) => idpPlugin(idp, { ...opts, store: embedded.database }) : idpPlugin,
    },
  )
  await gateway.listen({ host: config.host, port: config.port })
  console.log(`CCoE Portal on ${config.publicUrl}`)

  // a failure while closing is one clear line and exit code 1, never an unhandled rejection
  const shutdown = () =>
    (async () => {
      await gateway.close()
      await embedded?.close()
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`ccoe-portal: shutdown failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

main().catch((error) => {
  console.error(`ccoe-portal: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
