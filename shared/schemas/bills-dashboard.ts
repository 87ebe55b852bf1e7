/** The billing dashboard's call (spec 001 §2): its query, checked by the upstream, and its answer. */
import { Type, type Static } from '@sinclair/typebox'

const DAY = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })

/** GET /cloud_bills/spend?key=all&startDate=yyyy-MM-dd&endDate=yyyy-MM-dd */
export const SpendQuerySchema = Type.Object(
  { key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), startDate: DAY, endDate: DAY },
  { additionalProperties: false },
)

/** a bill's currency code as stored; null: the bills name none */
const CurrencySchema = Type.Union([Type.String(), Type.Null()])

/**
 * The spend of a window, per currency: amounts of different currencies are never added together.
 * data: a cost center's spend in one currency (a cost center billed in two has two), by currency
 * (none last), biggest first. meta.identifiers: the cost centers that spent in the window, in any
 * currency; meta.totals: one per currency, in the same order, each with its bills and cost centers.
 */
export const SpendAnswerSchema = Type.Object({
  data: Type.Array(Type.Object({ identifier: Type.String(), currency: CurrencySchema, amount: Type.Number(), bills: Type.Integer() })),
  meta: Type.Object({
    identifiers: Type.Integer(),
    totals: Type.Array(
      Type.Object({ currency: CurrencySchema, amount: Type.Number(), bills: Type.Integer(), identifiers: Type.Integer() }),
    ),
  }),
})
export type SpendAnswer = Static<typeof SpendAnswerSchema>
export type SpendGroup = SpendAnswer['data'][number]
export type SpendTotal = SpendAnswer['meta']['totals'][number]
