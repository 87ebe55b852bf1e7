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

/**
 * Every cloud parent (but the terminated: a closed account is no longer billed) and virtual machine,
 * with its cost center and that one's owner, and a flag per reason it cannot be charged as of `now`.
 * A cloud parent names its cost center as text (matched in any case, the lowest id when two differ
 * only in case) and its business unit by abbreviation; a machine names both by id, so its cost
 * center is never unknown.
 */
export function flaggedSql(now: Date): SQL {
  const at = now.toISOString()
  return sql`WITH units AS (
      SELECT DISTINCT ON (lower(abbreviation)) id, name, lower(abbreviation) AS key FROM business_units
      WHERE abbreviation IS NOT NULL ORDER BY lower(abbreviation), id),
    centers AS (
      SELECT DISTINCT ON (lower(identifier)) id, lower(identifier) AS key FROM cost_centers ORDER BY lower(identifier), id),
    r AS (
      SELECT 'cloud_parents' AS kind, p.id, p.identifier AS resource, p.name,
        CASE p.provider_type WHEN 'AwsCloudParent' THEN 'aws' WHEN 'GcpCloudParent' THEN 'gcp' ELSE 'azure' END AS provider,
        u.id AS business_units_id, u.name AS business_unit_name, nullif(btrim(p.cost_center), '') AS cost_center, m.id AS cost_center_id
      FROM cloud_parents p
      LEFT JOIN units u ON u.key = lower(p.business_unit_name)
      LEFT JOIN centers m ON m.key = lower(btrim(p.cost_center))
      WHERE p.terminated IS NOT TRUE
      UNION ALL
      SELECT 'virtual_machines', v.id, v.resource_id, v.name, v.provider_type, v.business_units_id, bu.name, NULL, v.default_cost_center_id
      FROM virtual_machines v LEFT JOIN business_units bu ON bu.id = v.business_units_id),
    f AS (
      SELECT r.kind, r.id, r.resource, r.name, r.provider, r.business_units_id, r.business_unit_name,
        coalesce(r.cost_center, cc.identifier) AS cost_center, r.cost_center_id, c.email AS owner,
        r.cost_center IS NULL AND r.cost_center_id IS NULL AS missing,
        r.cost_center IS NOT NULL AND r.cost_center_id IS NULL AS unknown,
        coalesce(cc.expired_at <= ${at}::timestamptz, false) AS expired,
        r.cost_center_id IS NOT NULL AND cc.approved IS NOT TRUE AS not_approved,
        coalesce(c.terminated, false) AS terminated_owner
      FROM r LEFT JOIN cost_centers cc ON cc.id = r.cost_center_id LEFT JOIN cloud_contacts c ON c.id = cc.cloud_contact_id)
    SELECT * FROM f WHERE missing OR unknown OR expired OR not_approved OR terminated_owner`
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

interface CountRow extends Omit<ChargeabilityCountGroup, 'counts'>, Record<keyof ChargeabilityCountGroup['counts'], string> {}

/** How many resources have each reason, per kind, business unit and provider (the whole estate). */
export async function countGroups(db: Executor, now: Date): Promise<ChargeabilityCountGroup[]> {
  const counted = await rows<CountRow>(
    db,
    sql`SELECT kind, business_units_id, business_unit_name, provider,
        count(*) FILTER (WHERE missing) AS missing, count(*) FILTER (WHERE unknown) AS unknown,
        count(*) FILTER (WHERE expired) AS expired, count(*) FILTER (WHERE not_approved) AS not_approved,
        count(*) FILTER (WHERE terminated_owner) AS terminated_owner, count(*) AS total
      FROM (${flaggedSql(now)}) AS u
      GROUP BY kind, business_units_id, business_unit_name, provider
      ORDER BY kind, business_unit_name NULLS LAST, business_units_id NULLS LAST, provider`,
  )
  return counted.map(({ kind, business_units_id, business_unit_name, provider, ...n }) => ({
    kind,
    business_units_id,
    business_unit_name,
    provider,
    counts: {
      missing: Number(n.missing),
      unknown: Number(n.unknown),
      expired: Number(n.expired),
      not_approved: Number(n.not_approved),
      terminated_owner: Number(n.terminated_owner),
      total: Number(n.total),
    },
  }))
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7)
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
  await db.execute(sql`INSERT INTO chargeability_months AS m (month, counts, taken_at)
    VALUES (${`${monthOf(now)}-01`}::date, ${JSON.stringify(counts)}::jsonb, ${now.toISOString()}::timestamptz)
    ON CONFLICT (month) DO UPDATE SET counts = excluded.counts, taken_at = excluded.taken_at WHERE m.taken_at <= excluded.taken_at`)
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
