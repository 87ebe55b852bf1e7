import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryTooltip } from 'victory'
import { formatAmount, formatNumber } from '../../../../shared/amounts.js'
import type { SpendGroup } from '../../../../shared/schemas/bills-dashboard.js'
import { spendHeading } from './spend-currency.js'

/** the bars one chart shows: the biggest spenders; the table view lists them all */
export const CHART_BARS = 30

export interface SpendChartProps {
  /** the spend of one currency, biggest first */
  groups: readonly SpendGroup[]
  currency: string | null
  /** the chart's name: 'Spend per Cost Center chart', one per currency when the window has several */
  name: string
}

/**
 * 'Spend per Cost Center' (spec 001 §2): a victory bar chart, 1000 × 600 (it scales down with its
 * column), one bar per cost center, biggest first, all in one currency (a window of several gets a
 * chart each: bars of two currencies side by side would compare what cannot be); an image named by
 * its title and described by its figures, with each bar's amount in a tooltip. The amount axis names
 * the currency ('Spend (USD)').
 */
export function SpendChart({ groups, currency, name }: SpendChartProps) {
  const shown = groups.slice(0, CHART_BARS)
  const money = (amount: number) => formatAmount(amount, currency)
  const description = shown.map((g) => `${g.identifier}: ${money(g.amount)}`).join(', ')
  return (
    <VictoryChart
      width={1000}
      height={600}
      // a few bars stand wide in the middle, thirty fill the width
      domainPadding={{ x: Math.max(30, 400 / shown.length) }}
      padding={{ top: 20, bottom: 130, left: 110, right: 20 }}
      containerComponent={<VictoryContainer title={name} desc={description} responsive role="img" aria-label={name} />}
    >
      <VictoryAxis style={{ tickLabels: { angle: -45, textAnchor: 'end', fontSize: 11, fill: 'currentColor' } }} />
      <VictoryAxis
        dependentAxis
        label={spendHeading(currency)}
        tickFormat={(t: number) => formatNumber(t)}
        style={{
          tickLabels: { fontSize: 11, fill: 'currentColor' },
          axisLabel: { fontSize: 13, padding: 90, fill: 'currentColor' },
        }}
      />
      <VictoryBar
        data={shown.map((g) => ({ x: g.identifier, y: g.amount, label: `${g.identifier}: ${money(g.amount)}` }))}
        style={{ data: { fill: ({ datum }: { datum?: { y: number } }) => ((datum?.y ?? 0) < 0 ? '#CD4246' : '#2D72D2') } }}
        barRatio={0.7}
        // the ratio is of the space between bars: a lone bar has none, and Victory drew it a hairline
        barWidth={shown.length === 1 ? 80 : undefined}
        labelComponent={<VictoryTooltip />}
      />
    </VictoryChart>
  )
}
