import { Callout, Classes, Intent, Spinner } from '@blueprintjs/core'
import useSWR from 'swr'
import type { MonthlySpendAnswer } from '../../../../shared/schemas/monthly-spend.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'
import { BudgetStatus } from './budget-status.js'
import { SpendAnomalies } from './spend-anomalies.js'
import { MonthlySpendChart } from './spend-chart.js'
import { monthLabel } from './spend-query.js'
import { SpendTable } from './spend-table.js'
import './spend.css'

/**
 * A cost center's record page (issue 42 item 1): its own 12-month spend, per business unit, provider
 * and currency, as the Spend screen shows it filtered to it, with a chart of its monthly totals per
 * currency; before it, this month's budgets of the cost center (issue 42 item 3).
 */
export function CostCenterSpend({ row }: { row: Row }) {
  const identifier = String(row.identifier ?? '')
  const { data: answer, error } = useSWR<MonthlySpendAnswer>(
    identifier ? paths.api.cloudBills.monthlySpend.getHref({ identifier, per_page: 100 }) : null,
  )
  const months = answer?.meta.months
  return (
    <>
      {/* issue 42 item 3: this month's budgets of the cost center, before its spend */}
      {identifier && <BudgetStatus id="cost-center-budgets" query={{ identifier }} ofCostCenter={identifier} />}
      <section className="page__section spend-panel" aria-labelledby="cost-center-spend-title">
        <h2 id="cost-center-spend-title" className={Classes.HEADING}>
          Spend{months ? `, ${monthLabel(months[0])} – ${monthLabel(months[months.length - 1])}` : ''}
        </h2>
        {error ? (
          <Callout intent={Intent.DANGER} title="The spend could not be loaded">
            {errorText(error)}
          </Callout>
        ) : !answer ? (
          <Spinner aria-label="Loading the spend" size={20} />
        ) : answer.data.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>No bills in these 12 months.</p>
        ) : (
          <>
            {answer.meta.totals.map((total) => (
              <MonthlySpendChart
                key={total.currency ?? ''}
                total={total}
                months={answer.meta.months}
                name={`Monthly spend of ${identifier} (${total.currency ?? 'no currency'})`}
              />
            ))}
            <SpendTable answer={answer} name={`Spend of ${identifier}`} />
            <SpendAnomalies
              query={{ identifier, months: months?.length }}
              title={`Anomalies, ${monthLabel(answer.meta.months[0])} – ${monthLabel(answer.meta.months[answer.meta.months.length - 1])}`}
              id="cost-center-anomalies-title"
            />
          </>
        )}
      </section>
    </>
  )
}
