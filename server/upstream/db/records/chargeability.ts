/** Which cloud resources cannot be charged, and why (issue 42 item 4): the SQL the Chargeability call and the demo data share. */
import { sql, type SQL } from 'drizzle-orm'
import type { ChargeabilityCountGroup } from '../../../../shared/schemas/chargeability.js'
import { rows, type Executor } from './rows.js'

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

/** yyyy-MM of an instant, UTC */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7)

/**
 * Keeps `counts`, taken at `now`, as its month's (migration 058), unless a later reading is kept
 * already (a slower read finishing after a newer one).
 */
export async function keepMonth(db: Executor, now: Date, counts: ChargeabilityCountGroup[]): Promise<void> {
  await db.execute(sql`INSERT INTO chargeability_months AS m (month, counts, taken_at)
    VALUES (${`${monthOf(now)}-01`}::date, ${JSON.stringify(counts)}::jsonb, ${now.toISOString()}::timestamptz)
    ON CONFLICT (month) DO UPDATE SET counts = excluded.counts, taken_at = excluded.taken_at WHERE m.taken_at <= excluded.taken_at`)
}
