/**
 * `npm run bench` part: the gateway's hot path against a Debian nginx plain proxy, in one run.
 * Both sit in front of the same trivial upstream (trivial-upstream.ts: a fixed 20-row JSON list answered from memory);
 * wrk (c=50) asks each for that list: the gateway as a signed-in person does (session cookie,
 * allowlist, proxy, one audit line per call written to a file), nginx as a plain proxy_pass with its
 * access log on. The gateway is the built production server (`node dist/server/main.js`), its
 * stdout (the audit log) a file. It runs twice: as one process, and as two cluster workers
 * (GATEWAY_WORKERS=2, which needs an IdP apart: the IdP plugin on a bare Fastify in this process).
 * A bare Node proxy in two workers (bare-proxy.ts) is measured too: the machine's ceiling for a
 * Node gateway, so a slow machine's figures read against what it could do at all. The peer the
 * portal is held to (issue 41 item 2) is Apache httpd with mod_auth_openidc, two processes: a
 * relying party of the same IdP as the two workers, signed in once through its own login, its
 * session cookie replayed by wrk as the gateway's is.
 * Needs nginx, wrk, Apache and mod_auth_openidc (installed from Debian's packages when missing and
 * running as root).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { childPids, freePort, startStandaloneIdp } from '../../test/helper.js'
import { CookieJar, formAction, signIn, step } from '../../test/lib/sign-in.js'
import { waitFor } from './wait-for.js'
import { runBench } from './run-bench.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** enough for the JIT; with the measurement, well inside the minute a session cookie stays unrefreshed */
const WARM_UP_SECONDS = 5
if (SECONDS > 45) throw new Error('BENCH_SECONDS is at most 45: a longer run outlives the cookie wrk replays (see signedIn)')
const CONNECTIONS = 50

/** What the bench runs, and Debian's packages of it (installed when missing and running as root). */
const TOOLS = [
  { present: 'command -v nginx || test -x /usr/sbin/nginx', packages: ['nginx-light'] },
  { present: 'command -v wrk', packages: ['wrk'] },
  {
    present: 'test -x /usr/sbin/apache2 && test -f /usr/lib/apache2/modules/mod_auth_openidc.so',
    packages: ['apache2', 'libapache2-mod-auth-openidc'],
  },
]

