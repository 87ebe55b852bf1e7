/**
 * `npm run bench` part: the gateway's hot path against a Debian nginx plain proxy, in one run.
 * Both sit in front of the same trivial upstream (a fixed 20-row JSON list answered from memory);
 * wrk (c=50) asks each for that list: the gateway as a signed-in person does (session cookie,
 * allowlist, proxy, one audit line per call written to a file), nginx as a plain proxy_pass with its
 * access log on. The gateway is the built production server (`node dist/server/main.js`), its
 * stdout (the audit log) a file. It runs twice: as one process, and as two cluster workers
 * (GATEWAY_WORKERS=2, which needs an IdP apart: the IdP plugin on a bare Fastify in this process).
 * A bare Node proxy in two workers (bare-proxy.ts) is measured too: the machine's ceiling for a
 * Node gateway, so a slow machine's figures read against what it could do at all.
 * Needs nginx and wrk (installed from Debian's packages when missing and running as root).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { childPids, freePort, startStandaloneIdp } from '../../test/helper.js'
import { signIn } from '../../test/lib/sign-in.js'
import { waitFor } from './wait-for.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** enough for the JIT; with the measurement, well inside the minute a session cookie stays unrefreshed */
const WARM_UP_SECONDS = 5
if (SECONDS > 45) throw new Error('BENCH_SECONDS is at most 45: a longer run outlives the cookie wrk replays (see signedIn)')
const CONNECTIONS = 50

