import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryTooltip } from 'victory'
import { formatAmount, formatNumber } from '../../../../shared/amounts.js'
import type { MonthlySpendTotal } from '../../../../shared/schemas/monthly-spend.js'
import { monthLabel } from './spend-query.js'

/**
 * One currency's monthly total over the 12 months, a Victory bar chart as the billing dashboard
 * draws its own (features/bills-dashboard/spend-chart.tsx): an image named by its title and
 * described by its figures, each bar's amount in a tooltip, credits in red. A chart per currency:
 * bars of two currencies side by side would compare what cannot be.
 */
export function MonthlySpendChart({ total, months, name }: { total: MonthlySpendTotal; months: readonly string[]; name: string }) {
  const money = (amount: number) => formatAmount(amount, total.currency)
  const bars = months.map((m, i) => ({ x: monthLabel(m), y: total.months[i], label: `${monthLabel(m)}: ${money(total.months[i])}` }))
  return (
    <VictoryChart
      width={900}
      height={320}
      domainPadding={{ x: 30 }}
      padding={{ top: 20, bottom: 70, left: 100, right: 20 }}
      containerComponent={
        <VictoryContainer title={name} desc={bars.map((b) => b.label).join(', ')} responsive role="img" aria-label={name} />
      }
    >
      <VictoryAxis style={{ tickLabels: { angle: -45, textAnchor: 'end', fontSize: 11, fill: 'currentColor' } }} />
      <VictoryAxis
        dependentAxis
        label={total.currency ? `Spend (${total.currency})` : 'Spend'}
        tickFormat={(t: number) => formatNumber(t)}
        style={{ tickLabels: { fontSize: 11, fill: 'currentColor' }, axisLabel: { fontSize: 13, padding: 80, fill: 'currentColor' } }}
      />
      <VictoryBar
        data={bars}
        style={{ data: { fill: ({ datum }: { datum?: { y: number } }) => ((datum?.y ?? 0) < 0 ? '#CD4246' : '#2D72D2') } }}
        barRatio={0.7}
        labelComponent={<VictoryTooltip />}
      />
    </VictoryChart>
  )
}
