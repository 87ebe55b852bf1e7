/** Headers by allowlist, both ways, and upstream 5xx bodies replaced by the gateway's own error. */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import t from 'tap'
import { startGateway } from '../../../helper.js'
import { automationToken } from '../../../lib/sign-in.js'

t.test('only the contract’s headers cross the gateway, either way', async (t) => {
  const seen: IncomingHttpHeaders[] = []
  const upstream = createServer((req, res) => {
    seen.push(req.headers)
    if (req.url?.startsWith('/departments/8')) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
      return res.end('{"error":"Service Unavailable","statusCode":503}')
    }
    if (req.url?.startsWith('/departments/9')) {
      res.writeHead(500, { 'content-type': 'text/plain', 'x-debug': 'on' })
      return res.end('Error: boom\n    at /srv/upstream/app.js:42:7 (SELECT * FROM secrets)')
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      etag: 'W/"v7"',
      'set-cookie': 'upstream_session=abc; Path=/',
      'content-security-policy': 'default-src *',
      'x-powered-by': 'Upstream/1.0',
      'x-internal-host': 'db-7.internal',
      'access-control-allow-origin': '*',
    })
    res.end('{"data":{"id":1}}')
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => (upstream.closeAllConnections(), upstream.close(resolve))))
  const gw = await startGateway(t, `http://127.0.0.1:${(upstream.address() as { port: number }).port}`)
  const token = await automationToken(gw.baseUrl)

  const answer = await fetch(`${gw.baseUrl}/api/departments/1`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'if-match': 'W/"v6"',
      'access-token': 'forged',
      client: 'forged',
      'X-HTTP-Method-Override': 'DELETE',
      'X-Rewrite-URL': '/admin',
      'X-Goog-Authenticated-User-Email': 'mallory@evil.example',
      'user-agent': 'script/1.0',
    },
    body: '{"name":"x"}',
  })
  t.equal(answer.status, 200)
  t.same(
    Object.keys(seen[0]).sort(),
    ['accept', 'authorization', 'connection', 'content-length', 'content-type', 'host', 'if-match', 'uid', 'x-request-id'],
    'the upstream sees the body’s description, the precondition, and the gateway’s own',
  )
  t.equal(seen[0]['if-match'], 'W/"v6"')
  t.equal(answer.headers.get('etag'), 'W/"v7"', 'the version comes back')
  t.equal(answer.headers.get('set-cookie'), null)
  t.equal(answer.headers.get('x-powered-by'), null)
  t.equal(answer.headers.get('x-internal-host'), null)
  t.equal(answer.headers.get('access-control-allow-origin'), null)
  t.notMatch(answer.headers.get('content-security-policy') ?? '', /default-src \*/, 'the gateway’s own CSP, not the upstream’s')
  t.equal(answer.headers.get('cache-control'), 'no-store')
  t.equal(answer.headers.get('x-request-id'), seen[0]['x-request-id'], 'the request id the upstream saw comes back')
  const line = await gw.auditLine((l) => l.method === 'PUT')
  t.equal(line.reqId, seen[0]['x-request-id'], 'and names the audit line')
  t.same(await answer.json(), { data: { id: 1 } })

  const failed = await fetch(`${gw.baseUrl}/api/departments/9`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(failed.status, 500)
  const body = (await failed.json()) as { requestId: string }
  t.same(body, { error: 'Upstream error', statusCode: 500, requestId: body.requestId }, 'the gateway’s error, not the stack')
  t.equal(failed.headers.get('x-debug'), null)
  const failedLine = await gw.auditLine((l) => l.path === '/api/departments/9')
  t.equal(failedLine.reqId, body.requestId, 'the request id leads to the audit line (and the logged original)')
  t.equal(failedLine.status, 500)
  t.equal(failed.headers.get('x-request-id'), body.requestId)

  // the upstream's database out of reach: its 503 and when to try again reach the caller
  const unavailable = await fetch(`${gw.baseUrl}/api/departments/8`, { headers: { authorization: `Bearer ${token}` } })
  const unavailableBody = (await unavailable.json()) as { requestId: string }
  t.same(
    [unavailable.status, unavailable.headers.get('retry-after'), unavailableBody],
    [503, '5', { error: 'Upstream error', statusCode: 503, requestId: unavailableBody.requestId }],
  )
})
