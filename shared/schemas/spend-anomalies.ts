/** The spend anomalies call (issue 42 item 2): its query, checked by the upstream, and its answer. */
import { Type, type Static } from '@sinclair/typebox'
import { SPEND_MONTHS } from './monthly-spend.js'

export const ANOMALIES_MAX_PER_PAGE = 200
export const GROWTH_DIMENSIONS = ['provider', 'account', 'line'] as const
export type GrowthDimension = (typeof GROWTH_DIMENSIONS)[number]

/** GET /cloud_bills/spend_anomalies?month=yyyy-MM&months=1&identifier=<cost center>&owner=<email>&page=1&per_page=50 */
export const SpendAnomaliesQuerySchema = Type.Object(
  {
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'yyyy-MM: the last month looked at' })),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: SPEND_MONTHS, description: 'how many months, ending with `month`' })),
    identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    owner: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: ANOMALIES_MAX_PER_PAGE })),
  },
  { additionalProperties: false },
)
export type SpendAnomaliesQuery = Static<typeof SpendAnomaliesQuerySchema>

const NullableString = Type.Union([Type.String(), Type.Null()])

/**
 * One thing that grew in the anomaly's month: a provider, a GL account or a bill line (its line item
 * text, else its reference), its spend in the month against its own median over the anomaly's
 * baseline months, and its share of what grew (the positive increases of its dimension, which add up to 1).
 */
export const GrowthSchema = Type.Object({
  dimension: Type.Union(GROWTH_DIMENSIONS.map((d) => Type.Literal(d))),
  name: Type.String(),
  /** the references (invoice numbers) of its bills in the month */
  references: Type.Array(Type.String()),
  amount: Type.Number(),
  baseline: Type.Number(),
  increase: Type.Number(),
  share: Type.Number(),
})
export type Growth = Static<typeof GrowthSchema>

export const SpendAnomalySchema = Type.Object({
  identifier: Type.String(),
  cost_center_id: Type.Union([Type.Integer(), Type.Null()]),
  /** yyyy-MM */
  month: Type.String(),
  currency: NullableString,
  amount: Type.Number(),
  /** the median of the 6 months before (since its first bill), a month without bills counting 0 */
  baseline: Type.Number(),
  /** how many months the median is of: 6, or fewer (at least 3) since the cost center's first bill */
  baseline_months: Type.Integer(),
  increase: Type.Number(),
  /** amount / baseline; null when the baseline is 0 or below */
  ratio: Type.Union([Type.Number(), Type.Null()]),
  /** what grew, by dimension, largest share first (at most 3 each) */
  grew: Type.Array(GrowthSchema),
  acknowledgement: Type.Union([
    Type.Object({
      id: Type.Integer(),
      note: Type.String(),
      /** who wrote the note last, and when (the change log's latest entry) */
      by: NullableString,
      at: Type.String(),
    }),
    Type.Null(),
  ]),
})
export type SpendAnomaly = Static<typeof SpendAnomalySchema>

export const SpendAnomaliesAnswerSchema = Type.Object({
  data: Type.Array(SpendAnomalySchema),
  meta: Type.Object({
    /** the months looked at, oldest first (yyyy-MM) */
    months: Type.Array(Type.String()),
    count: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    /** the rule applied (ANOMALY_FACTOR, ANOMALY_FLOOR; shared/rules/spend-anomaly.ts) */
    rule: Type.Object({
      factor: Type.Number(),
      floor: Type.Number(),
      baseline_months: Type.Integer(),
      min_history_months: Type.Integer(),
    }),
  }),
})
export type SpendAnomaliesAnswer = Static<typeof SpendAnomaliesAnswerSchema>
