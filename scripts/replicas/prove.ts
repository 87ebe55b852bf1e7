/**
 * What `npm run replicas` proves through nginx, in the order test/gateway/replicas.test.ts proves
 * it in one process: readiness, a sign-in that works on every replica, a logout that holds on all of
 * them within the documented lag, a sign-in limit that counts across them, and audit lines that
 * each name their replica. Each step returns the sentence it printed; the first that fails throws.
 */
import type { Redis } from 'ioredis'
import { Agent, fetch as undiciFetch } from 'undici'
import { LOGIN_STARTS_PER_MINUTE } from '../../server/gateway/plugins/rate-limits.js'
import { REREAD_MS } from '../../server/gateway/revocations.js'
import { signInFlow } from '../../test/lib/sign-in.js'
import type { Line, Part } from './parts.js'

export interface Replica {
  name: string
  port: number
  part: Part
}

export interface Setup {
  /** nginx: the portal's one address */
  url: string
  replicas: Replica[]
  redis: Redis
  redisPrefix: string
  /** nginx's access log so far, a line a request: `client method path status replica-address` */
  accessLog: () => string[]
}

/** each replica rereads the logout cut-off this often */
const LOGOUT_LAG_MS = REREAD_MS
const LOGIN_STARTS = LOGIN_STARTS_PER_MINUTE

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(what)
}

/** fetch from 127.0.0.2: to nginx and the gateways another client than this machine's browser */
const elsewhere = new Agent({ localAddress: '127.0.0.2' })
const fetchFrom2 = (url: string, init: { redirect?: 'manual'; headers?: Record<string, string> } = {}) =>
  undiciFetch(url, { ...init, dispatcher: elsewhere })

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

