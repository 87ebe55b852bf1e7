/**
 * The embedded provider API's process (embedded.ts forks it): takes its options in the first
 * message, opens its database, seeds the demo data where a model has none, listens on a loopback
 * port and answers with that port; then it runs the SQL the parent sends (the embedded IdP's store). It closes (the server, then the database) and exits once its
 * parent lets go of it (close(), or the parent gone) or on SIGTERM. Ctrl+C reaches the whole
 * process group: the parent, which stops the gateway first, then closes this one.
 */
import { once } from 'node:events'
import type { EmbeddedOptions, FromChild, ToChild } from './embedded.js'
import { serveUpstream } from './serve.js'

process.on('SIGINT', () => {})
const send = (message: FromChild, then: () => void = () => {}) => process.send!(message, then)
const [options] = (await once(process, 'message')) as [EmbeddedOptions]
const served = await serveUpstream(options).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))

if (served instanceof Error) {
  send({ failed: served.message }, () => process.exit(1))
} else {
  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= served.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`ccoe-portal: the embedded upstream could not close: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    ))
  // the embedded IdP's store, in a schema of its own in this database (embedded.ts `query`)
  process.on('message', (message: ToChild) => {
    const { id, text, params } = message.sql
    served.query(text, params).then(
      ({ rows }) => send({ sql: id, rows }),
      (error: unknown) => send({ sql: id, error: error instanceof Error ? error.message : String(error) }),
    )
  })
  process.once('SIGTERM', close)
  process.once('disconnect', close)
  if (process.connected) send({ port: served.port })
  else void close()
}
