import cluster from 'node:cluster'
import { once } from 'node:events'
import { AggregatorRegistry, type Registry } from 'prom-client'

/**
 * /metrics when the gateway runs as several cluster workers (GATEWAY_WORKERS): a scrape reaches one
 * worker, which alone counted about 1/N of the requests. So that worker asks the primary, which
 * gathers every worker's registry with prom-client's own cluster support (`clusterMetrics()` asks
 * each worker over IPC, and prom-client's listener there answers with `setRegistries`' registries)
 * and sends back the sum. prom-client only speaks primary to worker: the one message up, and its
 * answer, are ours. The primary answers every ask (prom-client gives up on a silent worker after
 * 5 s), and a worker whose primary is gone exits (node:cluster) with its scrapes.
 */
const ASK = 'ccoe:cluster-metrics-ask'
const ANSWER = 'ccoe:cluster-metrics-answer'

interface Answer {
  type: typeof ANSWER
  id: number
  text?: string
  error?: string
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
  const waiting = new Map<number, (answer: Answer) => void>()
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return
    waiting.get(message.id)?.(message)
    waiting.delete(message.id)
  })
  return async () => {
    const id = nextId++
    const answer = await new Promise<Answer>((resolve) => {
      waiting.set(id, resolve)
      process.send!({ type: ASK, id })
    })
    // a scrape that cannot be summed is a 503 (the error handler keeps the reason in the server log)
    if (answer.error !== undefined)
      throw Object.assign(new Error(`the primary could not sum the metrics: ${answer.error}`), { statusCode: 503 })
    return answer.text ?? ''
  }
}

/**
 * In the primary: answers the workers' asks with the sum over every worker. prom-client asks every
 * connected worker, and one still loading its modules has no listener yet and would never answer:
 * a scrape while a worker starts first waits until it listens (it has counted nothing yet) or exits.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry()
  const listening = new Set<number>()
  cluster.on('listening', (worker) => listening.add(worker.id))
  cluster.on('exit', (worker) => listening.delete(worker.id))
  const started = () =>
    Promise.all(
      Object.values(cluster.workers ?? {})
        .filter((worker) => worker !== undefined && !listening.has(worker.id))
        .map((worker) => Promise.race([once(worker!, 'listening'), once(worker!, 'exit')])),
    )
  cluster.on('message', (worker, message: { type?: string; id: number }) => {
    if (message?.type !== ASK) return
    started()
      .then(() => aggregator.clusterMetrics())
      .then(
        (text) => ({ text }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      )
      .then((answer) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer))
  })
}
