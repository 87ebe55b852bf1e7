/**
 * Headers by allowlist, both ways. A blocklist of identity headers let through whatever it did not
 * name (`access-token`, `client`, `X-HTTP-Method-Override`, `X-Rewrite-URL`,
 * `X-Goog-Authenticated-User-Email`…), and let the upstream's `Set-Cookie`, CSP and `X-` headers
 * reach the browser. Only what the HTTP contract needs passes now.
 */

type Headers = Record<string, string | string[] | number | undefined>

/**
 * What a client may send on to the upstream: the body's type and conditional requests. Its framing
 * (Content-Length, Transfer-Encoding) is the gateway's own: the body is read whole before it goes on.
 */
const TO_UPSTREAM = new Set(['content-type', 'accept', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'])

/** What an upstream answer may carry back to the browser. */
const TO_CLIENT = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  // a 503's "try again in": the upstream's database out of reach, say
  'retry-after',
])

function only(headers: Headers, allowed: Set<string>): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (allowed.has(name.toLowerCase()) && value !== undefined) out[name.toLowerCase()] = typeof value === 'number' ? String(value) : value
  }
  return out
}

/** The allowed client headers, then ours: the fixed token, the user, the request id. */
export function upstreamHeaders(headers: Headers, ours: { token: string; uid: string; requestId: string }) {
  return { ...only(headers, TO_UPSTREAM), authorization: `Bearer ${ours.token}`, uid: ours.uid, 'x-request-id': ours.requestId }
}

/** The allowed upstream answer headers; `/api` answers are never stored by a browser or a cache. */
export function clientHeaders(headers: Headers) {
  return { ...only(headers, TO_CLIENT), 'cache-control': 'no-store' }
}
