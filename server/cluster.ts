import cluster, { type Worker } from 'node:cluster'

/**
 * GATEWAY_WORKERS above 1: the gateway as that many node:cluster workers sharing its port, because
 * one Node process caps the gateway at one core. The workers need nothing of each other, as
 * replicas do not: the session is an encrypted cookie whose key each reads from SESSION_SECRET or
 * from DATA_DIR, where the primary's loadConfig wrote it before forking; the logout cut-off is a
 * file there (or a table of GATEWAY_DATABASE_URL) that every worker rereads. The primary serves no
 * request: it forks the workers, replaces one that dies, sums /metrics for whichever worker is
 * scraped (gateway/cluster-metrics.ts, which main.ts starts), and on a signal stops the workers
 * before the embedded upstream they call. A worker stops on SIGTERM or SIGINT as the single process
 * does (main.ts).
 */
export interface Workers {
  /**
   * Sends every worker SIGTERM (each closes its gateway and exits) and waits until all have exited;
   * rejects naming a worker that did not exit cleanly.
   */
  close(): Promise<void>
  /** resolves if every worker is gone without being told to close (replacements that died before listening) */
  lost: Promise<Error>
}

const ended = (code: number | null, signal: string | null) => (signal ? `was killed by ${signal}` : `exited with code ${code}`)

/**
 * Forks `count` workers running `main` (the module that called, whoever started it: `npm start`'s
 * script would check the build again in every worker) with `env` added to theirs; resolves once
 * every one of them listens.
 */
export function startWorkers(count: number, main: string, env: Record<string, string>): Promise<Workers> {
  cluster.setupPrimary({ exec: main })
  let closing = false
  // a worker that never listened would most likely die again the same way: it is not replaced
  const listened = new Set<number>()
  let reportLost!: (error: Error) => void
  const lost = new Promise<Error>((resolve) => (reportLost = resolve))
  const running = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined)

  const workers: Workers = {
    lost,
    async close() {
      closing = true
      const failures = await Promise.all(
        running().map(
          (worker) =>
            new Promise<string | undefined>((resolve) => {
              worker.once('exit', (code: number | null, signal: string | null) =>
                // one that had not yet set up its own shutdown ends by this very SIGTERM: nothing was lost
                resolve(code === 0 || signal === 'SIGTERM' ? undefined : `gateway worker ${worker.process.pid} ${ended(code, signal)}`),
              )
              worker.process.kill('SIGTERM')
            }),
        ),
      )
      const failed = failures.filter((failure) => failure !== undefined)
      if (failed.length > 0) throw new Error(failed.join('; '))
    },
  }

  return new Promise((resolve, reject) => {
    let started = false
    cluster.on('listening', (worker) => {
      listened.add(worker.id)
      if (!started && listened.size === count) {
        started = true
        resolve(workers)
      }
    })
    cluster.on('exit', (worker, code, signal) => {
      if (closing) return
      const which = `gateway worker ${worker.process.pid} ${ended(code, signal)}`
      if (!started) {
        closing = true
        for (const other of running()) other.process.kill('SIGTERM')
        reject(new Error(`${which} before the portal started`))
      } else if (listened.has(worker.id)) {
        console.error(`ccoe-portal: ${which}; worker ${cluster.fork(env).process.pid} replaces it`)
      } else {
        console.error(`ccoe-portal: ${which} before it listened; not starting another`)
        if (running().length === 0) reportLost(new Error('every gateway worker is gone'))
      }
    })
    for (let i = 0; i < count; i++) cluster.fork(env)
  })
}
