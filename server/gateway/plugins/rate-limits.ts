import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { clockedRateLimitStore } from '../rate-limit-store.js'

/**
 * @fastify/rate-limit, off by default: routes that start sign-ins or check passwords opt in with
 * their own limits (`fastify.rateLimit({...})` as a hook), so a flood answers 429 with Retry-After
 * instead of filling the IdP's state or guessing passwords. The counters live in this process:
 * each replica limits what reaches it. They run on the gateway's clock, which tests move.
 */
export const rateLimitsPlugin = fp<{ now: () => number }>(
  async (fastify, opts) => {
    await fastify.register(rateLimit, { global: false, store: clockedRateLimitStore(opts.now) })
  },
  { name: 'rate-limits' },
)

/** /oidc/login: each call starts a sign-in at the IdP (state kept there); a person needs a few. */
export const LOGIN_STARTS_PER_MINUTE = 60

/**
 * Tries of the member self-service link (issue 27 item 6), in windows of 15 minutes: a member needs
 * one (a link is single use), or a few when a field is refused; an office behind one address holds
 * many members. Past either limit the try waits, whatever its link.
 */
export const SELF_SERVICE_TRIES = { perMember: 10, perAddress: 60, windowMs: 15 * 60_000 }
