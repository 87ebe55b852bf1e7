/**
 * `npm test`'s last step: tap with the arguments given, its output as it is, then the ten test files
 * of this run that took longest, and tap's exit code. The times are tap's own process info
 * (`.tap/processinfo/*.json`, one per test process: its file and `runtime`, the process's wall time
 * from its start to its exit, TypeScript's loading included), so the list costs the run nothing.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const SHOWN = 10
const INFO = '.tap/processinfo'

const started = Date.now()
const code = await new Promise((resolve) => {
  spawn('tap', process.argv.slice(2), { stdio: 'inherit' }).on('close', (exit) => resolve(exit ?? 1))
})

/** This run's test processes (a test's own child processes have a parent, and no file of their own). */
function timesOfThisRun() {
  let names = []
  try {
    names = readdirSync(INFO).filter((name) => name.endsWith('.json'))
  } catch {
    return []
  }
  const times = []
  for (const name of names) {
    try {
      const info = JSON.parse(readFileSync(join(INFO, name), 'utf8'))
      if (info.parent === null && info.externalID && typeof info.runtime === 'number' && Date.parse(info.date) >= started) {
        times.push({ file: info.externalID, ms: info.runtime })
      }
    } catch {
      // a file being written by another run, or not tap's: not this run's
    }
  }
  return times.sort((a, b) => b.ms - a.ms)
}

const times = timesOfThisRun()
if (times.length > 0) {
  const total = times.reduce((sum, t) => sum + t.ms, 0)
  console.log(
    `\n# the ${Math.min(SHOWN, times.length)} slowest of ${times.length} test files (each process's wall time; its share of all of them)`,
  )
  for (const { file, ms } of times.slice(0, SHOWN)) {
    console.log(`# ${(ms / 1000).toFixed(1).padStart(6)} s  ${((ms / total) * 100).toFixed(0).padStart(2)} %  ${file}`)
  }
}
process.exitCode = code
