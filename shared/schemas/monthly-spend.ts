/** The Spend screen's call (issue 42 item 1): its query, checked by the upstream, and its answer. */
import { Type, type Static } from '@sinclair/typebox'
import { BILL_PROVIDERS } from '../resources/cloud-bills.js'

/** how many months the screen shows: the window ends with `month` */
export const SPEND_MONTHS = 12

/** the orders the table offers; a leading '-' reverses one */
export const SPEND_SORTS = ['identifier', 'business_unit', 'provider', 'currency', 'total', 'current', 'change', 'change_percent'] as const
export type SpendSort = (typeof SPEND_SORTS)[number]

export const SPEND_MAX_PER_PAGE = 1000

const MONTH = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'yyyy-MM' })

/**
 * GET /cloud_bills/monthly_spend?month=yyyy-MM&business_unit=<id>&provider=aws&owner=<email>&identifier=<cost center>&sort=-total&page=1&per_page=50
 * (the CSV call takes the same, without paging)
 */
export const MonthlySpendQuerySchema = Type.Object(
  {
    month: Type.Optional(MONTH),
    business_unit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    provider: Type.Optional(Type.Union(BILL_PROVIDERS.map((p) => Type.Literal(p)))),
    owner: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    sort: Type.Optional(Type.Union(SPEND_SORTS.flatMap((s) => [Type.Literal(s), Type.Literal(`-${s}`)]))),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: SPEND_MAX_PER_PAGE })),
  },
  { additionalProperties: false },
)
export type MonthlySpendQuery = Static<typeof MonthlySpendQuerySchema>

/** the same filters for the CSV, which carries every row */
export const MonthlySpendCsvQuerySchema = Type.Omit(MonthlySpendQuerySchema, ['page', 'per_page'], { additionalProperties: false })

const CurrencySchema = Type.Union([Type.String(), Type.Null()])
const MonthsSchema = Type.Array(Type.Number(), { minItems: SPEND_MONTHS, maxItems: SPEND_MONTHS })

/**
 * One row per cost center, business unit, provider and currency that spent in the window: the 12
 * monthly amounts (oldest first, 0 for a month without bills), their sum, and the window's last month
 * against the one before it: `change` its difference, `change_percent` that against the previous
 * month's size, null when the previous month is 0 or absent. meta.totals: one per currency, never
 * added across currencies.
 */
export const MonthlySpendAnswerSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      identifier: Type.String(),
      cost_center_id: Type.Union([Type.Integer(), Type.Null()]),
      business_units_id: Type.Union([Type.Integer(), Type.Null()]),
      business_unit_name: Type.Union([Type.String(), Type.Null()]),
      provider: Type.String(),
      currency: CurrencySchema,
      months: MonthsSchema,
      total: Type.Number(),
      current: Type.Number(),
      previous: Type.Number(),
      change: Type.Number(),
      change_percent: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  meta: Type.Object({
    /** the window's months, oldest first (yyyy-MM) */
    months: Type.Array(Type.String(), { minItems: SPEND_MONTHS, maxItems: SPEND_MONTHS }),
    count: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    totals: Type.Array(
      Type.Object({
        currency: CurrencySchema,
        months: MonthsSchema,
        total: Type.Number(),
        change: Type.Number(),
        change_percent: Type.Union([Type.Number(), Type.Null()]),
      }),
    ),
  }),
})
export type MonthlySpendAnswer = Static<typeof MonthlySpendAnswerSchema>
export type MonthlySpendRow = MonthlySpendAnswer['data'][number]
export type MonthlySpendTotal = MonthlySpendAnswer['meta']['totals'][number]