function ensureTools() {
  const missing = TOOLS.filter((tool) => spawnSync('sh', ['-c', tool.present]).status !== 0)
  if (missing.length === 0) return true
  if (process.getuid?.() !== 0) return false
  // where Debian may start services on install, its own nginx and Apache start too (not in Docker images,
  // whose policy-rc.d forbids it); the bench's run apart, on ports and files of their own
  spawnSync('apt-get', ['install', '-y', '-qq', ...missing.flatMap((tool) => tool.packages)], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return true
}

/**
 * Apache httpd as the portal's peer would run it: mod_auth_openidc a relying party of the same IdP
 * (server-side sessions in shared memory, a cookie naming them), mod_proxy_http to the upstream, an
 * access log, and mpm_event in two processes as the gateway runs two workers.
 */
function apacheConfig(dir: string, port: number, upstreamPort: number, issuer: string, clientSecret: string) {
  const modules = ['mpm_event', 'authn_core', 'authz_core', 'authz_user', 'auth_openidc', 'proxy', 'proxy_http']
  return `ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${dir}/apache.pid
DefaultRuntimeDir ${dir}
Mutex file:${dir} default
ErrorLog ${dir}/apache-error.log
${modules.map((m) => `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so`).join('\n')}
${process.getuid?.() === 0 ? 'User www-data\nGroup www-data' : ''}
StartServers 2
ServerLimit 2
ThreadsPerChild 32
MaxRequestWorkers 64
MinSpareThreads 1
MaxSpareThreads 64
KeepAliveTimeout 60
MaxKeepAliveRequests 0
LogFormat "%h %l %u %t \\"%r\\" %>s %b" common
CustomLog ${dir}/apache-access.log common
OIDCProviderMetadataURL ${issuer}/.well-known/openid-configuration
OIDCClientID ccoe-portal
OIDCClientSecret ${clientSecret}
OIDCRedirectURI http://127.0.0.1:${port}/oidc/callback
OIDCCryptoPassphrase ${randomBytes(24).toString('hex')}
OIDCPKCEMethod S256
OIDCScope "openid email profile"
OIDCRemoteUserClaim email
OIDCSessionType server-cache
OIDCCacheType shm
<Location />
  AuthType openid-connect
  Require valid-user
</Location>
ProxyPass /api/ http://127.0.0.1:${upstreamPort}/
`
}

/**
 * Signs alice in through Apache as a browser would (its redirect to the IdP, the IdP's login form,
 * the way back) and returns the Cookie header of Apache's session.
 */
async function apacheSignIn(apacheUrl: string, issuer: string): Promise<string> {
  const jar = new CookieJar()
  let page = new URL('/api/departments', apacheUrl)
  // mod_auth_openidc answers fetch()'s Sec-Fetch-Mode: cors with a 401 where a browser's page load
  // goes to the IdP: so the sign-in starts at its redirect URI, as a login the IdP starts does (OIDC
  // Core §4: iss and target_link_uri), and then walks the same IdP form and way back
  let response = await step(
    jar,
    new URL(`/oidc/callback?iss=${encodeURIComponent(issuer)}&target_link_uri=${encodeURIComponent(page.href)}`, apacheUrl),
  )
  for (let hops = 0; hops < 20; hops++) {
    if (response.status >= 300 && response.status < 400) {
      page = new URL(response.headers.get('location')!, page)
      response = await step(jar, page)
    } else if (response.status === 200 && page.origin !== apacheUrl) {
      page = formAction(await response.text(), page)
      response = await step(jar, page, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
        body: new URLSearchParams({ email: 'alice@ccoe.example', password: 'alice' }).toString(),
      })
    } else break
  }
  const cookie = jar
    .header(new URL('/api/departments', apacheUrl))
    .split('; ')
    .filter((c) => c.startsWith('mod_auth_openidc_session='))
    .join('; ')
  if (response.status !== 200 || !cookie) throw new Error(`sign-in through Apache stopped at ${page.pathname} with ${response.status}`)
  return cookie
}

interface WrkResult {
  rate: number
  p50: number
  p99: number
  errors: number
}

