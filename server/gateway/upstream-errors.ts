import type { Readable } from 'node:stream'

/** how much of an upstream 5xx body the log keeps */
const LOGGED_ERROR_BYTES = 16 * 1024

interface ErrorReply {
  request: { id: string; log: { error(details: object, message: string): void } }
  removeHeader(name: string): unknown
  code(status: number): { send(body: unknown): unknown }
}

/**
 * An upstream 5xx answer's body can hold stack traces, file paths and SQL: it goes to the log,
 * and the client gets the gateway's own error with the request id that finds it there.
 */
export function replaceServerError(reply: ErrorReply, status: number, body?: Readable, text?: string): void {
  const { request } = reply
  if (body) {
    const kept: Buffer[] = []
    let size = 0
    body.on('data', (chunk: Buffer) => {
      if (size < LOGGED_ERROR_BYTES) kept.push(chunk.subarray(0, LOGGED_ERROR_BYTES - size))
      size += chunk.length
    })
    body.once('close', () => request.log.error({ status, upstreamBody: Buffer.concat(kept).toString() }, 'upstream server error'))
    body.resume()
  } else request.log.error({ status, upstreamBody: text?.slice(0, LOGGED_ERROR_BYTES) }, 'upstream server error')
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-disposition', 'etag']) reply.removeHeader(name)
  reply.code(status).send({ error: 'Upstream error', statusCode: status, requestId: request.id })
}
