/** The billing dashboard's call (spec 001 §2): its query, checked by the upstream, and its answer. */
import { Type } from '@sinclair/typebox'

const DAY = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })

/** GET /cloud_bills/spend?key=all&startDate=yyyy-MM-dd&endDate=yyyy-MM-dd */
export const SpendQuerySchema = Type.Object(
  { key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), startDate: DAY, endDate: DAY },
  { additionalProperties: false },
)

export interface SpendGroup {
  identifier: string
  amount: number
  bills: number
}

export interface SpendAnswer {
  data: SpendGroup[]
  /**
   * currency: what the window's bills are in (null when none names a currency, or when they name
   * several: mixedCurrencies, summed as they are)
   */
  meta: { identifiers: number; total: number; currency: string | null; mixedCurrencies: boolean }
}
