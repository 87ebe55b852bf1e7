import { sql } from 'drizzle-orm'
import { countGroups, keepMonth } from '../records/chargeability.js'
import { rows, type Executor } from '../records/rows.js'

/**
 * The Chargeability screen compares this month with the counts kept last month (migration 058), which
 * a new portal has not kept yet: the demo's are what the demo records count as of last month's last
 * instant (the same SQL as a read), so a first start shows the trend. Never over a kept month.
 */
export async function seedChargeabilityMonth(db: Executor, now: Date): Promise<void> {
  const [kept] = await rows(db, sql`SELECT 1 FROM chargeability_months LIMIT 1`)
  if (kept) return
  const endOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000)
  await keepMonth(db, endOfLastMonth, await countGroups(db, endOfLastMonth))
}
