/**
 * Failed password attempts counted per key in fixed windows (a right password costs nothing). The
 * sign-in form keys them by client address and account together: guesses from one address lock
 * that address out of that account, never the account's owner signing in from elsewhere (issue 28).
 * @fastify/rate-limit counts per address alone (and runs only one limit per request), so this is a
 * small map of its own, bounded so that a flood of made-up keys cannot grow it without end.
 */
export function attemptCounter(max: number, windowMs: number, now: () => number = Date.now, maxKeys = 10_000) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const live = (key: string) => {
    const window = windows.get(key)
    return window && window.resetAt > now() ? window : undefined
  }
  return {
    /** whether the key has used up its failures; when so, the seconds until it may try again */
    blocked(key: string): number | undefined {
      const window = live(key)
      return window && window.count >= max ? Math.ceil((window.resetAt - now()) / 1000) : undefined
    },
    /** counts one failed attempt */
    fail(key: string): void {
      const at = now()
      let window = live(key)
      if (!window || window.resetAt <= at) {
        if (windows.size >= maxKeys) {
          for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k)
          // still full of live windows: the oldest goes (a Map iterates in insertion order)
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!)
        }
        window = { count: 0, resetAt: at + windowMs }
        windows.delete(key)
        windows.set(key, window)
      }
      window.count++
    },
  }
}
