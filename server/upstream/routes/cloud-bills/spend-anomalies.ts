import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { BASELINE_MONTHS, MIN_HISTORY_MONTHS, type AnomalyRule } from '../../../../shared/rules/spend-anomaly.js'
import type { SpendAnomaliesAnswer, SpendAnomaliesQuery } from '../../../../shared/schemas/spend-anomalies.js'
import { findAnomalies, monthsEnding } from '../../db/records/spend-anomalies.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** when a month is an anomaly: ANOMALY_FACTOR and ANOMALY_FLOOR (app.ts; tests set their own) */
    anomalyRule: AnomalyRule
  }
}

const LABELS = { month: 'Month', months: 'Months', identifier: 'Identifier', owner: 'Owner', page: 'Page', per_page: 'Per page' }

/**
 * GET /cloud_bills/spend_anomalies (issue 42 item 2): the anomalies of the `months` months ending
 * with `month` (default: the clock's month, UTC), the rule of shared/rules/spend-anomaly.ts with the
 * upstream's settings, each with what grew and its acknowledgement.
 */
export const spendAnomaliesRoutes: FastifyPluginAsync = async (app) => {
  app.route<{ Querystring: SpendAnomaliesQuery }>({
    ...declaredRoute(CALLS.cloudBills.calls.spendAnomalies),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request): Promise<SpendAnomaliesAnswer> => {
      const q = request.query
      const months = monthsEnding(q.month ?? app.clock().toISOString().slice(0, 7), q.months ?? 1)
      const page = q.page ?? 1
      const perPage = q.per_page ?? 50
      const rule = app.anomalyRule
      const { anomalies, count } = await findAnomalies(app.database.db, q, months, rule, { limit: perPage, offset: (page - 1) * perPage })
      return {
        data: anomalies,
        meta: {
          months,
          count,
          page,
          per_page: perPage,
          rule: { factor: rule.factor, floor: rule.floor, baseline_months: BASELINE_MONTHS, min_history_months: MIN_HISTORY_MONTHS },
        },
      }
    },
  })
}
