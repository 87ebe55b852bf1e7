/**
 * The provider API with its database, listening: what the embedded child process runs
 * (embedded-process.ts, on a loopback port) and what `node dist/server/main.js upstream` runs on
 * its own (HOST and PORT), for gateway replicas that share one upstream through UPSTREAM_URL.
 */
import { buildUpstream } from './app.js'
import { openDatabase, type Database } from './db/client.js'
import { seedDemoData } from './db/seed/index.js'
import type { EmbeddedOptions } from './embedded.js'

export interface ServedUpstream {
  port: number
  /** plain SQL on its database, for the embedded IdP's store (Database.query) */
  query: Database['query']
  /** closes the server, then the database */
  close(): Promise<void>
}

export async function serveUpstream(options: EmbeddedOptions, host = '127.0.0.1'): Promise<ServedUpstream> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, schema: options.schema })
  try {
    if (options.seed) await seedDemoData(database)
  } catch (error) {
    await database.close()
    throw error
  }
  const upstream = await buildUpstream({
    token: options.token,
    database,
    logger: options.logLevel ? { level: options.logLevel } : false,
    mail: options.mail,
    anomalyRule: options.anomalyRule,
  })
  await upstream.listen({ host, port: options.port ?? 0 })
  return {
    port: (upstream.server.address() as { port: number }).port,
    query: (text, params) => database.query(text, params),
    async close() {
      await upstream.close()
      await database.close()
    },
  }
}
