import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { FastifyRequest } from 'fastify'
import { clockedRateLimitStore } from '../rate-limit-store.js'

export interface RateLimitsOptions {
  /** the gateway's clock: the in-process counters' windows run on it, so tests move it */
  now: () => number
  /** a Redis every replica reaches: the counters live there, so N replicas allow what one does */
  redisUrl?: string
  /** the start of this portal's keys in that Redis */
  keyPrefix: string
}

/**
 * @fastify/rate-limit, off by default: routes that start sign-ins or check passwords opt in with
 * their own limits (`fastify.rateLimit({...})` as a hook), so a flood answers 429 with Retry-After
 * instead of filling the IdP's state or guessing passwords.
 *
 * With REDIS_URL the counters are the library's Redis store, shared by every replica (its windows
 * run on Redis's clock); without it each process counts its own, on the gateway's clock which tests
 * move, so N replicas (or GATEWAY_WORKERS) let N times the limit through.
 * A Redis that stops answering lets requests through uncounted (`skipOnError`) rather than taking
 * sign-in down with it; the gateway's log says so.
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (fastify, opts) => {
    if (!opts.redisUrl) {
      await fastify.register(rateLimit, { global: false, store: clockedRateLimitStore(opts.now) })
      return
    }
    const redis = new Redis(opts.redisUrl, {
      // a command waits for one reconnection at most, so a Redis outage delays a sign-in briefly, not for good
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    })
    let lastError = ''
    redis.on('error', (err: Error) => {
      // ioredis reports every failed reconnection (one every 2 s at most): one line per new cause
      if (err.message === lastError) return
      lastError = err.message
      fastify.log.warn({ err }, 'rate limits: Redis unreachable, counting nothing until it answers')
    })
    redis.on('ready', () => (lastError = ''))
    fastify.addHook('onClose', async () => {
      // QUIT lets the replies on their way arrive; a Redis that is gone gets no goodbye to wait for
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
      else redis.disconnect()
    })
    await fastify.register(rateLimit, { global: false, redis, nameSpace: `${opts.keyPrefix}rate-limit:`, skipOnError: true })
  },
  { name: 'rate-limits' },
)

/**
 * A limit's key: its name and the caller's address (the library's own key, IPv6 by /64). The
 * library's Redis store gives every `fastify.rateLimit()` the same prefix, so without a name two
 * limits would count each other's requests there.
 */
export const limitKey = (name: string) => (request: FastifyRequest) => `${name}:${normalizeIP(request.ip)}`

/** /oidc/login: each call starts a sign-in at the IdP (state kept there); a person needs a few. */
export const LOGIN_STARTS_PER_MINUTE = 60

/**
 * Tries of the member self-service link (issue 27 item 6), in windows of 15 minutes: a member needs
 * one (a link is single use), or a few when a field is refused; an office behind one address holds
 * many members. Past either limit the try waits, whatever its link.
 */
export const SELF_SERVICE_TRIES = { perMember: 10, perAddress: 60, windowMs: 15 * 60_000 }
