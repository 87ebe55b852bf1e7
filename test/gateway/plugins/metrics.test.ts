/**
 * /metrics (issue 13 item 5): Prometheus text of the gateway's requests by route and status, their
 * latency, upstream failures, the proxy pool, uploads in flight and sessions; only for the configured
 * addresses or a bearer token, a 404 for anyone else.
 */
import t from 'tap'
import { startGateway } from '../../helper.js'
import { signIn } from '../../lib/sign-in.js'
import { statusOf } from '../../lib/status-of.js'
import { startRecordingUpstream } from '../start.js'

/** `name{labels} value` lines of one metric, as a map from the label text to the value */
function samples(text: string, name: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`).exec(line)
    if (match) out[match[1] ?? ''] = Number(match[2])
  }
  return out
}

t.test('metrics: counts by route and status, sessions, failures; scraped from allowed addresses or with the token', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { METRICS_ALLOW: '127.0.0.1', METRICS_TOKEN: 'scrape-secret' } })
  const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  for (const id of [1, 2, 3]) t.equal(await statusOf(fetch(`${gw.baseUrl}/api/departments/${id}`, { headers: { cookie } })), 200)
  t.equal(await statusOf(fetch(`${gw.baseUrl}/api/departments`, { headers: { cookie } })), 200)
  t.equal(await statusOf(fetch(`${gw.baseUrl}/api/no/such/path`, { headers: { cookie } })), 404)
  t.equal(await statusOf(fetch(`${gw.baseUrl}/api/departments`)), 401)
  await upstream.close()
  t.equal(await statusOf(fetch(`${gw.baseUrl}/api/departments`, { headers: { cookie } })), 502, 'the upstream is gone')

  const scrape = await fetch(`${gw.baseUrl}/metrics`)
  t.equal(scrape.status, 200, 'loopback is allowed')
  t.match(scrape.headers.get('content-type'), /^text\/plain; version=0\.0\.4/)
  const text = await scrape.text()
  const requests = samples(text, 'ccoe_gateway_requests_total')
  t.same(
    {
      one: requests['{route="/api/departments/:id",method="GET",status="200"}'],
      list: requests['{route="/api/departments",method="GET",status="200"}'],
      unknown: requests['{route="/api/*",method="GET",status="404"}'],
      refused: requests['{route="/api/departments",method="GET",status="401"}'],
      failed: requests['{route="/api/departments",method="GET",status="502"}'],
    },
    { one: 3, list: 1, unknown: 1, refused: 1, failed: 1 },
    'by route pattern (ids as :id), method and status',
  )
  t.equal(
    samples(text, 'ccoe_gateway_request_duration_seconds_count')['{route="/api/departments/:id",method="GET"}'],
    3,
    'latencies observed',
  )
  t.same(samples(text, 'ccoe_gateway_upstream_failures_total'), { '{kind="error"}': 1, '{kind="timeout"}': 0 })
  t.same(samples(text, 'ccoe_gateway_sessions_total'), { '{event="created"}': 1, '{event="revoked"}': 0 })
  t.same(samples(text, 'ccoe_gateway_uploads_in_flight'), { '': 0 })
  t.same(samples(text, 'ccoe_gateway_upstream_connections_in_use'), { '': 0 })
  t.ok(samples(text, 'ccoe_gateway_process_resident_memory_bytes')[''] > 0, 'and the process figures')
})

t.test('metrics: anyone else gets a 404, a token opens it', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: 'scrape-secret' } })
  t.equal(await statusOf(fetch(`${gw.baseUrl}/metrics`)), 404, 'not an allowed address')
  t.equal(await statusOf(fetch(`${gw.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })), 404, 'a wrong token')
  const withToken = await fetch(`${gw.baseUrl}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } })
  t.equal(withToken.status, 200)
  t.match(await withToken.text(), /^# HELP /m)
})

t.test(
  'metrics move: pool connections and uploads in flight while held, sessions revoked at logout, made-up paths under one label',
  async (t) => {
    const upstream = await startRecordingUpstream(t)
    const gw = await startGateway(t, upstream.url)
    const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
    const scrape = async () => (await fetch(`${gw.baseUrl}/metrics`)).text()

    upstream.holding = true
    const form = new FormData()
    form.append('file', new Blob(['cost_center,network\r\nCC-1,NET-1\r\n'], { type: 'text/csv' }), 'networks.csv')
    const held = [
      fetch(`${gw.baseUrl}/api/departments`, { headers: { cookie } }),
      fetch(`${gw.baseUrl}/api/departments/2`, { headers: { cookie } }),
      fetch(`${gw.baseUrl}/api/upload/cost_center_networks`, { method: 'POST', headers: { cookie }, body: form }),
    ]
    await new Promise<void>((resolve) => {
      const check = () => (upstream.held === 3 ? resolve() : setImmediate(check))
      check()
    })
    const during = await scrape()
    t.same(
      samples(during, 'ccoe_gateway_upstream_connections_in_use'),
      { '': 3 },
      'the two proxied calls and the upload hold a connection each of the one pool',
    )
    t.same(samples(during, 'ccoe_gateway_uploads_in_flight'), { '': 1 }, 'the upload is in flight')
    upstream.release()
    t.same(await Promise.all(held.map(async (answer) => (await answer).status)), [200, 200, 200])
    await gw.auditLine((l) => l.path === '/api/upload/cost_center_networks' && l.status === 200)
    const after = await scrape()
    t.same(samples(after, 'ccoe_gateway_upstream_connections_in_use'), { '': 0 })
    t.same(samples(after, 'ccoe_gateway_uploads_in_flight'), { '': 0 })

    // refused before the allowlist is read (another site's POST): counted, but never under its own path
    for (const path of ['made-up/1', 'made-up-too', 'departments/../x']) {
      const answer = await fetch(`${gw.baseUrl}/api/${path}`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' } })
      t.equal(answer.status, 403, path)
    }
    const logout = await fetch(`${gw.baseUrl}/oidc/logout`, { headers: { cookie }, redirect: 'manual' })
    t.equal(logout.status, 302)
    const text = await scrape()
    t.equal(samples(text, 'ccoe_gateway_requests_total')['{route="/api/*",method="POST",status="403"}'], 3, 'one label for them all')
    t.notMatch(text, /made-up/, 'no label holds a path nobody allowed')
    t.same(samples(text, 'ccoe_gateway_sessions_total'), { '{event="created"}': 1, '{event="revoked"}': 1 }, 'the logout revoked it')
  },
)

t.test('metrics: an allowed address relaying for others (a reverse proxy) needs the token', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { METRICS_ALLOW: '127.0.0.1', METRICS_TOKEN: 'scrape-secret' } })
  t.equal(await statusOf(fetch(`${gw.baseUrl}/metrics`)), 200, 'the loopback scraper itself')
  for (const [name, value] of [
    ['x-forwarded-for', '203.0.113.9'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-real-ip', '203.0.113.9'],
    ['via', '1.1 proxy'],
  ]) {
    t.equal(await statusOf(fetch(`${gw.baseUrl}/metrics`, { headers: { [name]: value } })), 404, name)
  }
  const withToken = fetch(`${gw.baseUrl}/metrics`, {
    headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer scrape-secret' },
  })
  t.equal(await statusOf(withToken), 200, 'with the token it may')
})
