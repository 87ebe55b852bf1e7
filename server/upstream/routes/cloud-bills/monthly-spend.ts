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

/** The 12 monthly sums m0 (oldest) … m11 of monthly_spend, 0 for a month without bills. */
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

/**
 * The window's groups as spend_window (migration 059) holds them: the 12 months and the figures the
 * screen sorts by. For the kept window that table itself; for another month, summed from monthly_spend.
 */
function computedWindow(months: string[]): SQL {
  return sql`(SELECT g.*, ${sql.raw(MONTH_NAMES.join(' + '))} AS total, ${sql.raw(`${LAST} - ${BEFORE_LAST}`)} AS change,
      CASE WHEN ${sql.raw(BEFORE_LAST)} = 0 THEN NULL ELSE ${sql.raw(`(${LAST} - ${BEFORE_LAST}) / abs(${BEFORE_LAST})`)} END AS change_ratio
    FROM (SELECT s.identifier, s.business_units_id, s.provider, s.currency, ${monthColumns(months)}
      FROM monthly_spend s
      WHERE s.month >= ${`${months[0]}-01`}::date AND s.month <= ${`${months[SPEND_MONTHS - 1]}-01`}::date
      GROUP BY s.identifier, s.business_units_id, s.provider, s.currency) AS g)`
}

/** Where a read finds its groups and the sums of its totals (each with a `groups` count). */
export interface SpendSource {
  groups: SQL
  totals: SQL
  /** the groups are spend_window itself, with its indexes */
  kept: boolean
}

/**
 * The kept window when it is the one asked for; its totals from spend_window_totals unless the query
 * picks groups by owner or cost center, which that table does not know.
 */
export function spendSource(q: MonthlySpendQuery, months: string[], kept: boolean): SpendSource {
  const groups = kept ? sql`spend_window` : computedWindow(months)
  const byGroup = q.owner !== undefined || q.identifier !== undefined
  return { groups, totals: kept && !byGroup ? sql`spend_window_totals` : sql`(SELECT w.*, 1 AS groups FROM ${groups} w)`, kept }
}

/** The ties' order: the groups' own key, so a page is the same rows every time. */
const TIE_BREAK = ['lower(s.identifier)', 's.identifier', 's.provider', 's.currency', 's.business_units_id']
const SORT_COLUMNS: Record<SpendSort, { column: string; nullable?: boolean }> = {
  identifier: { column: 'lower(s.identifier)' },
  business_unit: { column: 'lower(u.name)', nullable: true },
  provider: { column: 's.provider' },
  currency: { column: 's.currency', nullable: true },
  total: { column: 's.total' },
  current: { column: `s.${LAST}` },
  change: { column: 's.change' },
  change_percent: { column: 's.change_ratio', nullable: true },
}

/**
 * A descending sort is the ascending one read backwards, ties included, so one index of spend_window
 * serves both; a row without the value (no business unit, currency or percent) comes last either way.
 */
function orderSql(sort: string): SQL {
  const direction = sort.startsWith('-') ? 'DESC' : 'ASC'
  const { column, nullable } = SORT_COLUMNS[sort.replace(/^-/, '') as SpendSort]
  const keys = [
    `${column} ${direction}${nullable ? ' NULLS LAST' : ''}`,
    ...TIE_BREAK.filter((k) => k !== column).map((k) => `${k} ${direction}`),
  ]
  return sql.raw(keys.join(', '))
}

/**
 * The groups a page sorted by business unit can come from: each unit's first rows by its index
 * (spend_window_business_unit_idx), then those without a unit. A business unit's name is not in
 * spend_window, and sorting every group by a joined name reads them all; this reads a page per unit.
 */
