/**
 * The embedded provider API (`npm start` without UPSTREAM_URL), reached by the gateway over loopback
 * HTTP as it would reach a real provider. On PGlite it runs in a thread of its own
 * (embedded-thread.ts): PGlite runs every query on the thread that calls it, so in the gateway's
 * thread a CSV export walking a big list held up every other request at each of its steps. On
 * PostgreSQL the queries run in the server's own processes, and the provider API stays in the
 * caller's thread: a thread there bought nothing and cost a second heap (a 1M-row CSV grew the
 * process by 105 MB instead of 22, BENCHMARKS.md).
 */
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

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
}

export type ToThread = { kind: 'query'; id: number; text: string; params?: unknown[] } | { kind: 'close' }
export type FromThread =
  { kind: 'ready'; port: number } | { kind: 'result'; id: number; rows: unknown[] } | { kind: 'failed'; id: number; message: string }

export interface EmbeddedUpstream {
  url: string
  /** plain SQL on the embedded database, in the thread that owns it (the embedded IdP's store) */
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** resolves with what stopped the thread, if it stops without close() */
  lost: Promise<Error>
  close(): Promise<void>
}

/**
 * The thread from the TypeScript sources (`npm run dev`, the tests, the bench): tsx's loader does
 * not reach a thread by itself, so the thread registers it (tsx, a development dependency) first.
 */
function sourceThread(options: EmbeddedOptions): Worker {
  const entry = new URL('./embedded-thread.ts', import.meta.url).href
  const tsx = import.meta.resolve('tsx/esm/api')
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(boot, { eval: true, workerData: options })
}

/** Resolves once the provider API listens; rejects with what stopped it before. */
export async function startEmbeddedUpstream(options: EmbeddedOptions): Promise<EmbeddedUpstream> {
  if (!options.databaseUrl) return startThread(options)
  // loaded only here: a cluster worker, or a gateway in front of a real provider, never needs it
  const { serveEmbedded } = await import('./embedded-serve.js')
  const served = await serveEmbedded(options)
  return {
    url: `http://127.0.0.1:${served.port}`,
    query: (text, params) => served.database.query(text, params),
    // it stops with the process
    lost: new Promise(() => {}),
    close: () => served.close(),
  }
}

/** Starts the thread; resolves once the provider API listens, rejects with what stopped it before. */
function startThread(options: EmbeddedOptions): Promise<EmbeddedUpstream> {
  // embedded-thread.js once built, embedded-thread.ts under tsx (npm run dev, tests, the bench)
  const worker =
    extname(fileURLToPath(import.meta.url)) === '.ts'
      ? sourceThread(options)
      : new Worker(new URL('./embedded-thread.js', import.meta.url), { workerData: options })
  const pending = new Map<number, { resolve: (result: { rows: never[] }) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let closing = false

  const ended = new Promise<Error | undefined>((resolve) => {
    let failure: Error | undefined
    worker.on('error', (error) => (failure ??= error))
    worker.once('exit', (code) =>
      resolve(failure ?? (code === 0 ? undefined : new Error(`the embedded upstream's thread exited with code ${code}`))),
    )
  })
  let stopped: Error | undefined
  void ended.then((error) => {
    stopped = new Error('the embedded upstream has stopped', { cause: error })
    for (const call of pending.values()) call.reject(stopped)
    pending.clear()
  })
  const lost = new Promise<Error>((resolve) => {
    void ended.then((error) => {
      if (!closing) resolve(error ?? new Error('the embedded upstream stopped'))
    })
  })

  return new Promise((resolve, reject) => {
    void ended.then((error) => reject(error ?? new Error('the embedded upstream stopped before it listened')))
    worker.on('message', (message: FromThread) => {
      if (message.kind === 'ready') {
        resolve({
          url: `http://127.0.0.1:${message.port}`,
          query: <T>(text: string, params?: unknown[]) =>
            new Promise<{ rows: T[] }>((resolveQuery, rejectQuery) => {
              if (stopped) return rejectQuery(stopped)
              const id = nextId++
              pending.set(id, { resolve: resolveQuery as (result: { rows: never[] }) => void, reject: rejectQuery })
              worker.postMessage({ kind: 'query', id, text, params } satisfies ToThread)
            }),
          lost,
          async close() {
            closing = true
            worker.postMessage({ kind: 'close' } satisfies ToThread)
            const error = await ended
            if (error) throw error
          },
        })
        return
      }
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.kind === 'result') call?.resolve({ rows: message.rows as never[] })
      else call?.reject(new Error(message.message))
    })
  })
}
