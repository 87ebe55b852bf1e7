/**
 * `npm run bench` part: the memory `npm start` holds (issue 41 item 1). The compiled portal on
 * PGlite in a fresh data folder, started once to seed the demo data, then again as after any
 * restart: each process's RSS at rest and after a person signed in and read a few pages, beside
 * the goal; then what one PGlite costs a bare Node process in the same run, the floor of the
 * embedded upstream's figure. The gateway in production shape (two workers) is measured by
 * gateway.ts, under load.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { childPids, freePort, tempDir } from '../../test/helper.js'
import { startPortal } from '../../test/lib/portal-process.js'
import { signIn } from '../../test/lib/sign-in.js'
import { mb, rssOf } from './process-memory.js'
import { runBench } from './run-bench.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const SETTLE_MS = 5_000
const GOAL_TOTAL_MB = 500
const GOAL_GATEWAY_MB = 150

/** RSS (bytes) of a bare Node process, and of one that opened a PGlite in a temporary folder */
function pgliteFloor(): { bare: number; pglite: number } {
  const report = 'console.log(process.memoryUsage().rss)'
  const bare = Number(execFileSync(process.execPath, ['-e', report], { encoding: 'utf8' }))
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-bench-pglite-'))
  const opened = `const { PGlite } = await import('@electric-sql/pglite'); const db = await PGlite.create(${JSON.stringify(dir)}); await db.query('select 1'); ${report}; await db.close()`
  const pglite = Number(execFileSync(process.execPath, ['--input-type=module', '-e', opened], { cwd: root, encoding: 'utf8' }))
  rmSync(dir, { recursive: true, force: true })
  return { bare, pglite }
}

async function main() {
  const closers: (() => unknown)[] = []
  const t = { teardown: (fn: () => unknown) => closers.push(fn) }
  try {
    const env = { PORT: String(await freePort()), DATA_DIR: tempDir(t, 'ccoe-bench-memory-') }
    // the first start seeds the demo data: what a restart holds is what every day's portal holds
    await (await startPortal(t, root, env)).stop()
    const portal = await startPortal(t, root, env)
    const [upstream] = childPids(portal.pid)
    const measure = () => ({ gateway: rssOf(portal.pid), upstream: rssOf(upstream!) })
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    const atRest = measure()
    const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
    for (const model of ['cost_centers', 'cloud_contacts', 'departments', 'cloud_bills', 'dcoe_members']) {
      await (await fetch(`${portal.baseUrl}/api/${model}?per_page=20`, { headers: { cookie } })).arrayBuffer()
    }
    const used = measure()
    const floor = pgliteFloor()

    const line = (label: string, m: { gateway: number; upstream: number }) =>
      console.log(
        `  ${label.padEnd(34)} gateway (and IdP) ${mb(m.gateway)} MB (goal <= ${GOAL_GATEWAY_MB}), upstream ${mb(m.upstream)} MB, ` +
          `together ${mb(m.gateway + m.upstream)} MB (goal <= ${GOAL_TOTAL_MB})${m.gateway + m.upstream > GOAL_TOTAL_MB * 1048576 ? '  (over)' : ''}`,
      )
    console.log('\nnpm start on PGlite, the demo data, after a restart (RSS)')
    line('at rest:', atRest)
    line('after a sign-in and five lists:', used)
    console.log(
      `  one PGlite's floor: a bare Node process ${mb(floor.bare)} MB, one that opened a PGlite ${mb(floor.pglite)} MB ` +
        `(+${mb(floor.pglite - floor.bare)} MB, most of the upstream's figure)`,
    )
  } finally {
    for (const close of closers.reverse()) await close()
  }
}

runBench(main)
