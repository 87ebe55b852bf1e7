/**
 * GATEWAY_WORKERS=2 as an operator runs it: the built dist/server/main.js in front of a real
 * upstream, signing in at a real IdP (mounted standalone here, as a corporate one would be). The
 * workers share the sign-in, the session and the port; /metrics sums both; a killed worker is
 * replaced; SIGTERM stops everything cleanly. Every wait is for a line or an answer, with a deadline.
 */
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { get } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { alive, childPids, freePort, startStandaloneIdp, startUpstream, tempDir, type Teardown } from '../helper.js'
import { signIn } from '../lib/sign-in.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = 'dist/server/main.js'
/** how long any one wait may take before the test fails saying what it waited for */
const DEADLINE_MS = 30_000

function built() {
  if (!existsSync(`${root}${MAIN}`)) throw new Error(`${MAIN} is missing: run npm run build first`)
}

/** the environment a test's child starts from: nothing of the runner's own portal settings */
function inherited(): Record<string, string | undefined> {
  const { DATABASE_URL: _d, GATEWAY_WORKERS: _w, OIDC_ISSUER: _i, UPSTREAM_URL: _u, ...rest } = process.env
  return rest
}

function withDeadline<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${DEADLINE_MS} ms`)), DEADLINE_MS)
  })
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}

/** The built portal as a child process; its stdout and stderr read line by line as they come. */
function startBuilt(t: Teardown, env: Record<string, string>) {
  built()
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    cwd: root,
    env: { ...inherited(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await exited
  })
  const lines = { stdout: [] as string[], stderr: [] as string[] }
  const waiting = new Set<() => void>()
  for (const name of ['stdout', 'stderr'] as const) {
    let partial = ''
    child[name].setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n')
      partial = parts.pop()!
      lines[name].push(...parts)
      for (const check of waiting) check()
    })
  }
  /** resolves once `ready()` holds after a line came (or at once); fails if the portal exits first */
  const until = <T>(what: string, ready: () => T | undefined): Promise<T> => {
    let check!: () => void
    const found = new Promise<T>((resolve) => {
      check = () => {
        const value = ready()
        if (value === undefined) return
        waiting.delete(check)
        resolve(value)
      }
      waiting.add(check)
      check()
    })
    const died = exited.then(() => {
      throw new Error(`the portal exited before ${what}: ${[...lines.stdout, ...lines.stderr].join('\n')}`)
    })
    return withDeadline(what, Promise.race([found, died])).finally(() => waiting.delete(check))
  }
  return { child, exited, lines, until }
}

interface Answer {
  status: number
  requestId: string
  body: string
}

/** A GET on a connection of its own: the primary hands each new connection to the next worker. */
function fresh(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, requestId: String(response.headers['x-request-id']), body }))
    }).on('error', reject)
  })
}

/** the value of ccoe_gateway_requests_total for GET /api/departments answered 200 */
function departmentsCounted(metrics: string): number | undefined {
  const line = metrics
    .split('\n')
    .find(
      (l) =>
        l.startsWith('ccoe_gateway_requests_total{') &&
        l.includes('route="/api/departments"') &&
        l.includes('method="GET"') &&
        l.includes('status="200"'),
    )
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

t.test('two workers: one sign-in, shared sessions, summed metrics, a killed worker replaced, a clean stop', async (t) => {
  const upstream = await startUpstream(t)
  const port = await freePort()
  const gatewayUrl = `http://127.0.0.1:${port}`
  const issuer = `http://127.0.0.1:${await freePort()}/idp`
  await startStandaloneIdp(t, issuer, gatewayUrl)

  const portal = startBuilt(t, {
    PORT: String(port),
    DATA_DIR: tempDir(t),
    UPSTREAM_URL: upstream.url,
    UPSTREAM_TOKEN: upstream.token,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'ccoe-portal',
    OIDC_CLIENT_SECRET: 'portal-secret',
    GATEWAY_WORKERS: '2',
  })
  const banner = await portal.until('the start line', () => portal.lines.stdout.find((l) => l.startsWith('CCoE Portal on ')))
  t.equal(banner, `CCoE Portal on ${gatewayUrl}`)
  t.same(
    portal.lines.stdout.filter((l) => l.startsWith('CCoE Portal on ')),
    [banner],
    'printed once, when both workers listen',
  )
  const workers = childPids(portal.child.pid!)
  t.equal(workers.length, 2, 'two worker processes, children of the primary')

  // the sign-in's redirects land on either worker: the flow's cookie and the session are theirs alike
  const cookie = await signIn(gatewayUrl, 'alice@ccoe.example', 'alice')
  const answers: Answer[] = []
  for (let i = 0; i < 40; i++) answers.push(await fresh(`${gatewayUrl}/api/departments?per_page=5`, { cookie }))
  t.same(
    answers.map((a) => a.status),
    Array(40).fill(200),
    'all 40 answered 200, by both workers in turn',
  )

  const ids = new Set(answers.map((a) => a.requestId))
  t.equal(ids.size, 40, 'forty request ids')
  const audited = () =>
    portal.lines.stdout
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId: string; user: string; method: string; path: string; status: number })
      .filter((l) => ids.has(l.reqId))
  // a line is written when its answer closes, which can be just after the client has read it
  await portal.until('the 40 audit lines', () => (audited().length >= 40 ? true : undefined))
  const lines = audited()
  t.same(lines.map((l) => l.reqId).sort(), [...ids].sort(), 'exactly one audit line per call, on the one stdout')
  t.same(new Set(lines.map((l) => `${l.user} ${l.method} ${l.path} ${l.status}`)), new Set(['alice@ccoe.example GET /api/departments 200']))

  const scraped = await fresh(`${gatewayUrl}/metrics`)
  t.equal(scraped.status, 200)
  t.equal(departmentsCounted(scraped.body), 40, 'the sum over both workers, whichever was asked')
  const again = await fresh(`${gatewayUrl}/metrics`)
  t.equal(departmentsCounted(again.body), 40, 'and the same from the other worker')
  t.match(scraped.body, /^ccoe_gateway_process_start_time_seconds \d/m, 'the start time kept (the newest worker’s)')
  const maxFds = (pid: number) => Number(/^Max open files\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1])
  t.equal(
    Number(/^ccoe_gateway_process_max_fds (\d+)/m.exec(scraped.body)?.[1]),
    Math.max(...workers.map(maxFds)),
    "the file descriptor limit is one process's, not the sum",
  )

  const [killed, survivor] = workers
  process.kill(killed, 'SIGKILL')
  const notice = new RegExp(`^ccoe-portal: gateway worker ${killed} was killed by SIGKILL; worker (\\d+) replaces it$`)
  const replacement = Number(
    notice.exec(await portal.until('the replacement notice', () => portal.lines.stderr.find((l) => notice.test(l))))![1],
  )
  t.same(childPids(portal.child.pid!).sort(), [survivor, replacement].sort(), `worker ${replacement} replaces ${killed}`)
  const meanwhile: number[] = []
  for (let i = 0; i < 10; i++) meanwhile.push((await fresh(`${gatewayUrl}/api/departments`, { cookie })).status)
  t.same(meanwhile, Array(10).fill(200), 'requests keep answering 200 while the replacement starts')
  // a scrape waits for a worker still starting, so after it the replacement listens; the killed
  // worker's counts died with it: left are the survivor's half of the 40 (they alternated) and the 10
  t.equal(departmentsCounted((await fresh(`${gatewayUrl}/metrics`)).body), 20 + 10, 'the survivor’s 20 and the 10 since')
  const after: number[] = []
  for (let i = 0; i < 10; i++) after.push((await fresh(`${gatewayUrl}/api/departments`, { cookie })).status)
  t.same(after, Array(10).fill(200), 'and with the replacement serving')
  t.equal(
    departmentsCounted((await fresh(`${gatewayUrl}/metrics`)).body),
    20 + 10 + 10,
    'counted by the survivor and the replacement together',
  )

  portal.child.kill('SIGTERM')
  t.same(await withDeadline('the exit', portal.exited), [0, null], 'SIGTERM: the primary exits 0')
  t.same([survivor, replacement].filter(alive), [], 'and no worker is left')
})

