import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { BASELINE_MONTHS, MIN_HISTORY_MONTHS, type AnomalyRule } from '../../../../shared/rules/spend-anomaly.js'
import {
  GROWTH_DIMENSIONS,
  type Growth,
  type GrowthDimension,
  type SpendAnomaliesAnswer,
  type SpendAnomaliesQuery,
  type SpendAnomaly,
} from '../../../../shared/schemas/spend-anomalies.js'
import { rows } from '../../db/records/rows.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** when a month is an anomaly: ANOMALY_FACTOR and ANOMALY_FLOOR (app.ts; tests set their own) */
    anomalyRule: AnomalyRule
  }
}

const LABELS = { month: 'Month', months: 'Months', identifier: 'Identifier', owner: 'Owner', page: 'Page', per_page: 'Per page' }
/** what grew: at most this many of each dimension */
const GROWTH_SHOWN = 3

/** The `count` months ending with `last` (yyyy-MM), oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number)
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - count + i, 1)).toISOString().slice(0, 7))
}

function filtersSql(q: SpendAnomaliesQuery): SQL {
  const parts: SQL[] = []
  if (q.identifier !== undefined) parts.push(sql`lower(s.identifier) = lower(${q.identifier})`)
  // the owner is the cost center's (its cloud contact), as on the Spend screen
  if (q.owner !== undefined)
    parts.push(sql`lower(s.identifier) IN (SELECT lower(cc.identifier) FROM cost_centers cc
                     JOIN cloud_contacts c ON c.id = cc.cloud_contact_id WHERE lower(c.email) = lower(${q.owner}))`)
  return parts.reduce((all, part) => sql`${all} AND ${part}`, sql``)
}

interface AnomalyRow {
  identifier: string
  currency: string | null
  month: string
  amount: string
  baseline: string
  cost_center_id: number | null
  ack_id: number | null
  ack_note: string | null
  ack_by: string | null
  ack_at: string | null
  count: string
}

/**
 * The anomalies of the months, read from monthly_spend (migration 055) and never from the bills: each
 * cost center's month and currency in the window, and for each its 6 months before, found by the
 * aggregate's (month, identifier, …) key. The median of exactly 6 values (0 for a month without
 * bills) is the mean of the 3rd and 4th, kept exact in numeric.
 */
function anomaliesSql(q: SpendAnomaliesQuery, months: string[], rule: AnomalyRule, page: { limit: number; offset: number }): SQL {
  return sql`WITH t AS (
      SELECT s.identifier, s.currency, s.month, sum(s.amount) AS amount
      FROM monthly_spend s
      WHERE s.month >= ${`${months[0]}-01`}::date AND s.month <= ${`${months[months.length - 1]}-01`}::date ${filtersSql(q)}
      GROUP BY s.identifier, s.currency, s.month),
    b AS (
      SELECT t.*, h.values[3] / 2 + h.values[4] / 2 AS baseline, h.history
      FROM t CROSS JOIN LATERAL (
        SELECT array_agg(coalesce(m.amount, 0) ORDER BY coalesce(m.amount, 0)) AS values, count(m.amount) AS history
        FROM generate_series(1, ${BASELINE_MONTHS}) AS back(n)
        CROSS JOIN LATERAL (
          SELECT sum(h.amount) AS amount FROM monthly_spend h
          WHERE h.month = (t.month - make_interval(months => back.n))::date
            AND h.identifier = t.identifier AND h.currency IS NOT DISTINCT FROM t.currency) AS m) AS h),
    a AS (
      SELECT * FROM b
      WHERE history >= ${MIN_HISTORY_MONTHS} AND amount >= ${rule.factor} * baseline AND amount - baseline >= ${rule.floor})
    SELECT a.identifier, a.currency, to_char(a.month, 'YYYY-MM') AS month, a.amount::text, a.baseline::text,
      (SELECT cc.id FROM cost_centers cc WHERE lower(cc.identifier) = lower(a.identifier) ORDER BY cc.id LIMIT 1) AS cost_center_id,
      k.id AS ack_id, k.note AS ack_note, c.changed_by AS ack_by, c.changed_at AS ack_at,
      count(*) OVER ()::text AS count
    FROM a
    LEFT JOIN spend_anomaly_acknowledgements k
      ON k.identifier = a.identifier AND date_trunc('month', k.month::timestamp)::date = a.month AND k.currency IS NOT DISTINCT FROM a.currency
    LEFT JOIN LATERAL (
      SELECT rc.changed_by, rc.changed_at FROM record_changes rc
      WHERE rc.model = 'spend_anomaly_acknowledgements' AND rc.record_id = k.id
      ORDER BY rc.changed_at DESC, rc.id DESC LIMIT 1) AS c ON true
    ORDER BY a.month DESC, a.amount - a.baseline DESC, a.identifier, a.currency NULLS LAST
    LIMIT ${page.limit} OFFSET ${page.offset}`
}

