/**
 * `npm run bench` part (issue 37 item 6): a list's latency beside the largest writes. BENCH_BULK_BILLS
 * cloud bills (100,000 by default) get one field set by bulk_update over a filter matching them all
 * (a page per request, as the web sends it), then a file of BENCH_UPLOAD_BILLS new bills is uploaded,
 * while a client asks for the first page of the history list every LIST_EVERY_MS: the list's
 * p50/p95/max during each write, and the write's own time. PGlite unless DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm'
import { insertGeneratedBills } from '../../server/upstream/db/seed/generated-bills.js'
import { startUpstream } from '../../test/helper.js'
import { Worker } from 'node:worker_threads'
import { runBench } from './run-bench.js'
import { quantile } from './timing.js'

const LISTER = `
const { parentPort, workerData } = require('node:worker_threads')
let writing = true
parentPort.once('message', () => (writing = false))
const times = []
;(async () => {
  while (writing) {
    const started = performance.now()
    const answer = await fetch(workerData.url, { headers: workerData.headers })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error('list: ' + answer.status)
    times.push(performance.now() - started)
    await new Promise((r) => setTimeout(r, workerData.every))
  }
  parentPort.postMessage(times)
})()
`

const BILLS = Number(process.env.BENCH_BULK_BILLS ?? 100_000)
const UPLOAD_BILLS = Number(process.env.BENCH_UPLOAD_BILLS ?? 100_000)
const LIST_EVERY_MS = 50

const cleanups: (() => unknown)[] = []
const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }

async function main() {
  const { database, url, token } = await startUpstream(t, { seed: true })
  await insertGeneratedBills(database.db, 1, BILLS)
  await database.db.execute(sql`ANALYZE cloud_bills`)
  const headers = { authorization: `Bearer ${token}`, uid: 'alice@ccoe.example' }
  const list = async () => {
    const started = performance.now()
    const answer = await fetch(`${url}/cloud_bills?page=1&per_page=20`, { headers })
    if (!answer.ok) throw new Error(`list: ${answer.status}`)
    await answer.arrayBuffer()
    return performance.now() - started
  }
  const total = ((await (await fetch(`${url}/cloud_bills?page=1&per_page=1`, { headers })).json()) as { meta: { total: number } }).meta
    .total
  const alone: number[] = []
  for (let i = 0; i < 20; i++) alone.push(await list())
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  const report = (what: string, work: { ms: number; times: number[] }) =>
    console.log(
      `${what} on ${db} in ${(work.ms / 1000).toFixed(1)} s; ${work.times.length} lists beside it: p50 ${quantile(work.times, 0.5).toFixed(0)} ms, ` +
        `p95 ${quantile(work.times, 0.95).toFixed(0)} ms, max ${Math.max(...work.times).toFixed(0)} ms (goal p95 <= 1000 ms; alone: p50 ${quantile(alone, 0.5).toFixed(0)} ms)`,
    )
  const listUrl = `${url}/cloud_bills?page=1&per_page=20`

  // every bill, a page per request (shared/calls/bulk.ts), as the web sends them
  let changed = 0
  const bulk = await besideLists(listUrl, headers, async () => {
    let after: number | undefined
    for (;;) {
      const answer = await fetch(`${url}/cloud_bills/bulk_update`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ filter: {}, count: total - changed, set: { activity: 'bulk bench' }, ...(after && { after }) }),
      })
      const body = (await answer.json()) as { data: { count: number; next?: number } }
      if (answer.status !== 200) throw new Error(`bulk_update: ${answer.status} ${JSON.stringify(body)}`)
      changed += body.data.count
      after = body.data.next
      if (after === undefined) break
    }
  })
  report(`bulk_update of ${changed.toLocaleString('en')} cloud bills`, bulk)

  // the largest upload: a file of UPLOAD_BILLS new bills, one transaction (a file is all or nothing)
  const csv = ['date,provider,identifier,amount,reference,account,line_item']
  for (let i = 0; i < UPLOAD_BILLS; i++) csv.push(`2026-10-01,aws,UP-${i % 5000},${(i % 997) + 0.5},INV-UP-${i},650100,line ${i}`)
  const data = `data:text/csv;base64,${Buffer.from(csv.join('\n')).toString('base64')}`
  const upload = await besideLists(listUrl, headers, async () => {
    const answer = await fetch(`${url}/cloud_bills/upload`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ cloud_bill: { data } }),
    })
    if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${await answer.text()}`)
  })
  report(`upload of ${UPLOAD_BILLS.toLocaleString('en')} cloud bills`, upload)
}

/** `work`'s time, and the lists' times asked meanwhile from a thread of their own (the upstream shares this process's event loop) */
async function besideLists(listUrl: string, headers: Record<string, string>, work: () => Promise<void>) {
  const lister = new Worker(LISTER, { eval: true, workerData: { url: listUrl, headers, every: LIST_EVERY_MS } })
  const listed = new Promise<number[]>((resolve) => lister.once('message', resolve))
  await new Promise((resolve) => lister.once('online', resolve))
  const started = performance.now()
  await work()
  const ms = performance.now() - started
  lister.postMessage('stop')
  return { ms, times: await listed }
}

runBench(main, cleanups)
