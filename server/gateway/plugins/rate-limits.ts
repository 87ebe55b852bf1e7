import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'

/**
 * @fastify/rate-limit, off by default: routes that start sign-ins or check passwords opt in with
 * their own limits (`fastify.rateLimit({...})` as a hook), so a flood answers 429 with Retry-After
 * instead of filling the IdP's state or guessing passwords. The counters live in this process:
 * each replica limits what reaches it.
 */
export const rateLimitsPlugin = fp(
  async (fastify) => {
    await fastify.register(rateLimit, { global: false })
  },
  { name: 'rate-limits' },
)

/** /oidc/login: each call starts a sign-in at the IdP (state kept there); a person needs a few. */
export const LOGIN_STARTS_PER_MINUTE = 60
