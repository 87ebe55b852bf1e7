import { sql } from 'drizzle-orm'
import { CHARGEABILITY_REASON_LABELS, type ChargeabilityReason } from '../../../../shared/schemas/chargeability.js'
import { flaggedSql } from '../../db/records/chargeability.js'
import { rows } from '../../db/records/rows.js'
import { byOwner, listSection, type DigestSectionBuilder } from './section.js'

type Flags = Record<Exclude<ChargeabilityReason, 'missing' | 'unknown'>, boolean>
interface Unchargeable extends Flags {
  kind: 'cloud_parents' | 'virtual_machines'
  resource: string | null
  name: string | null
  cost_center: string
  owner: string
}

const KIND_NAMES = { cloud_parents: 'cloud account', virtual_machines: 'virtual machine' }
const OWNED_REASONS = ['expired', 'not_approved', 'terminated_owner'] as const

const lineOf = (r: Unchargeable) =>
  `${KIND_NAMES[r.kind]} ${[r.resource, r.name && `(${r.name})`].filter(Boolean).join(' ')}, cost center ${r.cost_center}: ` +
  OWNED_REASONS.filter((reason) => r[reason])
    .map((reason) => CHARGEABILITY_REASON_LABELS[reason].toLowerCase())
    .join(', ')

/**
 * The resources charged to an owner's cost centers that cannot be charged today (issue 42 item 4):
 * the cost center expired, not approved, or its owner terminated. A resource naming no cost center,
 * or an unknown one, has no owner to tell.
 */
export const unchargeableSection: DigestSectionBuilder = async (db, { owner, now }) => {
  const found = await rows<Unchargeable>(
    db,
    sql`SELECT f.kind, f.resource, f.name, f.cost_center, lower(f.owner) AS owner, f.expired, f.not_approved, f.terminated_owner
        FROM (${flaggedSql(now)}) AS f
        WHERE f.owner IS NOT NULL ${owner === undefined ? sql`` : sql`AND lower(f.owner) = ${owner}`}
        ORDER BY lower(f.owner), lower(f.cost_center), f.kind, f.resource`,
  )
  const title = `Resources that cannot be charged, as of ${now.toISOString().slice(0, 10)}`
  return new Map([...byOwner(found)].map(([who, theirs]) => [who, listSection(title, theirs.map(lineOf))]))
}
