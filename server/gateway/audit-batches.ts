/**
 * Audit lines on their way to the database (audit-store.ts) in batches, off the request path: a
 * line waits in memory until `maxLines` wait or `maxMs` have passed since the first of them, then
 * they go as one insert. Batches are written one after another, in order. The timer is injected, so
 * tests move time instead of waiting.
 */
export interface BatchTimer {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

export const REAL_TIMER: BatchTimer = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface AuditBatchOptions {
  maxLines: number
  maxMs: number
  timer?: BatchTimer
  /** told of a batch the store refused (the lines stay in stdout and AUDIT_LOG_FILE) */
  onError: (error: unknown, lines: number) => void
}

export interface AuditBatches {
  add(line: string): void
  /** writes what waits; resolves once every batch so far is written (or refused) */
  flush(): Promise<void>
}

export function auditBatches(write: (lines: string[]) => Promise<void>, opts: AuditBatchOptions): AuditBatches {
  const timer = opts.timer ?? REAL_TIMER
  let waiting: string[] = []
  let handle: unknown
  let writing = Promise.resolve()
  function flush(): Promise<void> {
    if (handle !== undefined) timer.clear(handle)
    handle = undefined
    if (waiting.length === 0) return writing
    const batch = waiting
    waiting = []
    writing = writing.then(() => write(batch)).catch((error: unknown) => opts.onError(error, batch.length))
    return writing
  }
  return {
    add(line) {
      waiting.push(line)
      if (waiting.length >= opts.maxLines) void flush()
      else
        handle ??= timer.set(() => {
          handle = undefined
          void flush()
        }, opts.maxMs)
    },
    flush,
  }
}
