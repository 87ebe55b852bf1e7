/** Which cloud resources cannot be charged, and why (issue 42 item 4): the SQL the Chargeability call and the demo data share. */
import { sql, type SQL } from 'drizzle-orm'
import type { ChargeabilityCountGroup } from '../../../../shared/schemas/chargeability.js'
import { rows, type Executor } from './rows.js'

/** a cloud parent's columns of the list: its cloud as a machine's, its business unit by abbreviation */
const PARENT = sql.raw(`'cloud_parents' AS kind, p.id, p.identifier AS resource, p.name,
  CASE p.provider_type WHEN 'AwsCloudParent' THEN 'aws' WHEN 'GcpCloudParent' THEN 'gcp' ELSE 'azure' END AS provider,
  u.id AS business_units_id, u.name AS business_unit_name`)
const MACHINE = sql.raw(`'virtual_machines', v.id, v.resource_id, v.name, v.provider_type, v.business_units_id, bu.name`)

/**
 * Every cloud parent (but the terminated: a closed account is no longer billed) and virtual machine
 * that cannot be charged as of `now`, with its cost center, that one's owner, and a flag per reason.
 * A cloud parent names its cost center as text (matched in any case, the lowest id when two differ
 * only in case) and its business unit by abbreviation; a machine names both by id, so its cost
 * center is never unknown.
 *
 * Built from the few rather than the many (issue 42 item 7): the cost centers that cannot charge
 * (not approved, expired, or of a terminated owner: each found by an index) and the resources that
 * name them (by index), beside the resources naming none (partial indexes, migration 058). Only the
 * unknown names read every cloud parent, an anti-join against the cost centers' lower(identifier).
 * The LATERAL … OFFSET 0 keeps the resources of the few cost centers found by index, one lookup each:
 * flattened into a join, the planner's default costs (a disk's random reads) would rather hash every
 * resource, 20 times slower at 300,000 machines with the tables in memory (scripts/bench/chargeability.ts).
 */
export function flaggedSql(now: Date): SQL {
  const at = now.toISOString()
  return sql`WITH units AS (
      SELECT DISTINCT ON (lower(abbreviation)) id, name, lower(abbreviation) AS key FROM business_units
      WHERE abbreviation IS NOT NULL ORDER BY lower(abbreviation), id),
    bad AS (
      SELECT cc.id, cc.identifier, c.email AS owner, coalesce(cc.expired_at <= ${at}::timestamptz, false) AS expired,
        cc.approved IS NOT TRUE AS not_approved, coalesce(c.terminated, false) AS terminated_owner
      FROM (SELECT id, identifier, approved, expired_at, cloud_contact_id FROM cost_centers WHERE approved IS NOT TRUE
            UNION SELECT id, identifier, approved, expired_at, cloud_contact_id FROM cost_centers WHERE expired_at <= ${at}::timestamptz
            UNION SELECT o.* FROM cloud_contacts t CROSS JOIN LATERAL (
              SELECT id, identifier, approved, expired_at, cloud_contact_id FROM cost_centers WHERE cloud_contact_id = t.id OFFSET 0) AS o
            WHERE t.terminated = true) AS cc
      LEFT JOIN cloud_contacts c ON c.id = cc.cloud_contact_id)
    SELECT ${PARENT}, NULL AS cost_center, NULL::integer AS cost_center_id, NULL AS owner,
      true AS missing, false AS unknown, false AS expired, false AS not_approved, false AS terminated_owner
    FROM cloud_parents p LEFT JOIN units u ON u.key = lower(p.business_unit_name)
    WHERE nullif(btrim(p.cost_center), '') IS NULL AND p.terminated IS NOT TRUE
    UNION ALL
    SELECT ${PARENT}, btrim(p.cost_center), NULL, NULL, false, true, false, false, false
    FROM cloud_parents p LEFT JOIN units u ON u.key = lower(p.business_unit_name)
    WHERE nullif(btrim(p.cost_center), '') IS NOT NULL AND p.terminated IS NOT TRUE
      AND NOT EXISTS (SELECT 1 FROM cost_centers cc WHERE lower(cc.identifier) = lower(btrim(p.cost_center)))
    UNION ALL
    SELECT ${PARENT}, btrim(p.cost_center), b.id, b.owner, false, false, b.expired, b.not_approved, b.terminated_owner
    FROM bad b CROSS JOIN LATERAL (SELECT * FROM cloud_parents p WHERE lower(btrim(p.cost_center)) = lower(b.identifier) OFFSET 0) AS p
      LEFT JOIN units u ON u.key = lower(p.business_unit_name)
    WHERE p.terminated IS NOT TRUE
      AND b.id = (SELECT min(o.id) FROM cost_centers o WHERE lower(o.identifier) = lower(b.identifier))
    UNION ALL
    SELECT ${MACHINE}, NULL, NULL, NULL, true, false, false, false, false
    FROM virtual_machines v LEFT JOIN business_units bu ON bu.id = v.business_units_id
    WHERE v.default_cost_center_id IS NULL
    UNION ALL
    SELECT ${MACHINE}, b.identifier, b.id, b.owner, false, false, b.expired, b.not_approved, b.terminated_owner
    FROM bad b CROSS JOIN LATERAL (SELECT * FROM virtual_machines v WHERE v.default_cost_center_id = b.id OFFSET 0) AS v
      LEFT JOIN business_units bu ON bu.id = v.business_units_id`
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
