import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'

/** The error an upload's file raises past the cap; the upload answers 413. */
export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE'
  readonly statusCode = 413
  constructor(limit: number) {
    super(`Request body larger than ${limit} bytes`)
  }
}

/** Counts the bytes of a streamed body (an upload's file) and fails past `limit`. */
export class CountingLimit extends Transform {
  bytes = 0
  constructor(private readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length
    if (this.bytes > this.limit) return done(new BodyTooLargeError(this.limit))
    done(null, chunk)
  }
}

/**
 * Why a request body was not read whole: 413 past the size, 499 when the client left. (A body
 * that stops coming is answered 408 by stalled-bodies.ts, for every route; its connection then
 * closes, and the read ends as 499.)
 */
export class BodyReadError extends Error {
  constructor(readonly statusCode: 413 | 499) {
    super(statusCode === 413 ? 'Payload Too Large' : 'the client left mid-body')
  }
}

export interface BodyLimits {
  bytes: number
}

/**
 * A request body read whole, within `limits`, before anything goes upstream: a body that comes
 * slowly, or stops coming, then holds its bytes here (until stalled-bodies.ts times it out), never
 * an upstream connection (issue 28: 130 stalled bodies held all 128 and stopped /api for everyone).
 * `counted.bytesIn` is the bytes read so far, kept up as they come (the audit line reads it
 * whenever the call ends).
 */
export function readBody(raw: IncomingMessage, limits: BodyLimits, counted: { bytesIn: number }): Promise<Buffer> {
  // the checks before this wait (the session, the token): a client that left meanwhile has closed already
  if (raw.destroyed) return Promise.reject(new BodyReadError(499))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const done = (error?: BodyReadError) => {
      raw.off('data', data)
      raw.off('end', ended)
      raw.off('close', closed)
      if (!error) return resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))
      raw.pause()
      reject(error)
    }
    const data = (chunk: Buffer) => {
      counted.bytesIn += chunk.length
      if (counted.bytesIn > limits.bytes) return done(new BodyReadError(413))
      chunks.push(chunk)
    }
    const ended = () => done()
    const closed = () => done(new BodyReadError(499))
    raw.on('data', data)
    raw.once('end', ended)
    raw.once('close', closed)
  })
}