export async function prove({ url, replicas, redis, redisPrefix, accessLog }: Setup, say: (line: string) => void): Promise<void> {
  const direct = (replica: Replica, path: string) => `http://127.0.0.1:${replica.port}${path}`
  const names = replicas.map((r) => r.name).join(', ')
  /** the line some replica wrote (each names itself in `replica`) */
  const written = (match: (line: Line) => boolean) => Promise.any(replicas.map((r) => r.part.line(match)))

  for (const replica of replicas) {
    const answer = await fetch(direct(replica, '/readyz'))
    check(answer.status === 200, `${replica.name}'s /readyz answered ${answer.status}: ${await answer.text()}`)
  }
  say(`✓ /readyz 200 on ${names}: each reaches the upstream process and the IdP process`)

  const { cookie } = await signInFlow(url, 'alice@ccoe.example', 'alice')
  const login = await written((l) => l.event === 'login')
  const sessions: string[] = []
  for (const replica of replicas) {
    const answer = await fetch(direct(replica, '/api/session'), { headers: { cookie } })
    const body = (await answer.json()) as { email?: string }
    check(answer.status === 200 && body.email === 'alice@ccoe.example', `${replica.name} refused her session: ${answer.status}`)
    sessions.push(replica.name)
  }
  const servedBy: string[] = []
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${url}/api/departments`, { headers: { cookie } })
    await answer.arrayBuffer()
    check(answer.status === 200, `/api/departments through nginx answered ${answer.status}`)
    const reqId = answer.headers.get('x-request-id')
    servedBy.push(String((await written((l) => l.reqId === reqId)).replica))
  }
  check(new Set(servedBy).size === replicas.length, `nginx sent her calls to ${servedBy.join(', ')} only`)
  say(
    `✓ alice signed in through nginx (login audited by ${login.replica}); her cookie: /api/session 200 on ${sessions.join(', ')} asked directly`,
  )
  say(`  and /api/departments through nginx 200 six times, answered by ${servedBy.join(', ')}`)

  const logout = await fetch(`${url}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
  const loggedOutAt = performance.now()
  check(logout.status === 302, `logout answered ${logout.status}`)
  const by = String((await written((l) => l.event === 'logout')).replica)
  const status = async (replica: Replica) => (await fetch(direct(replica, '/api/session'), { headers: { cookie } })).status
  const there = replicas.find((r) => r.name === by)!
  check((await status(there)) === 401, `${by} still takes the cookie it logged out`)
  const lags: string[] = []
  for (const replica of replicas.filter((r) => r !== there)) {
    // a replica rereads the cut-off at its first request a second after the last reread: ask until it has
    while ((await status(replica)) !== 401) {
      check(
        performance.now() - loggedOutAt < LOGOUT_LAG_MS + 2000,
        `${replica.name} still takes the cookie after ${LOGOUT_LAG_MS + 2000} ms`,
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    lags.push(`${replica.name} after ${seconds(performance.now() - loggedOutAt)}`)
  }
  say(`✓ logout through nginx (by ${by}): refused there at once, on ${lags.join(' and ')} (documented lag: ${seconds(LOGOUT_LAG_MS)})`)

  const starts: number[] = []
  while (starts.at(-1) !== 429 && starts.length <= LOGIN_STARTS + 1) {
    const answer = await fetchFrom2(`${url}/oidc/login`, { redirect: 'manual' })
    await answer.arrayBuffer()
    starts.push(answer.status)
  }
  const allowed = starts.filter((s) => s === 302).length
  check(allowed === LOGIN_STARTS && starts.length === LOGIN_STARTS + 1, `127.0.0.2 got ${starts.join(',')}`)
  const refusedDirectly: number[] = []
  for (const replica of replicas) {
    const answer = await fetchFrom2(direct(replica, '/oidc/login'), { redirect: 'manual' })
    await answer.arrayBuffer()
    refusedDirectly.push(answer.status)
  }
  check(
    refusedDirectly.every((s) => s === 429),
    `asked directly, the replicas answered 127.0.0.2 ${refusedDirectly.join(', ')}`,
  )
  const browser = await fetch(`${url}/oidc/login`, { redirect: 'manual' })
  await browser.arrayBuffer()
  check(browser.status === 302, `127.0.0.1 was refused too (${browser.status}): the limit did not key on the client`)
  const [key] = await redis.keys(`${redisPrefix}rate-limit:*login-starts:127.0.0.2`)
  const counted = key && (await redis.get(key))
  say(
    `✓ sign-in starts count across replicas: 127.0.0.2 got ${allowed} through nginx, then 429, and 429 from each of ${names} asked directly`,
  )
  say(`  (Redis counts ${counted} under ${key}); 127.0.0.1 still starts one: the limit is per client, not per nginx`)

  const perReplica: string[] = []
  let total = 0
  for (const replica of replicas) {
    const strangers = replica.part.lines.filter((l) => l.replica !== replica.name)
    check(strangers.length === 0, `${replica.name} wrote ${strangers.length} lines naming another replica`)
    check(
      replica.part.lines.some((l) => l.event === 'login-limited'),
      `${replica.name} wrote no login-limited line`,
    )
    perReplica.push(`${replica.name} ${replica.part.lines.length}`)
    total += replica.part.lines.length
  }
  say(`✓ ${total} audit lines, each naming the replica that wrote it (${perReplica.join(', ')}), a login-limited one on each`)

  // nginx logs a request once its answer is out: by now everything above is in its log
  const upstreamOf = new Map(replicas.map((r) => [`127.0.0.1:${r.port}`, r.name]))
  const spread = new Map(replicas.map((r) => [r.name, 0]))
  const entries = accessLog().map((entry) => entry.split(' '))
  for (const [client, method, path, code, upstream] of entries) {
    if (client === '127.0.0.2' && method === 'GET' && path === '/oidc/login' && code === '302') {
      const name = upstreamOf.get(upstream)!
      spread.set(name, spread.get(name)! + 1)
    }
  }
  // alice's sign-in, the first requests of the log: its flow cookie carried it from replica to replica
  const served = (path: string) => upstreamOf.get(entries.find((entry) => entry[2] === path)?.[4] ?? '') ?? 'the IdP'
  say(`✓ nginx's log: her sign-in started on ${served('/oidc/login')}, went through the IdP, and finished on ${served('/oidc/callback')};`)
  say(`  round robin spread the ${allowed} starts from 127.0.0.2 as ${[...spread].map(([name, n]) => `${n} to ${name}`).join(', ')}`)
}