function byUnitSql(q: MonthlySpendQuery, source: SpendSource, sort: string, rowsNeeded: number): SQL {
  const ties = sql.raw(TIE_BREAK.map((k) => `${k} ${sort.startsWith('-') ? 'DESC' : 'ASC'}`).join(', '))
  return sql`(SELECT w.* FROM business_units bu CROSS JOIN LATERAL (
        SELECT s.* FROM ${source.groups} s WHERE s.business_units_id = bu.id ${filtersSql(q)} ORDER BY ${ties} LIMIT ${rowsNeeded}) w
      UNION ALL
      (SELECT s.* FROM ${source.groups} s WHERE s.business_units_id IS NULL ${filtersSql(q)} ORDER BY ${ties} LIMIT ${rowsNeeded}))`
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
}
interface TotalRow extends Figures {
  currency: string | null
  groups: string
}

const monthsOf = (r: Figures) => MONTH_NAMES.map((m) => Number(r[m as `m${number}`]))

/**
 * A page of the window's groups (cost center, business unit, provider, currency) with their figures,
 * in the order asked: from spend_window, the first rows of the sort's index.
 */
export function groupsSql(q: MonthlySpendQuery, source: SpendSource, page?: { limit: number; offset: number }): SQL {
  const paging = page ? sql` LIMIT ${page.limit} OFFSET ${page.offset}` : sql``
  const sort = q.sort ?? '-total'
  const groups =
    source.kept && page && sort.replace(/^-/, '') === 'business_unit' ? byUnitSql(q, source, sort, page.limit + page.offset) : source.groups
  return sql`SELECT s.identifier, s.business_units_id, s.provider, s.currency, u.name AS business_unit_name,
      s.total::text AS total, s.${sql.raw(LAST)}::text AS current, s.${sql.raw(BEFORE_LAST)}::text AS previous, s.change::text AS change,
      round(s.change_ratio * 100, 1)::text AS change_percent, ${sql.raw(MONTH_NAMES.map((m) => `s.${m}::text`).join(', '))},
      (SELECT cc.id FROM cost_centers cc WHERE lower(cc.identifier) = lower(s.identifier) ORDER BY cc.id LIMIT 1) AS cost_center_id
    FROM ${groups} s LEFT JOIN business_units u ON u.id = s.business_units_id
    WHERE true ${filtersSql(q)}
    ORDER BY ${orderSql(sort)}${paging}`
}

/** One total per currency of the filtered groups, and how many groups each has. */
export function totalsSql(q: MonthlySpendQuery, source: SpendSource): SQL {
  return sql`WITH g AS (
      SELECT s.currency, ${sql.raw(MONTH_NAMES.map((m) => `sum(s.${m}) AS ${m}`).join(', '))}, sum(s.groups) AS groups
      FROM ${source.totals} s
      WHERE true ${filtersSql(q)}
      GROUP BY s.currency)
    SELECT currency, groups::text AS groups, ${FIGURES} FROM g ORDER BY currency NULLS LAST`
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
  /** the query's months and where to read them */
  const windowOf = async (q: MonthlySpendQuery) => {
    const current = app.clock().toISOString().slice(0, 7)
    const months = windowMonths(q.month ?? current)
    const kept = await app.spendWindow.keeps(months[SPEND_MONTHS - 1], current)
    return { months, source: spendSource(q, months, kept) }
  }

  app.route<{ Querystring: MonthlySpendQuery }>({
    ...declaredRoute(CALLS.cloudBills.calls.monthlySpend),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request): Promise<MonthlySpendAnswer> => {
      const q = request.query
      const { months, source } = await windowOf(q)
      const page = q.page ?? 1
      const perPage = q.per_page ?? 50
      const [groups, totals] = await Promise.all([
        rows<GroupRow>(app.database.db, groupsSql(q, source, { limit: perPage, offset: (page - 1) * perPage })),
        rows<TotalRow>(app.database.db, totalsSql(q, source)),
      ])
      return {
        data: groups.map(rowOf),
        meta: {
          months,
          count: totals.reduce((sum, t) => sum + Number(t.groups), 0),
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
      const { months, source } = await windowOf(q)
      const groups = await rows<GroupRow>(app.database.db, groupsSql(q, source))
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
