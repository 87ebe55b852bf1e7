import { BudgetStatusAnswerSchema, BudgetStatusQuerySchema } from '../schemas/budget-status.js'
import type { CallDomain } from './types.js'

export const costCenterBudgetCalls = {
  model: 'cost_center_budgets',
  calls: {
    // issue 42 item 3: the Spend screen's and the cost center page's budgets, read from monthly_spend (migration 055)
    status: {
      method: 'GET',
      role: 'viewer',
      path: 'cost_center_budgets/status',
      summary: "Each budget's month to date, run-rate forecast and thresholds crossed",
      description:
        'For `month` (yyyy-MM, default: this month, UTC), each cost center budget with `spent`: the bills of its cost center ' +
        "dated in the month, in the budget's currency only (bills in other currencies are never converted); `forecast`: spent / " +
        'days elapsed (today counts) × days of the month, equal to spent for a month gone by, null for one not begun; `crossed` ' +
        "and `forecast_crossed`: the budget's thresholds (percents of its amount) reached, exactly at one counts. Filters: " +
        'business_unit (id), owner (the cost center owner email), identifier (the cost center). The most spent first.',
      query: BudgetStatusQuerySchema,
      answer: BudgetStatusAnswerSchema,
    },
  },
} as const satisfies CallDomain
