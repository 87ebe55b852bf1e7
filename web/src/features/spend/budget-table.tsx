import { HTMLTable, Intent, Tag } from '@blueprintjs/core'
import { Link } from 'wouter'
import { formatAmount } from '../../../../shared/amounts.js'
import type { BudgetStatusRow } from '../../../../shared/schemas/budget-status.js'
import { paths } from '../../config/paths.js'

const percent = (value: number | null) => (value === null ? '' : ` (${value.toLocaleString('en-US')} %)`)

/**
 * A budget's thresholds as tags: reached by the month to date (at 100 % or more red, below it
 * orange), reached only by the forecast (outlined orange), or none reached (green).
 */
export function ThresholdTags({ row }: { row: BudgetStatusRow }) {
  const forecastOnly = row.forecast_crossed.filter((t) => !row.crossed.includes(t))
  if (row.crossed.length === 0 && forecastOnly.length === 0) {
    return (
      <Tag minimal intent={Intent.SUCCESS} icon="tick">
        Within budget
      </Tag>
    )
  }
  return (
    <span className="budget-tags">
      {row.crossed.map((t) => (
        <Tag key={t} intent={t >= 100 ? Intent.DANGER : Intent.WARNING} icon="warning-sign">
          {t} % reached
        </Tag>
      ))}
      {forecastOnly.map((t) => (
        <Tag key={t} minimal intent={Intent.WARNING} icon="trending-up">
          {t} % forecast
        </Tag>
      ))}
    </span>
  )
}

export interface BudgetTableProps {
  rows: readonly BudgetStatusRow[]
  /** the table's name for assistive technology */
  name: string
  /** the cost center column (left out on the cost center's own page) @default true */
  withCostCenter?: boolean
}

/**
 * The budgets' month (issue 42 item 3): each budget's amount, its month to date, its run-rate
 * forecast (each with its share of the amount) and the thresholds reached; a budget links to its
 * record, the cost center to its page.
 */
export function BudgetTable({ rows, name, withCostCenter = true }: BudgetTableProps) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={name}>
      <HTMLTable striped compact className="spend-table budget-table" aria-label={name}>
        <thead>
          <tr>
            {withCostCenter && <th scope="col">Cost Center</th>}
            <th scope="col" className="numeric">
              Budget
            </th>
            <th scope="col" className="numeric">
              Month to Date
            </th>
            <th scope="col" className="numeric">
              Forecast
            </th>
            <th scope="col">Thresholds</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              {withCostCenter && (
                <th scope="row">
                  <Link href={paths.auth.resource.getHref('view', 'cost_centers', r.cost_center_id)}>{r.identifier}</Link>
                </th>
              )}
              <td className="numeric">
                <Link href={paths.auth.resource.getHref('view', 'cost_center_budgets', r.id)}>{formatAmount(r.amount, r.currency)}</Link>
              </td>
              <td className="numeric">
                {formatAmount(r.spent, r.currency)}
                {percent(r.spent_percent)}
              </td>
              <td className="numeric">
                {r.forecast === null ? '—' : `${formatAmount(r.forecast, r.currency)}${percent(r.forecast_percent)}`}
              </td>
              <td>
                <ThresholdTags row={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  )
}
