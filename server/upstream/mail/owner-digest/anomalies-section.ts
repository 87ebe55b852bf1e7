import { sql } from 'drizzle-orm'
import { formatAmount } from '../../../../shared/amounts.js'
import type { SpendAnomaly } from '../../../../shared/schemas/spend-anomalies.js'
import { rows } from '../../db/records/rows.js'
import { findAnomalies } from '../../db/records/spend-anomalies.js'
import { monthTitle } from './months.js'
import { byOwner, listSection, type DigestSectionBuilder } from './section.js'

const DIMENSION_NAMES = { provider: 'provider', account: 'GL account', line: 'line' }
/** every anomaly of the month: a digest is sent once a month, and reads them once for all owners */
const ALL = { limit: 1_000_000, offset: 0 }

function lineOf(a: SpendAnomaly): string {
  const money = (amount: number) => formatAmount(amount, a.currency)
  const grew = a.grew
    .filter((g, i, all) => all.findIndex((o) => o.dimension === g.dimension) === i)
    .map((g) => `${DIMENSION_NAMES[g.dimension]} ${g.name || '(none)'} ${Math.round(g.share * 100)} %`)
  return (
    `${a.identifier}: ${money(a.amount)} against a median of ${money(a.baseline)} over ${a.baseline_months} months` +
    (grew.length > 0 ? `; grew most: ${grew.join(', ')}` : '') +
    (a.acknowledgement ? `; acknowledged: ${a.acknowledgement.note}` : '')
  )
}

/**
 * The month's spend anomalies of each owner's cost centers (issue 42 item 2's rule, with the
 * upstream's settings), each with what grew most of each kind and its acknowledgement if it has one.
 */
export const anomaliesSection: DigestSectionBuilder = async (db, { month, owner, anomalyRule }) => {
  const [{ anomalies }, owners] = await Promise.all([
    findAnomalies(db, owner === undefined ? {} : { owner }, [month], anomalyRule, ALL),
    rows<{ identifier: string; owner: string }>(
      db,
      sql`SELECT DISTINCT ON (lower(cc.identifier)) lower(cc.identifier) AS identifier, lower(c.email) AS owner
          FROM cost_centers cc JOIN cloud_contacts c ON c.id = cc.cloud_contact_id ORDER BY lower(cc.identifier), cc.id`,
    ),
  ])
  const ownerOf = new Map(owners.map((o) => [o.identifier, o.owner]))
  const owned = anomalies.map((a) => ({ ...a, owner: ownerOf.get(a.identifier.toLowerCase()) ?? null }))
  const title = `Spend anomalies in ${monthTitle(month)}`
  return new Map([...byOwner(owned)].map(([who, theirs]) => [who, listSection(title, theirs.map(lineOf))]))
}
