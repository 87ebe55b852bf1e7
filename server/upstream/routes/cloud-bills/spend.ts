import { Type, type Static } from '@sinclair/typebox'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { SpendQuerySchema, type SpendAnswer } from '../../../../shared/schemas/bills-dashboard.js'
import { rows } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'
import { bodyErrorFormatter } from '../body-errors.js'

/** the most bars (and table rows) one answer carries: the biggest spenders of the window */
export const MAX_SPEND_GROUPS = 1000

const AnswerSchema = Type.Object({
  data: Type.Array(Type.Object({ identifier: Type.String(), amount: Type.Number(), bills: Type.Number() })),
  meta: Type.Object({
    identifiers: Type.Number(),
    total: Type.Number(),
    currency: Type.Union([Type.String(), Type.Null()]),
    mixedCurrencies: Type.Boolean(),
  }),
})

interface SpendRow {
  identifier: string
  amount: string
  bills: number
  identifiers: number
  total: string
  /** the first and last currency of the window's bills in order (null: none names one) */
  currency_low: string | null
  currency_high: string | null
}

/** The aggregate's statement (the bills bench times it straight on the database beside the route). */
export function spendSql(startDate: string, endDate: string, key = 'all'): SQL {
  const one = key.toLowerCase() === 'all' ? sql`` : sql` AND identifier = ${key}`
  return sql`SELECT identifier, sum(amount)::text AS amount, count(*)::int AS bills,
                    count(*) OVER ()::int AS identifiers, (sum(sum(amount)) OVER ())::text AS total,
                    min(min(currency)) OVER () AS currency_low, max(max(currency)) OVER () AS currency_high
             FROM cloud_bills
             WHERE date >= ${startDate}::date AND date <= ${endDate}::date${one}
             GROUP BY identifier
             ORDER BY sum(amount) DESC, identifier
             LIMIT ${MAX_SPEND_GROUPS}`
}

/**
 * GET /cloud_bills/spend?key=all|<identifier>&startDate=yyyy-MM-dd&endDate=yyyy-MM-dd (the billing
 * dashboard, spec 001 §2; the spec's GET /cloud_bills with key, startDate, endDate, answered as the
 * aggregate it is): the spend per cost center (identifier) of the bills dated in the window, both
 * days included, biggest first, summed in SQL over the (date, identifier) INCLUDE (amount) index.
 * meta: how many identifiers spent in the window and the window's total, beyond the first MAX_SPEND_GROUPS;
 * the currency the window's bills name (null when none does, or when they name several: mixedCurrencies).
 */
export const billSpendRoute: FastifyPluginAsync<{ resource: ResourceDef }> = async (app, { resource }) => {
  app.get<{ Querystring: Static<typeof SpendQuerySchema> }>(
    `/${resource.path}/spend`,
    {
      schema: { querystring: SpendQuerySchema, response: { 200: AnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ key: 'Identifier', startDate: 'Start date', endDate: 'End date' }),
    },
    async (request): Promise<SpendAnswer> => {
      const { key = 'all', startDate, endDate } = request.query
      if (endDate < startDate)
        throw new HttpError(400, 'The end date is before the start date', { endDate: 'End date must not be before the start date' })
      const groups = await rows<SpendRow>(app.database.db, spendSql(startDate, endDate, key))
      const low = groups[0]?.currency_low ?? null
      const mixedCurrencies = low !== (groups[0]?.currency_high ?? null)
      return {
        data: groups.map((g) => ({ identifier: g.identifier, amount: Number(g.amount), bills: g.bills })),
        meta: {
          identifiers: groups[0]?.identifiers ?? 0,
          total: Number(groups[0]?.total ?? 0),
          currency: mixedCurrencies ? null : low,
          mixedCurrencies,
        },
      }
    },
  )
}