interface GrowthRow {
  anomaly: number
  dimension: GrowthDimension
  name: string
  amount: string
  before: string
  references: string[] | null
}

/**
 * What grew in each anomaly of a page: its bills of the month and the 6 before, by provider, GL
 * account and line, read through the (identifier, date) index, one cost center and 7 months each.
 */
function growthSql(anomalies: SpendAnomaly[]): SQL {
  const keys = sql.join(
    anomalies.map((a, i) => sql`(${i}::int, ${a.identifier}::text, ${a.currency}::text, ${`${a.month}-01`}::date)`),
    sql`, `,
  )
  return sql`SELECT v.i AS anomaly, d.dimension, d.name,
      coalesce(sum(b.amount) FILTER (WHERE b.date >= v.month), 0)::text AS amount,
      coalesce(sum(b.amount) FILTER (WHERE b.date < v.month), 0)::text AS before,
      array_agg(DISTINCT b.reference ORDER BY b.reference) FILTER (WHERE b.date >= v.month AND b.reference IS NOT NULL) AS references
    FROM (VALUES ${keys}) AS v(i, identifier, currency, month)
    JOIN cloud_bills b ON b.identifier = v.identifier AND b.currency IS NOT DISTINCT FROM v.currency
      AND b.date >= (v.month - make_interval(months => ${BASELINE_MONTHS}))::date AND b.date < (v.month + interval '1 month')::date
    CROSS JOIN LATERAL (VALUES ('provider', b.provider), ('account', coalesce(b.account, '')),
                               ('line', coalesce(b.line_item, b.reference, ''))) AS d(dimension, name)
    GROUP BY 1, 2, 3`
}

/** Each dimension's increases against its mean over the baseline months; shares of its positive increases. */
function growthOf(rows: GrowthRow[]): Growth[] {
  const grew: Growth[] = []
  for (const dimension of GROWTH_DIMENSIONS) {
    const items = rows
      .filter((r) => r.dimension === dimension)
      .map((r) => {
        const amount = Number(r.amount)
        const baseline = Math.round((Number(r.before) / BASELINE_MONTHS) * 100) / 100
        return {
          dimension,
          name: r.name,
          references: r.references ?? [],
          amount,
          baseline,
          increase: Math.round((amount - baseline) * 100) / 100,
        }
      })
      .filter((g) => g.increase > 0)
    const total = items.reduce((sum, g) => sum + g.increase, 0)
    items.sort((x, y) => y.increase - x.increase || x.name.localeCompare(y.name))
    for (const g of items.slice(0, GROWTH_SHOWN)) grew.push({ ...g, share: Math.round((g.increase / total) * 1000) / 1000 })
  }
  return grew
}

function anomalyOf(r: AnomalyRow): SpendAnomaly {
  const amount = Number(r.amount)
  const baseline = Number(r.baseline)
  return {
    identifier: r.identifier,
    cost_center_id: r.cost_center_id === null ? null : Number(r.cost_center_id),
    month: r.month,
    currency: r.currency,
    amount,
    baseline,
    increase: Number((Number(r.amount) - Number(r.baseline)).toFixed(2)),
    ratio: baseline > 0 ? Math.round((amount / baseline) * 100) / 100 : null,
    grew: [],
    acknowledgement:
      r.ack_id === null
        ? null
        : { id: Number(r.ack_id), note: r.ack_note!, by: r.ack_by, at: r.ack_at === null ? '' : new Date(r.ack_at).toISOString() },
  }
}

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
      const found = await rows<AnomalyRow>(app.database.db, anomaliesSql(q, months, rule, { limit: perPage, offset: (page - 1) * perPage }))
      const anomalies = found.map(anomalyOf)
      if (anomalies.length > 0) {
        const growth = await rows<GrowthRow>(app.database.db, growthSql(anomalies))
        anomalies.forEach((a, i) => (a.grew = growthOf(growth.filter((g) => Number(g.anomaly) === i))))
      }
      return {
        data: anomalies,
        meta: {
          months,
          count: found.length > 0 ? Number(found[0].count) : 0,
          page,
          per_page: perPage,
          rule: { factor: rule.factor, floor: rule.floor, baseline_months: BASELINE_MONTHS, min_history_months: MIN_HISTORY_MONTHS },
        },
      }
    },
  })
}
