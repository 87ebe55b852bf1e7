/**
 * The embedded provider API, serving: its database opened, the demo data seeded where a model has
 * none, listening on a loopback port. embedded.ts runs it in a thread of its own (PGlite) or in the
 * caller's (PostgreSQL).
 */
import { buildUpstream } from './app.js'
import { openDatabase, type Database } from './db/client.js'
import { seedDemoData } from './db/seed/index.js'
import type { EmbeddedOptions } from './embedded.js'

export interface ServedUpstream {
  port: number
  database: Database
  /** the server stops before its database closes */
  close(): Promise<void>
}

export async function serveEmbedded(options: EmbeddedOptions): Promise<ServedUpstream> {
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
  })
  await upstream.listen({ host: '127.0.0.1', port: 0 })
  return {
    port: (upstream.server.address() as { port: number }).port,
    database,
    async close() {
      await upstream.close()
      await database.close()
    },
  }
}
