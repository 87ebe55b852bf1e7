/**
 * `node scripts/parallel.mjs lint typecheck` runs those npm scripts at the same time and fails if
 * any fails. ESLint, Prettier and tsc each use one core: one after the other they left the other core
 * of a CI machine idle for about a minute. Each script's output is printed whole when it ends, so
 * their lines do not interleave.
 */
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] })
        const output = []
        child.stdout.on('data', (chunk) => output.push(chunk))
        child.stderr.on('data', (chunk) => output.push(chunk))
        child.on('close', (code) => {
          process.stdout.write(`\n> npm run ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`)
          process.stdout.write(Buffer.concat(output))
          resolve(code)
        })
      }),
  ),
)

process.exitCode = results.some((code) => code !== 0) ? 1 : 0
