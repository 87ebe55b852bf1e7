/** The budgets' status call (issue 42 item 3): its query, checked by the upstream, and its answer. */
import { Type, type Static } from '@sinclair/typebox'

export const BUDGET_STATUS_MAX_PER_PAGE = 1000

/**
 * GET /cost_center_budgets/status?month=yyyy-MM&business_unit=<id>&owner=<email>&identifier=<cost center>&page=1&per_page=50:
 * the Spend screen's filters (a budget counts every provider, so there is no provider filter)
 */
export const BudgetStatusQuerySchema = Type.Object(
  {
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'yyyy-MM' })),
    business_unit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    owner: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: BUDGET_STATUS_MAX_PER_PAGE })),
  },
  { additionalProperties: false },
)
export type BudgetStatusQuery = Static<typeof BudgetStatusQuerySchema>

const PERCENTS = Type.Array(Type.Integer())

/**
 * One row per budget of the filtered cost centers, the most spent (of its amount) first: `spent`,
 * the month's bills of the cost center in the budget's currency; `forecast`, the month's end at the
 * run rate so far (null before the month begins); the thresholds each has reached.
 */
export const BudgetStatusAnswerSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.Integer(),
      cost_center_id: Type.Integer(),
      identifier: Type.String(),
      currency: Type.String(),
      amount: Type.Number(),
      thresholds: PERCENTS,
      spent: Type.Number(),
      spent_percent: Type.Number(),
      forecast: Type.Union([Type.Number(), Type.Null()]),
      forecast_percent: Type.Union([Type.Number(), Type.Null()]),
      crossed: PERCENTS,
      forecast_crossed: PERCENTS,
    }),
  ),
  meta: Type.Object({
    /** the month (yyyy-MM), how many of its days have gone (today counts) and how many it has */
    month: Type.String(),
    elapsed_days: Type.Integer(),
    days: Type.Integer(),
    count: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
  }),
})
export type BudgetStatusAnswer = Static<typeof BudgetStatusAnswerSchema>
export type BudgetStatusRow = BudgetStatusAnswer['data'][number]
