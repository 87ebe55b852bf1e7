import fp from 'fastify-plugin'

export interface SecurityHeadersOptions {
  secure: boolean
}

// Blueprint sets inline style attributes, hence 'unsafe-inline' for styles only; scripts are ours
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const HSTS = 'max-age=31536000; includeSubDomains'

/** Headers on every answer; a route that needs a stricter CSP (the IdP pages) sets its own first. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (fastify, opts) => {
    // on the raw answer as the request arrives: the embedded IdP's answers (hijacked, written by
    // oidc-provider itself) never pass the onSend hook below, and behind https they need it too
    if (opts.secure)
      fastify.addHook('onRequest', (_request, reply, done) => {
        reply.raw.setHeader('strict-transport-security', HSTS)
        done()
      })
    // a callback hook: it runs on every answer, and needs no promise of its own
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP)
      reply.header('x-content-type-options', 'nosniff')
      reply.header('x-frame-options', 'DENY')
      // no-referrer: the member update page carries a credential in its query string
      reply.header('referrer-policy', 'no-referrer')
      reply.header('cross-origin-opener-policy', 'same-origin')
      done(null, payload)
    })
  },
  { name: 'security-headers' },
)
