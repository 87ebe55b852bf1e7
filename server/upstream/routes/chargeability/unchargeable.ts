import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { csvCell, csvLine } from '../../../../shared/csv.js'
import {
  CHARGEABILITY_REASON_LABELS,
  CHARGEABILITY_REASONS,
  type ChargeabilityAnswer,
  type ChargeabilityCountGroup,
  type ChargeabilityQuery,
  type UnchargeableResource,
} from '../../../../shared/schemas/chargeability.js'
import { countGroups, flaggedSql, keepMonth, monthOf } from '../../db/records/chargeability.js'
import { rows, type Executor } from '../../db/records/rows.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const LABELS = {
  reason: 'Reason',
  business_unit: 'Business unit',
  provider: 'Provider',
  kind: 'Kind',
  page: 'Page',
  per_page: 'Per page',
}

/** The list's filters, on the flagged rows. */
function filtersSql(q: ChargeabilityQuery): SQL {
  const parts: SQL[] = []
  // a reason is one of the flags' names (the schema allows no other)
  if (q.reason !== undefined) parts.push(sql.raw(q.reason))
  if (q.business_unit !== undefined) parts.push(sql`business_units_id = ${q.business_unit}`)
  if (q.provider !== undefined) parts.push(sql`provider = ${q.provider}`)
  if (q.kind !== undefined) parts.push(sql`kind = ${q.kind}`)
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``
}

type FlagRow = Omit<UnchargeableResource, 'reasons'> & Record<(typeof CHARGEABILITY_REASONS)[number], boolean> & { count?: string }

function listSql(now: Date, q: ChargeabilityQuery, page?: { limit: number; offset: number }): SQL {
  const paging = page ? sql` LIMIT ${page.limit} OFFSET ${page.offset}` : sql``
  return sql`SELECT *, count(*) OVER ()::text AS count FROM (${flaggedSql(now)}) AS u ${filtersSql(q)}
    ORDER BY kind, lower(resource), id${paging}`
}

const rowOf = ({ count: _count, missing, unknown, expired, not_approved, terminated_owner, ...r }: FlagRow): UnchargeableResource => {
  const flags = { missing, unknown, expired, not_approved, terminated_owner }
  return { ...r, reasons: CHARGEABILITY_REASONS.filter((reason) => flags[reason]) }
}

const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number)
  return new Date(Date.UTC(year, m - 2, 1)).toISOString().slice(0, 7)
}

/**
 * Keeps `counts` as this month's (migration 058), unless a later reading is already kept (a slower
 * read finishing after a newer one), and answers last month's as kept.
 */
async function keepAndCompare(
  db: Executor,
  now: Date,
  counts: ChargeabilityCountGroup[],
): Promise<ChargeabilityAnswer['meta']['previous']> {
  await keepMonth(db, now, counts)
  const month = previousMonth(monthOf(now))
  const [kept] = await rows<{ counts: ChargeabilityCountGroup[] | string; taken_at: Date | string }>(
    db,
    sql`SELECT counts, taken_at FROM chargeability_months WHERE month = ${`${month}-01`}::date`,
  )
  if (!kept) return null
  return {
    month,
    taken_at: new Date(kept.taken_at).toISOString(),
    counts: typeof kept.counts === 'string' ? JSON.parse(kept.counts) : kept.counts,
  }
}

/**
 * GET /chargeability (issue 42 item 4, the Chargeability screen): a page of the unchargeable cloud
 * resources and the counts per reason, kind, business unit and provider, this month against last;
 * GET /chargeability/csv: the same list, every row, as CSV.
 */
export const unchargeableRoutes: FastifyPluginAsync = async (app) => {
  app.route<{ Querystring: ChargeabilityQuery }>({
    ...declaredRoute(CALLS.chargeability.calls.unchargeable),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request): Promise<ChargeabilityAnswer> => {
      const q = request.query
      const now = app.clock()
      const page = q.page ?? 1
      const perPage = q.per_page ?? 50
      const [listed, counts] = await Promise.all([
        rows<FlagRow>(app.database.db, listSql(now, q, { limit: perPage, offset: (page - 1) * perPage })),
        countGroups(app.database.db, now),
      ])
      const previous = await keepAndCompare(app.database.db, now, counts)
      return {
        data: listed.map(rowOf),
        meta: { month: monthOf(now), count: listed.length > 0 ? Number(listed[0].count) : 0, page, per_page: perPage, counts, previous },
      }
    },
  })

  app.route<{ Querystring: ChargeabilityQuery }>({
    ...declaredRoute(CALLS.chargeability.calls.unchargeableCsv),
    schemaErrorFormatter: bodyErrorFormatter(LABELS),
    handler: async (request, reply) => {
      const now = app.clock()
      const listed = await rows<FlagRow>(app.database.db, listSql(now, request.query))
      const header = ['Kind', 'Resource', 'Name', 'Provider', 'Business Unit', 'Cost Center', 'Owner', 'Reasons']
      let text = csvLine(header.map((h) => csvCell(h, 'text')))
      for (const flagged of listed) {
        const r = rowOf(flagged)
        const reasons = r.reasons.map((reason) => CHARGEABILITY_REASON_LABELS[reason]).join('; ')
        text += csvLine(
          [r.kind, r.resource, r.name, r.provider, r.business_unit_name, r.cost_center, r.owner, reasons].map((v) => csvCell(v, 'text')),
        )
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="unchargeable_resources_${monthOf(now)}.csv"`)
        .send(text)
    },
  })
}
