import type { FastifyInstance } from 'fastify'
import { auditBatches } from './audit-batches.js'
import { PostgresAuditLines, PRUNE_EVERY_MS } from './audit-store.js'

/** a batch goes at this many lines, or this long after its first line: the screen is that far behind at most */
export const AUDIT_BATCH_LINES = 500
export const AUDIT_BATCH_MS = 250

declare module 'fastify' {
  interface FastifyInstance {
    /** resolves once the audit lines written so far are in the gateway's database (tests and the benchmark wait on it) */
    auditStored(): Promise<void>
  }
}

/**
 * The audit lines' way into GATEWAY_DATABASE_URL's table: the store opened (and pruned) before the
 * gateway serves, a sink the audit plugin hands each line to, batched off the request path, and a
 * prune every hour; the sink's close, after the audit plugin's last line, writes what waits and ends
 * the pool.
 */
export async function auditSink(app: FastifyInstance, databaseUrl: string, retentionDays: number, now: () => number) {
  const lines = new PostgresAuditLines(databaseUrl, retentionDays, now)
  await lines.open()
  const batches = auditBatches((batch) => lines.insert(batch), {
    maxLines: AUDIT_BATCH_LINES,
    maxMs: AUDIT_BATCH_MS,
    onError: (error, count) => app.log.error({ err: error, lines: count }, 'audit lines not stored in the gateway database'),
  })
  const pruning = setInterval(() => {
    lines.prune().catch((error: unknown) => app.log.error({ err: error }, 'old audit lines not deleted'))
  }, PRUNE_EVERY_MS).unref()
  app.decorate('auditStored', () => batches.flush())
  const sink = {
    add: (line: string) => batches.add(line),
    async close() {
      clearInterval(pruning)
      await batches.flush()
      await lines.close()
    },
  }
  return { lines, sink }
}