/** wrk's rate and latency distribution (ms). Run asynchronously: the IdP lives in this process. */
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
    console.log('gateway vs nginx and Apache: skipped (nginx, wrk or Apache missing, and not root to install them)')
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-bench-gateway-'))
  const children: ChildProcess[] = []
  const closers: (() => unknown)[] = []
  try {
    // the trivial upstream in a process of its own (trivial-upstream.ts): in this one, its pauses for
    // the bench's own garbage were every proxy's p99 (nginx's 2.7 ms became 14.5 ms)
    const upstreamPort = await freePort()
    const upstream = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/trivial-upstream.ts'], {
      stdio: 'inherit',
      env: { ...process.env, PORT: String(upstreamPort) },
    })
    children.push(upstream)
    await waitFor(`http://127.0.0.1:${upstreamPort}/`)

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
    // Apache signs in as the portal's client too: its callback is one more redirect URI of that client
    const apachePort = await freePort()
    await startStandaloneIdp(
      { teardown: (close) => closers.push(close) },
      issuer,
      `http://127.0.0.1:${clusterPort}`,
      'bench-portal-secret',
      {
        portalClient: { redirectUris: [`http://127.0.0.1:${clusterPort}/oidc/callback`, `http://127.0.0.1:${apachePort}/oidc/callback`] },
      },
    )
    const workers = await startGateway('audit-2-workers', clusterPort, {
      GATEWAY_WORKERS: '2',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'ccoe-portal',
      OIDC_CLIENT_SECRET: 'bench-portal-secret',
    })
    await waitFor(`http://127.0.0.1:${nginxPort}/api/departments`)

    writeFileSync(join(dir, 'apache.conf'), apacheConfig(dir, apachePort, upstreamPort, issuer, 'bench-portal-secret'))
    const configTest = spawnSync('/usr/sbin/apache2', ['-t', '-f', join(dir, 'apache.conf')], { encoding: 'utf8' })
    if (configTest.status !== 0) throw new Error(`Apache refuses its configuration: ${configTest.stderr}`)
    const apache = spawn('/usr/sbin/apache2', ['-f', join(dir, 'apache.conf'), '-DFOREGROUND'], { stdio: 'inherit' })
    children.push(apache)
    const apacheUrl = `http://127.0.0.1:${apachePort}`
    // a signed-out call is sent on to the IdP's login page: Apache is up once that answers
    await waitFor(`${apacheUrl}/api/departments`)

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
    const apacheHeaders = { cookie: await apacheSignIn(apacheUrl, issuer) }
    const viaApache = await measured(`${apacheUrl}${path}`, apacheHeaders, withChildren(apache.pid!))
    const viaBare = await measured(`http://127.0.0.1:${barePort}${path}`, {}, withChildren(bare.pid!))
    // the access log names who called (%u): every measured call was alice's, signed in
    const apacheCallers = readFileSync(join(dir, 'apache-access.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes(' alice@ccoe.example ')).length
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
    row('Apache + openidc, 2:', viaApache)
    const ratio = (label: string, r: WrkResult) =>
      console.log(
        `  ratio, ${label}: ${(r.rate / viaNginx.rate).toFixed(2)}x nginx's rate (goal >= 0.3x and >= 10k req/s), p99 ${(r.p99 / viaNginx.p99).toFixed(1)}x nginx's (goal <= 3x)`,
      )
    ratio('one process', viaGateway)
    ratio('two workers', viaWorkers)
    const rateToApache = viaWorkers.rate / viaApache.rate
    console.log(
      `  two workers beside Apache + mod_auth_openidc (two processes, both signed in with a cookie session): ` +
        `p99 ${viaWorkers.p99.toFixed(2)} ms against ${viaApache.p99.toFixed(2)} ms (goal: at or below Apache's)${viaWorkers.p99 > viaApache.p99 ? '  (over)' : ''}, ` +
        `rate ${rateToApache.toFixed(2)}x Apache's (goal >= 1.2x)${rateToApache < 1.2 ? '  (missed)' : ''}`,
    )
    console.log(
      `  ratio, two workers to the bare Node proxy: ${(viaWorkers.rate / viaBare.rate).toFixed(2)}x its rate; ` +
        `the bare proxy is ${(viaBare.rate / viaNginx.rate).toFixed(2)}x nginx's (${fmt(viaBare.rate)} req/s, about the most a Node gateway reaches on this machine)`,
    )
    console.log(
      `  CPU per request: nginx ${viaNginx.cpuPerRequest.toFixed(0)} µs (all workers), Apache ${viaApache.cpuPerRequest.toFixed(0)} µs (all processes), gateway ${viaGateway.cpuPerRequest.toFixed(0)} µs ` +
        `(one process: at most ${fmt(1e6 / viaGateway.cpuPerRequest)} req/s on a free core), ` +
        `2 workers ${viaWorkers.cpuPerRequest.toFixed(0)} µs (primary and workers together), bare Node ${viaBare.cpuPerRequest.toFixed(0)} µs`,
    )
    console.log(
      `  audit lines written: ${audited('audit')} by one process, ${audited('audit-2-workers')} by two workers (one per call, warm-ups and sign-in included); Apache's access log ${audited('apache-access')}, ${apacheCallers} of them alice's`,
    )
  } finally {
    // the IdP in this process closes once nothing is left to talk to it
    await Promise.all(children.map(stopped))
    for (const close of closers) await close()
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)
