import { STATUS_CODES } from 'node:http'
import type { Readable } from 'node:stream'

/** the upstream's headers that describe its body: an answer whose body the gateway replaces drops them */
export const CONTENT_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-disposition', 'etag']

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
  for (const name of CONTENT_HEADERS) reply.removeHeader(name)
  reply.code(status).send({ error: 'Upstream error', statusCode: status, requestId: request.id })
}

/**
 * An upstream 4xx's body as the client gets it: only the documented error fields (ErrorSchema in
 * shared/schemas/common.ts, what the web reads): `error` (the message people see), `statusCode` (the
 * status that went out) and `fields` (per-field messages, strings only). Anything else an upstream
 * adds (a stack, a query, an internal id) stays behind; a body without a message gets the status's name.
 */
export function clientError(status: number, json: unknown): { error: string; statusCode: number; fields?: Record<string, string> } {
  const body = json && typeof json === 'object' ? (json as { error?: unknown; fields?: unknown }) : {}
  const error = typeof body.error === 'string' && body.error !== '' ? body.error : (STATUS_CODES[status] ?? 'Error')
  const given = body.fields && typeof body.fields === 'object' ? Object.entries(body.fields) : []
  const fields = Object.fromEntries(given.filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  return { error, statusCode: status, ...(Object.keys(fields).length > 0 && { fields }) }
}
