/**
 * The compiled portal as `npm start` runs it (`dist/server/main.js` with its flags, built by `npm run build`), in a
 * child process whose output is awaited line by line, never polled.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const MAIN = join('dist', 'server', 'main.js')

/**
 * Starts `dist/server/main.js` in `cwd` and resolves once it prints that it listens on `env.PORT`;
 * `part` runs one part alone (`upstream`, `idp`), which prints its own line.
 */
export async function startPortal(
  t: { teardown(fn: () => unknown): void },
  cwd: string,
  env: Record<string, string>,
  part?: 'upstream' | 'idp',
) {
  if (!existsSync(join(cwd, MAIN))) throw new Error(`${MAIN} is missing in ${cwd}: run npm run build first`)
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  const child = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=16', MAIN, ...(part ? [part] : [])], {
    cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit')
  let output = ''
  const waiting = new Set<{ pattern: RegExp; resolve(): void }>()
  const take = (chunk: string) => {
    output += chunk
    for (const waiter of waiting) {
      if (waiter.pattern.test(output)) {
        waiting.delete(waiter)
        waiter.resolve()
      }
    }
  }
  child.stdout.setEncoding('utf8').on('data', take)
  child.stderr.setEncoding('utf8').on('data', take)
  /** resolves once the output holds the pattern; fails if the portal exits first */
  const printed = (pattern: RegExp) =>
    Promise.race([
      new Promise<void>((resolve) => (pattern.test(output) ? resolve() : waiting.add({ pattern, resolve }))),
      exited.then(() => Promise.reject(new Error(`the portal exited before printing ${pattern}: ${output}`))),
    ])
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await exited
  }
  t.teardown(stop)

  // main.ts prints this line once the gateway listens, after the upstream and its database are up
  // (a part alone: once it listens)
  await printed(part ? new RegExp(`^CCoE Portal ${part === 'idp' ? 'IdP' : part} on \\S+\\n`, 'm') : /^CCoE Portal on \S+\n/m)
  return { baseUrl: `http://127.0.0.1:${env.PORT}`, stop, printed, exited, output: () => output, pid: child.pid! }
}
