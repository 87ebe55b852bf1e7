import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1]

/**
 * @fastify/rate-limit's in-process counting (fixed windows per key, as its LocalStore counts) on the
 * gateway's clock, which its LocalStore cannot take: tests move the clock past a window instead of
 * waiting it out. Each limiter gets its own store (child), so two limiters never share a key. At
 * most `maxKeys` windows per limiter: a flood of addresses first drops the windows that are over,
 * then the oldest, rather than growing without end. The gateway's limits use neither
 * continueExceeding nor exponential backoff, so neither is done here.
 */
export function clockedRateLimitStore(now: () => number, maxKeys = 5000): FastifyRateLimitStoreCtor {
  class ClockedStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, { count: number; endMs: number }>()

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const at = now()
      let window = this.windows.get(key)
      if (!window || window.endMs <= at) {
        this.makeRoom(at)
        window = { count: 0, endMs: at + timeWindow }
        // re-inserted, so that the Map's order stays the windows' order
        this.windows.delete(key)
        this.windows.set(key, window)
      }
      window.count++
      callback(null, { current: window.count, ttl: window.endMs - at })
    }

    child(): FastifyRateLimitStore {
      return new ClockedStore()
    }

    private makeRoom(at: number) {
      if (this.windows.size < maxKeys) return
      for (const [key, window] of this.windows) if (window.endMs <= at) this.windows.delete(key)
      if (this.windows.size >= maxKeys) this.windows.delete(this.windows.keys().next().value!)
    }
  }
  return ClockedStore
}
