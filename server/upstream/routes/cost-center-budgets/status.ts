import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { budgetFigures, monthProgress, thresholdsOf } from '../../../../shared/rules/budgets.js'
import type { BudgetStatusAnswer, BudgetStatusQuery } from '../../../../shared/schemas/budget-status.js'
import { rows } from '../../db/records/rows.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const LABELS = {
  month: 'Month',
  business_unit: 'Business unit',
  owner: 'Owner',
  identifier: 'Identifier',
  page: 'Page',
  per_page: 'Per page',
}

interface BudgetRow {
  id: number
  cost_center_id: number
  identifier: string
  currency: string
  amount: string
  thresholds: string
  spent: string
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
function budgetsSql(q: BudgetStatusQuery, month: string, page: { limit: number; offset: number }): SQL {
  return sql`WITH b AS (
      SELECT b.id, b.cost_center_id, cc.identifier, b.currency, b.amount, b.thresholds,
        coalesce((SELECT sum(s.amount) FROM monthly_spend s
                  WHERE lower(s.identifier) = lower(cc.identifier) AND s.month = ${`${month}-01`}::date
                    AND upper(s.currency) = b.currency), 0) AS spent
      FROM cost_center_budgets b JOIN cost_centers cc ON cc.id = b.cost_center_id
      WHERE true ${filtersSql(q)})
    SELECT id, cost_center_id, identifier, currency, amount::text, thresholds, spent::text, count(*) OVER ()::text AS count
    FROM b ORDER BY spent / amount DESC, lower(identifier), currency
    LIMIT ${page.limit} OFFSET ${page.offset}`
}

/**
 * GET /cost_center_budgets/status (issue 42 item 3): each budget's month to date, run-rate forecast
 * and thresholds crossed, for `month` (default: the clock's month, UTC); the arithmetic is the
 * shared rule's (shared/rules/budgets.ts), the clock the app's, so tests fix the day.
 */
export const budgetStatusRoute: FastifyPluginAsync = async (app) => {
  app.route<{ Querystring: BudgetStatusQuery }>({
    ...declaredRoute(CALLS.costCenterBudgets.calls.status),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request): Promise<BudgetStatusAnswer> => {
      const q = request.query
      const now = app.clock()
      const month = q.month ?? now.toISOString().slice(0, 7)
      const progress = monthProgress(month, now)
      const page = q.page ?? 1
      const perPage = q.per_page ?? 50
      const found = await rows<BudgetRow>(app.database.db, budgetsSql(q, month, { limit: perPage, offset: (page - 1) * perPage }))
      return {
        data: found.map((r) => {
          const [amount, spent, thresholds] = [Number(r.amount), Number(r.spent), thresholdsOf(r.thresholds)]
          return {
            id: Number(r.id),
            cost_center_id: Number(r.cost_center_id),
            identifier: r.identifier,
            currency: r.currency,
            amount,
            thresholds,
            spent,
            ...budgetFigures(spent, amount, thresholds, progress),
          }
        }),
        meta: {
          month,
          elapsed_days: progress.elapsed,
          days: progress.days,
          count: found.length > 0 ? Number(found[0].count) : 0,
          page,
          per_page: perPage,
        },
      }
    },
  })
}
