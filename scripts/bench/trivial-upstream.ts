/**
 * The gateway bench's upstream: a fixed 20-row JSON list answered from memory, in a process of its
 * own, so that its garbage collection pauses are its own and not the bench's (wrk's figures, the
 * IdP's answers), and every proxy measured meets the same one. Env: PORT.
 */
import { createServer } from 'node:http'

const ROWS = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Department ${i + 1}`, abbreviation: `D${i + 1}` }))
const LIST = JSON.stringify({ data: ROWS, meta: { total: 20, page: 1, per_page: 20 } })

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(LIST) })
  res.end(LIST)
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
