import type { IncomingMessage } from 'node:http'

/** How much of a refused body is read and thrown away before the connection is cut instead. */
export const UNREAD_BODY_LIMITS = { bytes: 256 * 1024 * 1024, ms: 30_000 }

/**
 * Before an answer that refuses a body it did not read (413, 503): the rest of the body is read and
 * thrown away, and the answer goes once the client has sent it all. The client, still sending,
 * would otherwise have its socket reset under its writes (EPIPE) and might never read the answer;
 * a Connection: close does exactly that, and a keep-alive answer does too when the client itself
 * asked to close. Bounded: past `bytes` or `ms` it resolves `false` and the caller closes.
 */
export function discardUnreadBody(raw: IncomingMessage, limits = UNREAD_BODY_LIMITS): Promise<boolean> {
  if (raw.complete || raw.destroyed) return Promise.resolve(!raw.destroyed)
  return new Promise((resolve) => {
    let read = 0
    const done = (whole: boolean) => {
      clearTimeout(timer)
      raw.off('data', count)
      raw.off('end', ended)
      raw.off('close', closed)
      if (!whole) raw.pause()
      resolve(whole)
    }
    const count = (chunk: Buffer) => {
      read += chunk.length
      if (read > limits.bytes) done(false)
    }
    const ended = () => done(true)
    const closed = () => done(false)
    const timer = setTimeout(() => done(false), limits.ms)
    raw.on('data', count)
    raw.once('end', ended)
    raw.once('close', closed)
    raw.resume()
  })
}
