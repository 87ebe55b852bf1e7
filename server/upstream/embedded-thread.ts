/**
 * The embedded provider API's thread (embedded.ts starts it): opens the database, seeds the demo
 * data, listens on loopback, then answers the main thread's SQL (the embedded IdP's store) until it
 * is told to close.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { buildUpstream } from './app.js'
import { openDatabase } from './db/client.js'
import { seedDemoData } from './db/seed/index.js'
import type { EmbeddedOptions, FromThread, ToThread } from './embedded.js'

const options = workerData as EmbeddedOptions
const port = parentPort!
const send = (message: FromThread) => port.postMessage(message)

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

port.on('message', (message: ToThread) => {
  if (message.kind === 'close') {
    // the server stops before its database closes; the thread ends once nothing is left to run
    void upstream
      .close()
      .then(() => database.close())
      .then(() => port.close())
    return
  }
  database.query(message.text, message.params).then(
    ({ rows }) => send({ kind: 'result', id: message.id, rows }),
    (error: unknown) => send({ kind: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  )
})
send({ kind: 'ready', port: (upstream.server.address() as { port: number }).port })
