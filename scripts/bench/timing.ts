/** How the bench parts time a read: samples' quantiles after a warm-up. */

/** BENCH_SAMPLES (40): how many times a read is timed */
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)

/** the q-quantile of the samples (nearest rank) */
export const quantile = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)]

export async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

/** p50 and p95: on a machine shared with other work the median shows the statement, the p95 the queue too */
export interface Timing {
  p50: number
  p95: number
}

/** SAMPLES timings of `fn` after one run that warms the plan and the cache: the steady state */
export async function timingOf(fn: () => Promise<unknown>): Promise<Timing> {
  await fn()
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) times.push(await timedMs(fn))
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) }
}
