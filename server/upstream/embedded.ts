/**
 * The embedded provider API (`npm start` without UPSTREAM_URL): a child process of its own
 * (embedded-process.ts) listening on a loopback port, reached by the gateway over HTTP as it would
 * reach a real provider. Its database work never holds up the gateway, nor the other way round:
 * PGlite runs every query on the thread that calls it, and in the gateway's thread a CSV export
 * walking a big list held up every other request at each of its steps.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

import type { AnomalyRule } from '../../shared/rules/spend-anomaly.js'

export interface EmbeddedOptions {
  /** postgres:// URL; unset: PGlite */
  databaseUrl?: string
  /** PostgreSQL only: a schema of its own (the bench's) */
  schema?: string
  /** PGlite only: the data folder; unset: in memory */
  dataDir?: string
  token: string
  /** load the demo data where a model has none */
  seed: boolean
  /** the provider API's own log (stdout); unset: none */
  logLevel?: 'warn' | 'info'
  mail: { smtpUrl?: string; outboxDir: string }
  /** the loopback port; unset: any free one (the bench starts it again at the same address) */
  port?: number
  /** when a cost center's month is a spend anomaly (ANOMALY_FACTOR, ANOMALY_FLOOR); unset: the defaults */
  anomalyRule?: AnomalyRule
}

/**
 * The child's first message: the port it listens on, or why it could not start; then the answers
 * to the parent's SQL (ToChild), by the id the parent gave.
 */
export type FromChild = Started | { sql: number; rows: unknown[] } | { sql: number; error: string }
type Started = { port: number } | { failed: string }
/** A statement the parent runs on the child's database: the embedded IdP's store. */
export interface ToChild {
  sql: { id: number; text: string; params?: unknown[] }
}

export interface EmbeddedUpstream {
  url: string
  /** the child process's id */
  pid: number
  /**
   * plain SQL on the provider API's database, for the embedded IdP's store: a PGlite folder is one
   * process's, and a second PGlite in the gateway's process cost it about 225 MB
   */
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** resolves with what stopped the child, if it stops without close() */
  lost: Promise<Error>
  /** stops the child (its server, then its database) and waits until it has exited */
  close(): Promise<void>
}

const ended = (code: number | null, signal: string | null) => (signal ? `was killed by ${signal}` : `exited with code ${code}`)

/** Resolves once the provider API listens; rejects with what stopped it before. */
export async function startEmbeddedUpstream(options: EmbeddedOptions): Promise<EmbeddedUpstream> {
  // embedded-process.js once built; embedded-process.ts from the sources (npm run dev, the tests, the
  // bench), where tsx (a development dependency) loads it
  const source = import.meta.url.endsWith('.ts')
  const child = fork(fileURLToPath(new URL(`./embedded-process.${source ? 'ts' : 'js'}`, import.meta.url)), {
    execArgv: source ? ['--import', 'tsx'] : undefined,
    // structured clone, not JSON: a statement's dates go and come back as dates
    serialization: 'advanced',
  })
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  let closing = false
  // the options in a message, not the environment: they hold the upstream token
  child.send(options)
  const [answer] = (await Promise.race([once(child, 'message'), exited.then(() => [undefined])])) as [Started | undefined]
  if (answer === undefined || 'failed' in answer) {
    const [code, signal] = await exited
    throw new Error(answer?.failed ?? `the embedded upstream ${ended(code, signal)} before it listened`)
  }
  const statements = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>()
  let lastStatement = 0
  child.on('message', (message: FromChild) => {
    if (!('sql' in message)) return
    const statement = statements.get(message.sql)
    statements.delete(message.sql)
    if ('error' in message) statement?.reject(new Error(message.error))
    else statement?.resolve(message.rows)
  })
  void exited.then(([code, signal]) => {
    for (const { reject } of statements.values()) reject(new Error(`the embedded upstream ${ended(code, signal)}`))
    statements.clear()
  })
  return {
    url: `http://127.0.0.1:${answer.port}`,
    pid: child.pid!,
    query: <T>(text: string, params?: unknown[]) =>
      new Promise<{ rows: T[] }>((resolve, reject) => {
        if (!child.connected) return reject(new Error('the embedded upstream has stopped'))
        const id = ++lastStatement
        statements.set(id, { resolve: (rows) => resolve({ rows: rows as T[] }), reject })
        child.send({ sql: { id, text, params } } satisfies ToChild)
      }),
    lost: new Promise((resolve) => {
      void exited.then(([code, signal]) => closing || resolve(new Error(`the embedded upstream ${ended(code, signal)}`)))
    }),
    async close() {
      closing = true
      // the child closes when its parent lets go of it (as when the parent dies)
      if (child.connected) child.disconnect()
      const [code, signal] = await exited
      if (code !== 0) throw new Error(`the embedded upstream ${ended(code, signal)} while closing`)
    },
  }
}
