import { HTMLTable } from '@blueprintjs/core'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import {
  CHARGEABILITY_REASON_LABELS,
  CHARGEABILITY_REASONS,
  type ChargeabilityAnswer,
  type ReasonCounts,
} from '../../../../shared/schemas/chargeability.js'
import { formatDisplayDateTime, monthLabel } from '../../lib/dates.js'
import { byUnitAndProvider, selectedGroups, totalOf, type ChargeabilityFilters } from './chargeability-query.js'

const COLUMNS = [...CHARGEABILITY_REASONS, 'total'] as const
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/**
 * How many resources have each reason (a resource with two counts in both, once in Total), per
 * business unit and provider, of the groups the filters select; the foot sets this month against
 * last month's counts as kept, and their difference.
 */
export function ChargeabilityCounts({ meta, filters }: { meta: ChargeabilityAnswer['meta']; filters: ChargeabilityFilters }) {
  const groups = selectedGroups(meta.counts, filters)
  const now = totalOf(groups)
  const before = meta.previous ? totalOf(selectedGroups(meta.previous.counts, filters)) : undefined
  const cells = (counts: ReasonCounts, show: (n: number) => string = String) =>
    COLUMNS.map((c) => (
      <td className="numeric" key={c}>
        {show(counts[c])}
      </td>
    ))
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Unchargeable resources by business unit and provider">
        <HTMLTable striped compact className="chargeability-table" aria-label="Unchargeable resources by business unit and provider">
          <thead>
            <tr>
              <th scope="col">Business Unit</th>
              <th scope="col">Provider</th>
              {COLUMNS.map((c) => (
                <th scope="col" className="numeric" key={c}>
                  {c === 'total' ? 'Total' : CHARGEABILITY_REASON_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {byUnitAndProvider(groups).map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.business_unit_name ?? 'No business unit'}</th>
                <td>{CLOUD_LABELS[row.provider] ?? row.provider}</td>
                {cells(row.counts)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                This month ({monthLabel(meta.month)})
              </th>
              {cells(now)}
            </tr>
            {before && meta.previous && (
              <>
                <tr>
                  <th scope="row" colSpan={2}>
                    Last month ({monthLabel(meta.previous.month)})
                  </th>
                  {cells(before)}
                </tr>
                <tr>
                  <th scope="row" colSpan={2}>
                    Change
                  </th>
                  {COLUMNS.map((c) => (
                    <td className="numeric" key={c}>
                      {signed(now[c] - before[c])}
                    </td>
                  ))}
                </tr>
              </>
            )}
          </tfoot>
        </HTMLTable>
      </div>
      <p className="chargeability-note">
        {meta.previous
          ? `Last month's counts as the portal took them on ${formatDisplayDateTime(meta.previous.taken_at)}, the last time they were read that month.`
          : 'No counts were kept last month: the portal keeps each month’s counts when this screen is read, so the trend starts next month.'}
      </p>
    </>
  )
}
