import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { csvCell, csvLine } from '../../../../shared/csv.js'
import {
  SPEND_MONTHS,
  type MonthlySpendAnswer,
  type MonthlySpendQuery,
  type MonthlySpendRow,
  type SpendSort,
} from '../../../../shared/schemas/monthly-spend.js'
import { rows } from '../../db/records/rows.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const LABELS = {
  month: 'Month',
  business_unit: 'Business unit',
  provider: 'Provider',
  owner: 'Owner',
  identifier: 'Identifier',
  sort: 'Sort',
  page: 'Page',
  per_page: 'Per page',
}

/** The window's months, oldest first, as yyyy-MM: the 12 ending with `last` (yyyy-MM). */
export function windowMonths(last: string): string[] {
  const [year, month] = last.split('-').map(Number)
  return Array.from({ length: SPEND_MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(year, month - SPEND_MONTHS + i, 1))
    return d.toISOString().slice(0, 7)
  })
}

/** The filters of a query, on monthly_spend (alias s). */
function filtersSql(q: MonthlySpendQuery): SQL {
  const parts: SQL[] = []
  if (q.business_unit !== undefined) parts.push(sql`s.business_units_id = ${q.business_unit}`)
  if (q.provider !== undefined) parts.push(sql`s.provider = ${q.provider}`)
  if (q.identifier !== undefined) parts.push(sql`lower(s.identifier) = lower(${q.identifier})`)
  // the owner is the cost center's (its cloud contact); bills name the cost center by identifier
  if (q.owner !== undefined)
    parts.push(sql`lower(s.identifier) IN (SELECT lower(cc.identifier) FROM cost_centers cc
                     JOIN cloud_contacts c ON c.id = cc.cloud_contact_id WHERE lower(c.email) = lower(${q.owner}))`)
  return parts.reduce((all, part) => sql`${all} AND ${part}`, sql``)
}

/** The 12 monthly sums m0 (oldest) … m11, numeric, 0 for a month without bills. */
function monthColumns(months: string[]): SQL {
  return sql.join(
    months.map((m, i) => sql`coalesce(sum(s.amount) FILTER (WHERE s.month = ${`${m}-01`}::date), 0) AS ${sql.raw(`m${i}`)}`),
    sql`, `,
  )
}

const MONTH_NAMES = Array.from({ length: SPEND_MONTHS }, (_, i) => `m${i}`)
const LAST = `m${SPEND_MONTHS - 1}`
const BEFORE_LAST = `m${SPEND_MONTHS - 2}`
/** total, change and change_percent of a row of month sums, as text (numeric kept exact) */
const FIGURES = sql.raw(`(${MONTH_NAMES.join(' + ')})::text AS total, ${LAST}::text AS current, ${BEFORE_LAST}::text AS previous,
  (${LAST} - ${BEFORE_LAST})::text AS change,
  CASE WHEN ${BEFORE_LAST} = 0 THEN NULL ELSE round((${LAST} - ${BEFORE_LAST}) / abs(${BEFORE_LAST}) * 100, 1)::text END AS change_percent,
  ${MONTH_NAMES.map((m) => `${m}::text`).join(', ')}`)

const SORT_COLUMNS: Record<SpendSort, string> = {
  identifier: 'lower(identifier)',
  business_unit: 'lower(business_unit_name)',
  provider: 'provider',
  currency: 'currency',
  total: 'total_n',
  current: 'current_n',
  change: 'change_n',
  change_percent: 'change_percent_n',
}

function orderSql(sort: string): SQL {
  const descending = sort.startsWith('-')
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as SpendSort]
  // a row without the value (no business unit, no percent) comes last either way
  return sql.raw(
    `${column} ${descending ? 'DESC' : 'ASC'} NULLS LAST, lower(identifier), identifier, provider, currency NULLS LAST, business_units_id NULLS LAST`,
  )
}

interface Figures {
  total: string
  current: string
  previous: string
  change: string
  change_percent: string | null
  [month: `m${number}`]: string
}
interface GroupRow extends Figures {
  identifier: string
  cost_center_id: number | null
  business_units_id: number | null
  business_unit_name: string | null
  provider: string
  currency: string | null
  count: string
}
interface TotalRow extends Figures {
  currency: string | null
}

const monthsOf = (r: Figures) => MONTH_NAMES.map((m) => Number(r[m as `m${number}`]))

/**
 * The groups of the window (cost center, business unit, provider, currency) with their figures,
 * summed from monthly_spend, the aggregate the database keeps (migration 055): a group's read is at
 * most 12 rows of it, never the bills.
 */
