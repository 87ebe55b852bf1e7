/**
 * The gateway bench's second baseline: the least a Node proxy does per call, in cluster workers as
 * `GATEWAY_WORKERS` runs the gateway. node:http takes the call, undici's pool asks the upstream,
 * the answer is read whole and sent in one write, and one JSON line per call goes to stdout (the
 * gateway's audit line, without its fields). No session, allowlist, headers or metrics: what this
 * reaches on a machine bounds what any Node gateway reaches there.
 * Env: PORT, UPSTREAM_URL, WORKERS (2).
 */
import cluster from 'node:cluster'
import { createServer } from 'node:http'
import { Pool } from 'undici'

const { PORT, UPSTREAM_URL, WORKERS = '2' } = process.env

if (cluster.isPrimary) {
  for (let i = 0; i < Number(WORKERS); i++) cluster.fork()
} else {
  const pool = new Pool(UPSTREAM_URL!, { connections: 64 })
  createServer(async (request, response) => {
    const path = request.url!.replace(/^\/api/, '')
    const { statusCode, headers, body } = await pool.request({ method: 'GET', path })
    const answer = Buffer.from(await body.arrayBuffer())
    response.writeHead(statusCode, { 'content-type': String(headers['content-type']), 'content-length': answer.length })
    response.end(answer)
    process.stdout.write(`${JSON.stringify({ time: Date.now(), method: request.method, url: request.url, status: statusCode })}\n`)
  }).listen(Number(PORT), '127.0.0.1')
}
