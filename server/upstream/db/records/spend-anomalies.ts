/** The spend anomalies of months (issue 42 item 2), read from monthly_spend: the SQL the call and the owners' digest share. */
import { sql, type SQL } from 'drizzle-orm'
import { BASELINE_MONTHS, MIN_HISTORY_MONTHS, type AnomalyRule } from '../../../../shared/rules/spend-anomaly.js'
import {
  GROWTH_DIMENSIONS,
  type Growth,
  type GrowthDimension,
  type SpendAnomaliesQuery,
  type SpendAnomaly,
} from '../../../../shared/schemas/spend-anomalies.js'
import { rows, type Executor } from './rows.js'

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
  history: number
  cost_center_id: number | null
  ack_id: number | null
  ack_note: string | null
  ack_by: string | null
  ack_at: string | null
  count: string
}

/**
 * The anomalies of the months, read from monthly_spend (migration 055) and never from the bills: each
 * cost center's month and currency in the window, its first month with bills (the (lower(identifier),
 * month) index), and its months before since then, at most 6, each found by the aggregate's (month,
 * identifier, …) key. The median of n sorted values (0 for a month without bills) is the mean of the
 * values at (n + 1) / 2 and (n + 2) / 2, integer division, kept exact in numeric.
 */
function anomaliesSql(q: SpendAnomaliesQuery, months: string[], rule: AnomalyRule, page: { limit: number; offset: number }): SQL {
  return sql`WITH t AS (
      SELECT s.identifier, s.currency, s.month, sum(s.amount) AS amount
      FROM monthly_spend s
      WHERE s.month >= ${`${months[0]}-01`}::date AND s.month <= ${`${months[months.length - 1]}-01`}::date ${filtersSql(q)}
      GROUP BY s.identifier, s.currency, s.month),
    f AS (
      SELECT t.*, (SELECT min(s.month) FROM monthly_spend s
                   WHERE lower(s.identifier) = lower(t.identifier) AND s.identifier = t.identifier
                     AND s.currency IS NOT DISTINCT FROM t.currency) AS first
      FROM t),
    h AS (
      SELECT f.*, array_agg(coalesce(m.amount, 0) ORDER BY coalesce(m.amount, 0)) AS v, count(*)::int AS history
      FROM f CROSS JOIN generate_series(1, ${BASELINE_MONTHS}) AS back(n)
      CROSS JOIN LATERAL (
        SELECT sum(s.amount) AS amount FROM monthly_spend s
        WHERE s.month = (f.month - make_interval(months => back.n))::date
          AND s.identifier = f.identifier AND s.currency IS NOT DISTINCT FROM f.currency) AS m
      WHERE (f.month - make_interval(months => back.n))::date >= f.first
      GROUP BY f.identifier, f.currency, f.month, f.amount, f.first),
    b AS (SELECT h.*, v[(history + 1) / 2] / 2 + v[(history + 2) / 2] / 2 AS baseline FROM h),
    a AS (
      SELECT * FROM b
      WHERE history >= ${MIN_HISTORY_MONTHS} AND amount >= ${rule.factor} * baseline AND amount - baseline >= ${rule.floor})
    SELECT a.identifier, a.currency, to_char(a.month, 'YYYY-MM') AS month, a.amount::text, a.baseline::text, a.history,
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
  /** months before the anomaly's: 0 is its own */
  back: number
  amount: string
  references: string[] | null
}

/**
 * What grew in each anomaly of a page: its bills of the month and of its baseline months, summed by
 * provider, GL account and line and month, read through the (identifier, date) index: one cost
 * center and at most 7 months each, never a sum over every bill.
 */
function growthSql(anomalies: SpendAnomaly[]): SQL {
  const keys = sql.join(
    anomalies.map(
      (a, i) => sql`(${i}::int, ${a.identifier}::text, ${a.currency}::text, ${`${a.month}-01`}::date, ${a.baseline_months}::int)`,
    ),
    sql`, `,
  )
  return sql`SELECT v.i AS anomaly, d.dimension, d.name,
      ((extract(year FROM v.month) - extract(year FROM b.date)) * 12 + extract(month FROM v.month) - extract(month FROM b.date))::int AS back,
      sum(b.amount)::text AS amount,
      array_agg(DISTINCT b.reference ORDER BY b.reference) FILTER (WHERE b.reference IS NOT NULL) AS references
    FROM (VALUES ${keys}) AS v(i, identifier, currency, month, history)
    JOIN cloud_bills b ON b.identifier = v.identifier AND b.currency IS NOT DISTINCT FROM v.currency
      AND b.date >= (v.month - make_interval(months => v.history))::date AND b.date < (v.month + interval '1 month')::date
    CROSS JOIN LATERAL (VALUES ('provider', b.provider), ('account', coalesce(b.account, '')),
                               ('line', coalesce(b.line_item, b.reference, ''))) AS d(dimension, name)
    GROUP BY 1, 2, 3, 4`
}

/** The median of numbers, as the rule takes it (the mean of the two middle ones of an even count), to the cent. */
function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const n = sorted.length
  return Math.round(((sorted[Math.floor((n - 1) / 2)] + sorted[Math.floor(n / 2)]) / 2) * 100) / 100
}

/**
 * What grew, as the rule judges the whole: each provider, GL account and line against its own median
 * over the anomaly's baseline months (0 in a month without its bills); of each dimension, the
 * positive increases, each with its share of their sum, largest first.
 */
function growthOf(rows: GrowthRow[], baselineMonths: number): Growth[] {
  const grew: Growth[] = []
  for (const dimension of GROWTH_DIMENSIONS) {
    const names = [...new Set(rows.filter((r) => r.dimension === dimension).map((r) => r.name))]
    const items = names
      .map((name) => {
        const of = rows.filter((r) => r.dimension === dimension && r.name === name)
        const sumOf = (back: number) => Number(of.find((r) => Number(r.back) === back)?.amount ?? 0)
        const amount = sumOf(0)
        const baseline = median(Array.from({ length: baselineMonths }, (_, i) => sumOf(i + 1)))
        const references = of.find((r) => Number(r.back) === 0)?.references ?? []
        return { dimension, name, references, amount, baseline, increase: Math.round((amount - baseline) * 100) / 100 }
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
    baseline_months: Number(r.history),
    increase: Number((Number(r.amount) - Number(r.baseline)).toFixed(2)),
    ratio: baseline > 0 ? Math.round((amount / baseline) * 100) / 100 : null,
    grew: [],
    acknowledgement:
      r.ack_id === null
        ? null
        : { id: Number(r.ack_id), note: r.ack_note!, by: r.ack_by, at: r.ack_at === null ? '' : new Date(r.ack_at).toISOString() },
  }
}

/** A page of the anomalies of `months` by the rule, each with what grew, and how many there are in all. */
export async function findAnomalies(
  db: Executor,
  q: SpendAnomaliesQuery,
  months: string[],
  rule: AnomalyRule,
  page: { limit: number; offset: number },
): Promise<{ anomalies: SpendAnomaly[]; count: number }> {
  const found = await rows<AnomalyRow>(db, anomaliesSql(q, months, rule, page))
  const anomalies = found.map(anomalyOf)
  if (anomalies.length > 0) {
    const growth = await rows<GrowthRow>(db, growthSql(anomalies))
    anomalies.forEach(
      (a, i) =>
        (a.grew = growthOf(
          growth.filter((g) => Number(g.anomaly) === i),
          a.baseline_months,
        )),
    )
  }
  return { anomalies, count: found.length > 0 ? Number(found[0].count) : 0 }
}
