import { sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import { rows } from '../../db/records/rows.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** the Spend screen's current window, as the database keeps it (migration 059) */
    spendWindow: SpendWindow
  }
}

export interface SpendWindow {
  /**
   * Whether the database keeps the window ending with `last` (yyyy-MM). When the clock's month has
   * turned, the first read of its window starts the re-base and is answered from monthly_spend, as
   * every read until the re-base has committed.
   */
  keeps(last: string, current: string): Promise<boolean>
  /** resolves when the re-base this process started, if any, has ended */
  settled(): Promise<void>
}

/**
 * The re-base reads every group of monthly_spend (seconds to minutes at a million groups), so no
 * request waits for it: one at a time per process, and across processes the function's lock makes the
 * second find the month already kept.
 */
export const spendWindowPlugin = fp(
  async (app) => {
    let rebasing: Promise<void> | undefined
    const spendWindow: SpendWindow = {
      async keeps(last, current) {
        const kept = await rows<{ month: string }>(app.database.db, sql`SELECT to_char(month, 'YYYY-MM') AS month FROM spend_window_month`)
        if (kept[0]?.month === last) return true
        if (last === current && rebasing === undefined) {
          rebasing = app.database.db
            .execute(sql`SELECT spend_window_rebase(${`${last}-01`}::date)`)
            .then(
              () => app.log.info({ month: last }, 'spend window re-based'),
              (error: unknown) => app.log.error({ err: error, month: last }, 'spend window re-base failed'),
            )
            .finally(() => {
              rebasing = undefined
            })
        }
        return false
      },
      settled: async () => {
        await rebasing
      },
    }
    app.decorate('spendWindow', spendWindow)
    app.addHook('onClose', () => spendWindow.settled())
  },
  { name: 'spend-window', dependencies: ['database'] },
)
