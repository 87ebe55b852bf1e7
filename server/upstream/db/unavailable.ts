/** Node's codes for a server that cannot be reached or went away mid-conversation. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])

/**
 * PostgreSQL's SQLSTATEs for "not now": connection exceptions (class 08), an administrator's or a
 * crash's shutdown, a server still starting, and no connection slot left.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** node-postgres's own texts for a connection lost or never made in time (they carry no code). */
const LOST_CONNECTION = /^Connection terminated|timeout exceeded when trying to connect/

/**
 * Whether `error` (or what caused it: drizzle wraps the driver's error) says the database cannot be
 * reached right now, as opposed to a query it refused: the first is worth a 503 and a retry, the
 * second is a bug or a bad request.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : ''
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true
  }
  return false
}
