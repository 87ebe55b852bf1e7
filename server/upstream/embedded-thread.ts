/**
 * The embedded provider API's thread (embedded.ts starts it on PGlite): serves, then answers the
 * main thread's SQL (the embedded IdP's store) until it is told to close.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { EmbeddedOptions, FromThread, ToThread } from './embedded.js'
import { serveEmbedded } from './embedded-serve.js'

const port = parentPort!
const send = (message: FromThread) => port.postMessage(message)
const served = await serveEmbedded(workerData as EmbeddedOptions)

port.on('message', (message: ToThread) => {
  if (message.kind === 'close') {
    // the thread ends once nothing is left to run
    void served.close().then(() => port.close())
    return
  }
  served.database.query(message.text, message.params).then(
    ({ rows }) => send({ kind: 'result', id: message.id, rows }),
    (error: unknown) => send({ kind: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  )
})
send({ kind: 'ready', port: served.port })
