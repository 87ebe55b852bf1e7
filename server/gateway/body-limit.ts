import { Transform, type TransformCallback } from 'node:stream'
import { bodyGarbage } from './young-garbage.js'

/** The error a proxied body raises past the cap; the proxy's error handler turns it into 413. */
export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE'
  readonly statusCode = 413
  constructor(limit: number) {
    super(`Request body larger than ${limit} bytes`)
  }
}

/**
 * Counts the bytes of a streamed request body (a proxied body, an upload's file) and fails past
 * `limit`. Proxied bodies bypass Fastify's bodyLimit, and a chunked body has no Content-Length to
 * check up front. A long body's chunks are collected as it goes (young-garbage.ts).
 */
export class CountingLimit extends Transform {
  bytes = 0
  private readonly collect = bodyGarbage()
  constructor(private readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length
    this.collect(chunk.length)
    if (this.bytes > this.limit) return done(new BodyTooLargeError(this.limit))
    done(null, chunk)
  }
}