export function groupsSql(q: MonthlySpendQuery, months: string[], page?: { limit: number; offset: number }): SQL {
  const paging = page ? sql` LIMIT ${page.limit} OFFSET ${page.offset}` : sql``
  return sql`WITH g AS (
      SELECT s.identifier, s.business_units_id, s.provider, s.currency, ${monthColumns(months)}
      FROM monthly_spend s
      WHERE s.month >= ${`${months[0]}-01`}::date AND s.month <= ${`${months[SPEND_MONTHS - 1]}-01`}::date ${filtersSql(q)}
      GROUP BY s.identifier, s.business_units_id, s.provider, s.currency),
    r AS (
      SELECT g.identifier, g.business_units_id, g.provider, g.currency, u.name AS business_unit_name, ${FIGURES},
        ${sql.raw(MONTH_NAMES.join(' + '))} AS total_n, ${sql.raw(LAST)} AS current_n, ${sql.raw(`${LAST} - ${BEFORE_LAST}`)} AS change_n,
        CASE WHEN ${sql.raw(BEFORE_LAST)} = 0 THEN NULL
             ELSE ${sql.raw(`(${LAST} - ${BEFORE_LAST}) / abs(${BEFORE_LAST})`)} END AS change_percent_n
      FROM g LEFT JOIN business_units u ON u.id = g.business_units_id)
    SELECT r.*, count(*) OVER ()::text AS count,
      (SELECT cc.id FROM cost_centers cc WHERE lower(cc.identifier) = lower(r.identifier) ORDER BY cc.id LIMIT 1) AS cost_center_id
    FROM r ORDER BY ${orderSql(q.sort ?? '-total')}${paging}`
}

export function totalsSql(q: MonthlySpendQuery, months: string[]): SQL {
  return sql`WITH g AS (
      SELECT s.currency, ${monthColumns(months)}
      FROM monthly_spend s
      WHERE s.month >= ${`${months[0]}-01`}::date AND s.month <= ${`${months[SPEND_MONTHS - 1]}-01`}::date ${filtersSql(q)}
      GROUP BY s.currency)
    SELECT currency, ${FIGURES} FROM g ORDER BY currency NULLS LAST`
}

function rowOf(r: GroupRow): MonthlySpendRow {
  return {
    identifier: r.identifier,
    cost_center_id: r.cost_center_id === null ? null : Number(r.cost_center_id),
    business_units_id: r.business_units_id === null ? null : Number(r.business_units_id),
    business_unit_name: r.business_unit_name,
    provider: r.provider,
    currency: r.currency,
    months: monthsOf(r),
    total: Number(r.total),
    current: Number(r.current),
    previous: Number(r.previous),
    change: Number(r.change),
    change_percent: r.change_percent === null ? null : Number(r.change_percent),
  }
}

/**
 * GET /cloud_bills/monthly_spend (issue 42 item 1, the Spend screen): the 12 months ending with
 * `month` (default: the clock's month, UTC) per cost center, business unit, provider and currency,
 * and one total per currency; GET /cloud_bills/monthly_spend/csv: the same table, every row, as CSV.
 */
export const monthlySpendRoutes: FastifyPluginAsync = async (app) => {
  const windowOf = (q: MonthlySpendQuery) => windowMonths(q.month ?? app.clock().toISOString().slice(0, 7))

  app.route<{ Querystring: MonthlySpendQuery }>({
    ...declaredRoute(CALLS.cloudBills.calls.monthlySpend),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request): Promise<MonthlySpendAnswer> => {
      const q = request.query
      const months = windowOf(q)
      const page = q.page ?? 1
      const perPage = q.per_page ?? 50
      const [groups, totals] = await Promise.all([
        rows<GroupRow>(app.database.db, groupsSql(q, months, { limit: perPage, offset: (page - 1) * perPage })),
        rows<TotalRow>(app.database.db, totalsSql(q, months)),
      ])
      return {
        data: groups.map(rowOf),
        meta: {
          months,
          count: groups.length > 0 ? Number(groups[0].count) : 0,
          page,
          per_page: perPage,
          totals: totals.map((t) => ({
            currency: t.currency,
            months: monthsOf(t),
            total: Number(t.total),
            change: Number(t.change),
            change_percent: t.change_percent === null ? null : Number(t.change_percent),
          })),
        },
      }
    },
  })

  app.route<{ Querystring: MonthlySpendQuery }>({
    ...declaredRoute(CALLS.cloudBills.calls.monthlySpendCsv),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request, reply) => {
      const q = request.query
      const months = windowOf(q)
      const groups = await rows<GroupRow>(app.database.db, groupsSql(q, months))
      const header = ['Identifier', 'Business Unit', 'Provider', 'Currency', ...months, 'Total', 'Change', 'Change %']
      let text = csvLine(header.map((h) => csvCell(h, 'text')))
      for (const g of groups) {
        const r = rowOf(g)
        const texts = [r.identifier, r.business_unit_name, r.provider, r.currency].map((v) => csvCell(v, 'text'))
        const numbers = [...r.months, r.total, r.change, r.change_percent].map((v) => csvCell(v, 'number'))
        text += csvLine([...texts, ...numbers])
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="monthly_spend_${months[SPEND_MONTHS - 1]}.csv"`)
        .send(text)
    },
  })
}
