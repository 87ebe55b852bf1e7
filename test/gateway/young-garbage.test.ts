import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
import { runInNewContext } from 'node:vm'
import t from 'tap'
import { bodyGarbage } from '../../server/gateway/young-garbage.js'

/** The young-generation collections (scavenges) that ran while `work` did. */
async function scavengesDuring(work: () => void): Promise<number> {
  const entries: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()))
  observer.observe({ entryTypes: ['gc'] })
  work()
  // an entry is made in an immediate after the collection, then dispatched in another
  for (let turn = 0; turn < 3; turn++) await new Promise(setImmediate)
  observer.disconnect()
  return entries.filter(
    (entry) => (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MINOR,
  ).length
}

t.test('a body read in chunks has the young generation collected every 4 MiB, not before', async (t) => {
  const chunk = 64 * 1024
  const collect = bodyGarbage()
  // 4 MiB less one chunk: no collection yet
  t.equal(await scavengesDuring(() => Array.from({ length: 63 }, () => collect(chunk))), 0)
  // the 64th chunk reaches 4 MiB
  t.equal(await scavengesDuring(() => collect(chunk)), 1)
  // 12 MiB more: three
  t.equal(await scavengesDuring(() => Array.from({ length: 192 }, () => collect(chunk))), 3)
})

t.test('no global gc is left for other code', async (t) => {
  t.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined')
  t.equal(runInNewContext('typeof gc'), 'undefined')
})
