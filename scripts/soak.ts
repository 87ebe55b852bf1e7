/**
 * `npm run soak`: the built portal (`npm start`, its own process, a fresh data folder with the demo
 * data) under 200 signed-in people for 60 s of mixed work: list pages, record reads, writes (create,
 * edit, delete), CSV downloads and uploads. Prints the errors (goal 0), p50/p95/p99 by kind and the
 * portal's memory (RSS at start, peak, end: the gateway's process and the embedded upstream's, its child).
 *
 * Each person signs in through the real OIDC round trip. The portal allows 60 sign-in starts a
 * minute per client address, so the sign-ins come from several loopback addresses (127.0.0.2…),
 * 50 each, as people behind different addresses would.
 *
 * SOAK_SESSIONS (200), SOAK_SECONDS (60), SOAK_PORT (a free port).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, setGlobalDispatcher } from 'undici'
import { childPids, freePort } from '../test/helper.js'
import { signIn } from '../test/lib/sign-in.js'

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 200)
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const SIGN_INS_PER_ADDRESS = 50
const LISTS = ['departments', 'cost_centers', 'members', 'cloud_parents', 'companies', 'cloud_bills']

type Kind = 'list' | 'record' | 'write' | 'csv' | 'upload'
const timings: Record<Kind, number[]> = { list: [], record: [], write: [], csv: [], upload: [] }
const errors: string[] = []
let shed = 0

/** the portal's resident memory: its process and its children's (the embedded upstream) */
function rssOf(pid: number): { rss: number; peak: number } {
  const of = (one: number) => {
    const status = readFileSync(`/proc/${one}/status`, 'utf8')
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
    return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 }
  }
  const each = [pid, ...childPids(pid)].map(of)
  // each process's own peak came at its own time: their sum is an upper bound
  return { rss: each.reduce((sum, one) => sum + one.rss, 0), peak: each.reduce((sum, one) => sum + one.peak, 0) }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`

async function main() {
  const port = Number(process.env.SOAK_PORT ?? (await freePort()))
  const baseUrl = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'ccoe-soak-'))
  // stdout is the audit log (and the gateway's warnings): kept in a file beside this run, not in the report
  const logFile = join(tmpdir(), `ccoe-soak-${port}.log`)
  const log = openSync(logFile, 'w')
  const portal = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', log, 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => portal.once('exit', (code) => resolve(code)))
  // the data folder goes only once the portal has ended: deleted under it, its database's last
  // checkpoint failed inside PGlite and the shutdown ended in an unhandled rejection (reason Infinity)
  const stopPortal = async () => {
    if (portal.exitCode === null && portal.signalCode === null) portal.kill('SIGTERM')
    const code = await exited
    rmSync(dataDir, { recursive: true, force: true })
    return code
  }
  console.log(`the portal's audit log: ${logFile}`)
  // a soak that fails half-way still stops the portal (its data folder stays for a look)
  process.once('exit', () => portal.kill('SIGTERM'))
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (tries > 600 || portal.exitCode !== null) throw new Error('the portal did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const atStart = rssOf(portal.pid!)

  const cookies: string[] = []
  for (let i = 0; i < SESSIONS; i++) {
    if (i % SIGN_INS_PER_ADDRESS === 0) {
      setGlobalDispatcher(new Agent({ localAddress: `127.0.0.${2 + i / SIGN_INS_PER_ADDRESS}` }))
    }
    cookies.push(
      await signIn(baseUrl, 'alice@ccoe.example', 'alice').catch((error: Error) => {
        throw new Error(`sign-in ${i + 1} of ${SESSIONS}: ${error.message}`)
      }),
    )
  }
  setGlobalDispatcher(new Agent({ connections: SESSIONS * 2 }))
  console.log(`${SESSIONS} people signed in; ${SECONDS} s of mixed work`)

  let peak = atStart.rss
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(portal.pid!).rss)), 500)
  const deadline = Date.now() + SECONDS * 1000

  async function timed(kind: Kind, what: string, run: () => Promise<Response>, expected: number[] = [200]) {
    const started = performance.now()
    const answer = await run()
    await answer.arrayBuffer()
    timings[kind].push(performance.now() - started)
    if (answer.status === 503 && kind === 'upload') shed++
    else if (!expected.includes(answer.status)) errors.push(`${what}: ${answer.status}`)
    return answer
  }

  async function person(cookie: string, n: number) {
    const json = { cookie, origin: baseUrl, 'content-type': 'application/json' }
    for (let step = 0; Date.now() < deadline; step++) {
      const roll = (n * 7919 + step * 104729) % 100
      if (roll < 60) {
        const model = LISTS[(n + step) % LISTS.length]
        await timed('list', `GET ${model}`, () => fetch(`${baseUrl}/api/${model}?page=${1 + (step % 5)}`, { headers: { cookie } }))
      } else if (roll < 75) {
        await timed('record', 'GET departments/1', () => fetch(`${baseUrl}/api/departments/1`, { headers: { cookie } }))
      } else if (roll < 90) {
        const name = `Soak ${n}-${step}`
        const made = await timed(
          'write',
          'POST departments',
          () => fetch(`${baseUrl}/api/departments`, { method: 'POST', headers: json, body: JSON.stringify({ name, abbreviation: 'SK' }) }),
          [201],
        )
        if (made.status !== 201) continue
        const { data } = (await (
          await fetch(`${baseUrl}/api/departments?by_name=${encodeURIComponent(name)}`, { headers: { cookie } })
        ).json()) as {
          data: { id: number }[]
        }
        const id = data[0]?.id
        if (!id) {
          errors.push(`${name} not found after its create`)
          continue
        }
        await timed('write', 'PUT departments', () =>
          fetch(`${baseUrl}/api/departments/${id}`, { method: 'PUT', headers: json, body: JSON.stringify({ name, abbreviation: 'SK2' }) }),
        )
        await timed('write', 'DELETE departments', () => fetch(`${baseUrl}/api/departments/${id}`, { method: 'DELETE', headers: json }))
      } else if (roll < 95) {
        await timed('csv', 'CSV departments', () => fetch(`${baseUrl}/api/csv/departments`, { headers: { cookie } }))
      } else {
        const form = new FormData()
        const csv = `date,provider,identifier,amount,reference\n2024-06-01,aws,SOAK-${n}-${step},1,SOAK-${n}\n`
        form.append('file', new Blob([csv]), 'bills.csv')
        await timed('upload', 'upload cloud_bills', () =>
          fetch(`${baseUrl}/api/upload/cloud_bills`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: form }),
        )
      }
    }
  }

  const started = performance.now()
  await Promise.all(cookies.map(person))
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const atEnd = rssOf(portal.pid!)

  const all = Object.values(timings).flat()
  console.log(
    `\n${all.length} requests in ${seconds.toFixed(1)} s (${Math.round(all.length / seconds)}/s), ${errors.length} errors, ${shed} uploads shed (503)`,
  )
  console.log('\n| kind | requests | p50 | p95 | p99 |\n| --- | --- | --- | --- | --- |')
  for (const [kind, list] of [...Object.entries(timings), ['all', all] as const]) {
    const sorted = [...list].sort((a, b) => a - b)
    const ms = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`
    console.log(`| ${kind} | ${sorted.length} | ${ms(50)} | ${ms(95)} | ${ms(99)} |`)
  }
  console.log(`\nportal RSS: ${mib(atStart.rss)} at start, ${mib(Math.max(peak, atEnd.peak))} peak, ${mib(atEnd.rss)} at the end`)
  const kinds = new Map<string, number>()
  for (const error of errors) kinds.set(error, (kinds.get(error) ?? 0) + 1)
  for (const [error, count] of kinds) console.log(`error: ${error} ×${count}`)
  const code = await stopPortal()
  console.log(`portal shutdown (SIGTERM): exit code ${code}`)
  if (code !== 0) errors.push(`the portal's shutdown ended with exit code ${code}`)
  process.exit(errors.length ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
