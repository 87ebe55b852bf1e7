import { Transform, type TransformCallback } from 'node:stream'

/** The error a proxied body raises past the cap; the proxy's error handler turns it into 413. */
export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE'
  readonly statusCode = 413
  constructor(limit: number) {
    super(`Request body larger than ${limit} bytes`)
  }
}

/**
 * Counts the bytes of a streamed request body and fails past `limit`. Proxied bodies bypass
 * Fastify's bodyLimit, and a chunked body has no Content-Length to check up front.
 */
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
