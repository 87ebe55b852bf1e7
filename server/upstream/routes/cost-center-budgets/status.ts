import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { budgetFigures, monthProgress, thresholdsOf } from '../../../../shared/rules/budgets.js'
import type { BudgetStatusAnswer, BudgetStatusQuery } from '../../../../shared/schemas/budget-status.js'
import { budgetsSql, type BudgetRow } from '../../db/records/budgets.js'
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
