/** Cost center budgets with their month's spend (issue 42 item 3): the SQL the status call and the owners' digest share. */
import { sql, type SQL } from 'drizzle-orm'
import type { BudgetStatusQuery } from '../../../../shared/schemas/budget-status.js'

export interface BudgetRow {
  id: number
  cost_center_id: number
  identifier: string
  currency: string
  amount: string
  thresholds: string
  spent: string
  /** the cost center's owner (its cloud contact's address, lower case), null without one */
  owner: string | null
  count: string
}

/** The filters of a query, on the budget's cost center (alias cc): its business unit and owner, as the cost center says. */
function filtersSql(q: BudgetStatusQuery): SQL {
  const parts: SQL[] = []
  if (q.business_unit !== undefined) parts.push(sql`cc.business_units_id = ${q.business_unit}`)
  if (q.identifier !== undefined) parts.push(sql`lower(cc.identifier) = lower(${q.identifier})`)
  if (q.owner !== undefined)
    parts.push(sql`cc.cloud_contact_id IN (SELECT c.id FROM cloud_contacts c WHERE lower(c.email) = lower(${q.owner}))`)
  return parts.reduce((all, part) => sql`${all} AND ${part}`, sql``)
}

/**
 * The budgets of a query with their month's spend: per budget, the sum of the few monthly_spend rows
 * (one per provider and business unit) of its cost center, month and currency (migration 055's
 * (lower(identifier), month) index), never the bills. Bills whose currency is written in small
 * letters count as the same code.
 */
export function budgetsSql(q: BudgetStatusQuery, month: string, page: { limit: number; offset: number }): SQL {
  return sql`WITH b AS (
      SELECT b.id, b.cost_center_id, cc.identifier, b.currency, b.amount, b.thresholds,
        (SELECT lower(c.email) FROM cloud_contacts c WHERE c.id = cc.cloud_contact_id) AS owner,
        coalesce((SELECT sum(s.amount) FROM monthly_spend s
                  WHERE lower(s.identifier) = lower(cc.identifier) AND s.month = ${`${month}-01`}::date
                    AND upper(s.currency) = b.currency), 0) AS spent
      FROM cost_center_budgets b JOIN cost_centers cc ON cc.id = b.cost_center_id
      WHERE true ${filtersSql(q)})
    SELECT id, cost_center_id, identifier, currency, amount::text, thresholds, spent::text, owner, count(*) OVER ()::text AS count
    FROM b ORDER BY spent / amount DESC, lower(identifier), currency
    LIMIT ${page.limit} OFFSET ${page.offset}`
}