function ensureTools() {
  const missing = ['nginx', 'wrk'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0)
  if (missing.length === 0) return true
  if (process.getuid?.() !== 0) return false
  spawnSync('apt-get', ['install', '-y', '-qq', ...missing.map((m) => (m === 'nginx' ? 'nginx-light' : m))], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return true
}

const ROWS = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Department ${i + 1}`, abbreviation: `D${i + 1}` }))
const LIST = JSON.stringify({ data: ROWS, meta: { total: 20, page: 1, per_page: 20 } })

interface WrkResult {
  rate: number
  p50: number
  p99: number
  errors: number
}

/** wrk's rate and latency distribution (ms). Run asynchronously: the trivial upstream lives in this process. */
async function wrk(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<WrkResult> {
  const args = [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ]
  const { stdout: out } = await promisify(execFile)('wrk', args, { encoding: 'utf8' })
  const ms = (label: string) => {
    const match = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(out)
    if (!match) throw new Error(`wrk printed no ${label}:\n${out}`)
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's']
  }
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: ms('50%'),
    p99: ms('99%'),
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  }
}

/**
 * CPU seconds (user + system) the processes have used, from /proc: with other work on the cores,
 * the rate depends on what the scheduler gives each side, the CPU time per request much less.
 */
function cpuSeconds(pids: number[]): number {
  const tick = 100 // USER_HZ on Linux
  let total = 0
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    total += (Number(fields[11]) + Number(fields[12])) / tick
  }
  return total
}

/** Ends a child and resolves once it has exited (SIGKILL after 5 s). */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** A process and its children: nginx's master and workers, the gateway's primary and cluster workers. */
const withChildren = (pid: number) => [pid, ...childPids(pid)]

/**
 * wrk's run after a warm-up (so none pays for its JIT in the figures), with the CPU time `pids`
 * spent during it, per request (µs).
 */
async function measured(url: string, headers: Record<string, string>, pids: number[]) {
  await wrk(url, headers, WARM_UP_SECONDS)
  const before = cpuSeconds(pids)
  const result = await wrk(url, headers)
  const spent = cpuSeconds(pids) - before
  return { ...result, cpuPerRequest: (spent / (result.rate * SECONDS)) * 1e6 }
}

async function main() {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: `npm run build` first')
  if (!ensureTools()) {
    console.log('gateway vs nginx: skipped (nginx or wrk missing, and not root to install them)')
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-bench-gateway-'))
  const children: ChildProcess[] = []
  const closers: (() => unknown)[] = []
  const upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(LIST) })
    res.end(LIST)
  })
  try {
    const upstreamPort = await freePort()
    await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve))
    upstream.keepAliveTimeout = 60_000

    const nginxPort = await freePort()
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  upstream portal_api { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${nginxPort};
    location /api/ { proxy_pass http://portal_api/; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
    )
    const nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' })
    children.push(nginx)

    // BENCH_CPU_PROF=<dir>: the gateway writes a V8 CPU profile there when it stops (for `--cpu-prof` reading)
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
    const startGateway = async (name: string, port: number, env: Record<string, string> = {}) => {
      const child = spawn(process.execPath, [...profile, 'dist/server/main.js'], {
        // stdout is the audit log (as in production, where a collector reads it): a real file here
        stdio: ['ignore', openSync(join(dir, `${name}.log`), 'w'), 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: join(dir, `${name}-data`),
          UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`,
          UPSTREAM_TOKEN: 'bench-upstream-token',
          NODE_ENV: 'production',
          ...env,
        },
      })
      children.push(child)
      const url = `http://127.0.0.1:${port}`
      await waitFor(`${url}/healthz`)
      return { child, url }
    }
    // wrk replays one cookie, where a browser keeps the one the gateway refreshes (lastSeen, rewritten
    // once a minute at most): signed in just before its warm-up, a gateway's measurement ends well
    // inside that minute, so it measures the calls a browser makes and not a rewrite on every call
    const signedIn = (url: string) => signIn(url, 'alice@ccoe.example', 'alice').then((cookie) => ({ cookie }))
    const gateway = await startGateway('audit', await freePort())

    // two workers need an IdP apart from the gateway (the embedded one keeps sign-ins in one process)
    const clusterPort = await freePort()
    const issuer = `http://127.0.0.1:${await freePort()}/idp`
    await startStandaloneIdp({ teardown: (close) => closers.push(close) }, issuer, `http://127.0.0.1:${clusterPort}`, 'bench-portal-secret')
    const workers = await startGateway('audit-2-workers', clusterPort, {
      GATEWAY_WORKERS: '2',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'ccoe-portal',
      OIDC_CLIENT_SECRET: 'bench-portal-secret',
    })
    await waitFor(`http://127.0.0.1:${nginxPort}/api/departments`)

    // the second baseline: a bare Node proxy in two workers (bare-proxy.ts), what any Node gateway can reach here
    const barePort = await freePort()
    const bare = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-proxy.ts'], {
      stdio: ['ignore', openSync(join(dir, 'bare.log'), 'w'), 'inherit'],
      env: { ...process.env, PORT: String(barePort), UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`, WORKERS: '2' },
    })
    children.push(bare)
    await waitFor(`http://127.0.0.1:${barePort}/api/departments`)

    const path = '/api/departments?per_page=20'
    const viaNginx = await measured(`http://127.0.0.1:${nginxPort}${path}`, {}, withChildren(nginx.pid!))
    const gatewayHeaders = await signedIn(gateway.url)
    const viaGateway = await measured(`${gateway.url}${path}`, gatewayHeaders, [gateway.child.pid!])
    // the CPU counted is the primary's and the workers'
    const workersHeaders = await signedIn(workers.url)
    const viaWorkers = await measured(`${workers.url}${path}`, workersHeaders, withChildren(workers.child.pid!))
    const viaBare = await measured(`http://127.0.0.1:${barePort}${path}`, {}, withChildren(bare.pid!))
    const audited = (name: string) =>
      spawnSync('wc', ['-l', join(dir, `${name}.log`)], { encoding: 'utf8' })
        .stdout.trim()
        .split(' ')[0]

    const fmt = (n: number) => Math.round(n).toLocaleString('en')
    console.log(`\nauthenticated GET of a 20-row list (wrk c=${CONNECTIONS}, ${SECONDS}s, trivial upstream)`)
    const row = (label: string, r: WrkResult) =>
      console.log(`  ${label.padEnd(22)}${fmt(r.rate)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, errors ${r.errors}`)
    row('nginx plain proxy:', viaNginx)
    row('portal gateway:', viaGateway)
    row('gateway, 2 workers:', viaWorkers)
    row('bare Node, 2 workers:', viaBare)
    const ratio = (label: string, r: WrkResult) =>
      console.log(
        `  ratio, ${label}: ${(r.rate / viaNginx.rate).toFixed(2)}x nginx's rate (goal >= 0.3x and >= 10k req/s), p99 ${(r.p99 / viaNginx.p99).toFixed(1)}x nginx's (goal <= 3x)`,
      )
    ratio('one process', viaGateway)
    ratio('two workers', viaWorkers)
    console.log(
      `  ratio, two workers to the bare Node proxy: ${(viaWorkers.rate / viaBare.rate).toFixed(2)}x its rate; ` +
        `the bare proxy is ${(viaBare.rate / viaNginx.rate).toFixed(2)}x nginx's (${fmt(viaBare.rate)} req/s, about the most a Node gateway reaches on this machine)`,
    )
    console.log(
      `  CPU per request: nginx ${viaNginx.cpuPerRequest.toFixed(0)} µs (all workers), gateway ${viaGateway.cpuPerRequest.toFixed(0)} µs ` +
        `(one process: at most ${fmt(1e6 / viaGateway.cpuPerRequest)} req/s on a free core), ` +
        `2 workers ${viaWorkers.cpuPerRequest.toFixed(0)} µs (primary and workers together), bare Node ${viaBare.cpuPerRequest.toFixed(0)} µs`,
    )
    console.log(
      `  audit lines written: ${audited('audit')} by one process, ${audited('audit-2-workers')} by two workers (one per call, warm-ups and sign-in included)`,
    )
  } finally {
    // the servers in this process (upstream, IdP) close once nothing is left to talk to them
    await Promise.all(children.map(stopped))
    upstream.closeAllConnections()
    upstream.close()
    for (const close of closers) await close()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
