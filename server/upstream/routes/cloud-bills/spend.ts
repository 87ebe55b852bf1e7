import type { Static } from '@sinclair/typebox'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { SpendAnswer, SpendQuerySchema } from '../../../../shared/schemas/bills-dashboard.js'
import { rows } from '../../db/records/rows.js'
import { refuseUnlessDays } from '../days.js'
import { HttpError } from '../../http-error.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

/** the most bars (and table rows) one answer carries per currency: the biggest spenders of the window */
export const MAX_SPEND_GROUPS = 1000

/** One row of the statement: part 0 a cost center's spend in a currency, 1 a currency's total, 2 the cost centers in all. */
interface SpendRow {
  part: number
  identifier: string | null
  currency: string | null
  amount: string | null
  bills: number | null
  identifiers: number | null
}

/**
 * The aggregate's statement (the bills bench times it straight on the database beside the route):
 * the window's bills summed per cost center and currency once, then each currency's biggest
 * spenders, each currency's total, and how many cost centers spent at all; in that order.
 */
export function spendSql(startDate: string, endDate: string, key = 'all'): SQL {
  const one = key.toLowerCase() === 'all' ? sql`` : sql` AND identifier = ${key}`
  return sql`WITH spent AS (
               SELECT identifier, currency, sum(amount) AS amount, count(*)::int AS bills
               FROM cloud_bills
               WHERE date >= ${startDate}::date AND date <= ${endDate}::date${one}
               GROUP BY identifier, currency),
             ranked AS (
               SELECT *, row_number() OVER (PARTITION BY currency ORDER BY amount DESC, identifier) AS rank FROM spent)
             SELECT 0 AS part, identifier, currency, amount::text AS amount, bills, NULL::int AS identifiers, rank
             FROM ranked WHERE rank <= ${MAX_SPEND_GROUPS}
             UNION ALL
             SELECT 1, NULL, currency, sum(amount)::text, sum(bills)::int, count(*)::int, 0 FROM spent GROUP BY currency
             UNION ALL
             SELECT 2, NULL, NULL, NULL, NULL, count(DISTINCT identifier)::int, 0 FROM spent
             ORDER BY part, currency NULLS LAST, rank`
}

/**
 * GET /cloud_bills/spend?key=all|<identifier>&startDate=yyyy-MM-dd&endDate=yyyy-MM-dd (the billing
 * dashboard, spec 001 §2; the spec's GET /cloud_bills with key, startDate, endDate, answered as the
 * aggregate it is): the spend per cost center and currency of the bills dated in the window, both
 * days included, summed in SQL over the (date, identifier) INCLUDE (amount, currency) index, and one
 * total per currency (shared/schemas/bills-dashboard.ts): amounts of two currencies are never added.
 */
export const billSpendRoute: FastifyPluginAsync = async (app) => {
  app.route<{ Querystring: Static<typeof SpendQuerySchema> }>({
    ...declaredRoute(CALLS.cloudBills.calls.spend),
    schemaErrorFormatter: bodyErrorFormatter({ key: 'Identifier', startDate: 'Start date', endDate: 'End date' }),
    handler: async (request): Promise<SpendAnswer> => {
      const { key = 'all', startDate, endDate } = request.query
      refuseUnlessDays({ startDate: [startDate, 'Start date'], endDate: [endDate, 'End date'] })
      if (endDate < startDate)
        throw new HttpError(400, 'The end date is before the start date', { endDate: 'End date must not be before the start date' })
      const found = await rows<SpendRow>(app.database.db, spendSql(startDate, endDate, key))
      const of = (part: number) => found.filter((r) => Number(r.part) === part)
      return {
        data: of(0).map((g) => ({ identifier: g.identifier!, currency: g.currency, amount: Number(g.amount), bills: g.bills! })),
        meta: {
          identifiers: of(2)[0]?.identifiers ?? 0,
          totals: of(1).map((g) => ({ currency: g.currency, amount: Number(g.amount), bills: g.bills!, identifiers: g.identifiers! })),
        },
      }
    },
  })
}
