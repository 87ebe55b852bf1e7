/**
 * The processes of `npm run replicas`: each part of the built portal (`node dist/server/main.js`
 * with or without a part name) and nginx, started with an environment of their own (nothing of
 * this shell's, so a DATABASE_URL or PORT set here never leaks into a replica), their JSON stdout
 * lines (a gateway's audit log) kept and awaited by event, never polled.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { EventEmitter, once } from 'node:events'
import { createInterface } from 'node:readline'

export type Line = Record<string, unknown>

export interface Part {
  name: string
  child: ChildProcess
  /** every JSON line of its stdout, parsed (a gateway's audit log) */
  lines: Line[]
  /** the first line (from now or already written) that `match` accepts; rejects after `ms` */
  line(match: (line: Line) => boolean, ms?: number): Promise<Line>
  /** resolves with how it ended, whoever ended it */
  exited: Promise<string>
  /** SIGTERM, then SIGKILL if it is still there after 10 s; resolves once it has exited */
  stop(): Promise<void>
}

const ended = (code: number | null, signal: string | null) => (signal ? `was killed by ${signal}` : `exited with code ${code}`)

/**
 * Starts `command` and resolves once its stdout prints a line that `ready` matches; rejects with
 * what it said if it exits first. Its stderr goes to ours, each line marked with its name.
 */
export async function startPart(name: string, command: string, args: string[], env: Record<string, string>, ready?: RegExp): Promise<Part> {
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = (once(child, 'exit') as Promise<[number | null, string | null]>).then(([code, signal]) => ended(code, signal))
  const lines: Line[] = []
  // what else it printed, for the message when it stops before it is ready
  const text: string[] = []
  const written = new EventEmitter()
  const said: string[] = []
  let isReady: (() => void) | undefined
  createInterface({ input: child.stdout! }).on('line', (out) => {
    if (out.startsWith('{')) {
      const line = JSON.parse(out) as Line
      lines.push(line)
      written.emit('line', line)
    } else if (ready?.test(out)) isReady?.()
    else text.push(out)
  })
  createInterface({ input: child.stderr! }).on('line', (err) => {
    said.push(err)
    process.stderr.write(`[${name}] ${err}\n`)
  })
  if (ready) {
    await Promise.race([
      new Promise<void>((resolve) => (isReady = resolve)),
      exited.then((how) => Promise.reject(new Error(`${name} ${how} before it was ready: ${[...text, ...said].slice(-5).join(' | ')}`))),
    ])
  }
  return {
    name,
    child,
    lines,
    exited,
    line: (match, ms = 5000) =>
      new Promise((resolve, reject) => {
        const found = lines.find(match)
        if (found) return resolve(found)
        const timer = setTimeout(() => {
          written.off('line', listener)
          reject(new Error(`${name} wrote no such line within ${ms} ms`))
        }, ms)
        const listener = (line: Line) => {
          if (!match(line)) return
          clearTimeout(timer)
          written.off('line', listener)
          resolve(line)
        }
        written.on('line', listener)
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.kill('SIGTERM')
      await exited
      clearTimeout(kill)
    },
  }
}
