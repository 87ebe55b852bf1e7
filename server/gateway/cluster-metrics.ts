import cluster from 'node:cluster'
import { once } from 'node:events'
import { setTimeout as delay } from 'node:timers/promises'
import { AggregatorRegistry, type Registry } from 'prom-client'

/**
 * /metrics when the gateway runs as several cluster workers (GATEWAY_WORKERS): a scrape reaches one
 * worker, which alone counted about 1/N of the requests. So that worker asks the primary, which
 * gathers every worker's registry with prom-client's own cluster support (`clusterMetrics()` sends
 * each worker an IPC request that prom-client's listener answers with `setRegistries`' registries)
 * and sends back the sum. prom-client only speaks primary to worker: the worker-to-primary leg,
 * one request id per scrape, is ours.
 */
const ASK = 'ccoe:cluster-metrics-ask'
const ANSWER = 'ccoe:cluster-metrics-answer'

interface Ask {
  type: typeof ASK
  id: number
}

interface Answer {
  type: typeof ANSWER
  id: number
  text?: string
  error?: string
}

/** longer than the primary's wait for a starting worker and prom-client's own 5 s gathering timeout together */
const ANSWER_TIMEOUT_MS = 20_000

/** how long a scrape waits for a starting worker before asking anyway */
const STARTING_WAIT_MS = 10_000

/** a scrape that cannot be summed is a 503 (the error handler keeps the reason in the server log) */
const unavailable = (message: string) => Object.assign(new Error(message), { statusCode: 503 })

/**
 * In a worker: offers `registry` to the primary's gathering and returns how to ask for the sum.
 * Call once per process (prom-client keeps the registries to offer in its module).
 */
export function clusterMetricsOf(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry])
  // constructing one installs prom-client's listener that answers the primary's gathering
  new AggregatorRegistry()
  for (const [name, aggregator] of PER_PROCESS_AGGREGATORS) {
    const metric = registry.getSingleMetric(name) as { aggregator: string } | undefined
    if (metric) metric.aggregator = aggregator
  }

  let nextId = 0
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>()
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return
    const request = waiting.get(message.id)
    waiting.delete(message.id)
    if (message.error !== undefined) request?.reject(unavailable(`the primary could not gather the metrics: ${message.error}`))
    else request?.resolve(message.text ?? '')
  })
  process.on('disconnect', () => {
    for (const request of waiting.values()) request.reject(unavailable('the primary is gone'))
    waiting.clear()
  })

  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(unavailable('the primary did not answer with the metrics in time'))
      }, ANSWER_TIMEOUT_MS)
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      })
      process.send!({ type: ASK, id } satisfies Ask, (error: Error | null) => {
        if (!error) return
        waiting.get(id)?.reject(error)
        waiting.delete(id)
      })
    })
}

/**
 * Default metrics whose prom-client aggregator (used when summing workers) does not fit: the start
 * time is omitted by default, and the newest worker's shows that one was replaced, as the sums of
 * the counters dropping do; the file descriptor limit is summed by default.
 */
const PER_PROCESS_AGGREGATORS: [string, string][] = [
  ['ccoe_gateway_process_start_time_seconds', 'max'],
  ['ccoe_gateway_process_max_fds', 'max'],
]

/**
 * In the primary: answers the workers' asks with the sum over every worker. prom-client asks every
 * connected worker, and one still loading its modules has no listener yet and would never answer:
 * a scrape while a worker starts waits until it listens (it has counted nothing yet), or has gone.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry()
  const listening = new Set<number>()
  cluster.on('listening', (worker) => listening.add(worker.id))
  cluster.on('exit', (worker) => listening.delete(worker.id))
  const starting = () => Object.values(cluster.workers ?? {}).some((worker) => worker && !listening.has(worker.id))
  const started = async () => {
    const deadline = Date.now() + STARTING_WAIT_MS
    while (starting() && Date.now() < deadline) {
      const done = new AbortController()
      const { signal } = done
      await Promise.race([
        once(cluster, 'listening', { signal }),
        once(cluster, 'exit', { signal }),
        delay(deadline - Date.now(), undefined, { signal }),
      ])
      // the losers' listeners and timer go now, not when their event comes
      done.abort()
    }
  }

  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer)
    }
    started()
      .then(() => aggregator.clusterMetrics())
      .then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      )
  })
}