t.test('GATEWAY_WORKERS above 1 without OIDC_ISSUER: one line, exit 1', async (t) => {
  built()
  const failed = await promisify(execFile)(process.execPath, [MAIN], {
    cwd: root,
    env: { ...inherited(), GATEWAY_WORKERS: '2', PORT: String(await freePort()), DATA_DIR: tempDir(t) },
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  )
  t.equal(failed?.code, 1)
  t.same(
    (failed?.stderr ?? '').split('\n').filter((l) => l && !l.includes('WARNING')),
    ['ccoe-portal: configuration error: GATEWAY_WORKERS above 1 needs OIDC_ISSUER: the embedded IdP keeps sign-ins in one process'],
  )
})

t.test('a worker that cannot listen stops the portal: its reason, then the primary’s line, exit 1', async (t) => {
  built()
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  t.teardown(() => taken.close())
  const { port } = taken.address() as AddressInfo
  const failed = await promisify(execFile)(process.execPath, [MAIN], {
    cwd: root,
    env: {
      ...inherited(),
      GATEWAY_WORKERS: '2',
      PORT: String(port),
      DATA_DIR: tempDir(t),
      UPSTREAM_URL: 'http://127.0.0.1:9',
      UPSTREAM_TOKEN: 'unused',
      OIDC_ISSUER: 'http://127.0.0.1:9/idp',
      OIDC_CLIENT_ID: 'ccoe-portal',
      OIDC_CLIENT_SECRET: 'portal-secret',
    },
  }).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  t.equal(failed?.code, 1)
  // stdout has the workers' own log (an IdP that is down at start is a warning there), never the start line
  t.notOk(/^CCoE Portal on /m.test(failed?.stdout ?? ''), 'no start line')
  const lines = (failed?.stderr ?? '').split('\n').filter((l) => l && !l.includes('WARNING'))
  const reason = `ccoe-portal: bind EADDRINUSE 127.0.0.1:${port}`
  const givesUp = /^ccoe-portal: gateway worker \d+ exited with code 1 before the portal started$/
  t.equal(lines[0], reason, 'the worker says why, first')
  t.equal(lines.filter((line) => givesUp.test(line)).length, 1, 'the primary gives up, once')
  // the other worker may fail the same way, before or after the primary stops it, and says nothing else
  t.same(
    lines.filter((line) => !givesUp.test(line) && line !== reason),
    [],
    'no other line (no stack trace)',
  )
})
