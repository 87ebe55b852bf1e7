import type { SpendAnswer } from '../../../../shared/schemas/bills-dashboard.js'
import { formatAmount } from '../../lib/amounts.js'

/** What the spend figures are in, for the chart's axis and the table's head: 'Spend (USD)'. */
export function spendHeading(meta: SpendAnswer['meta']): string {
  if (meta.currency) return `Spend (${meta.currency})`
  return meta.mixedCurrencies ? 'Spend (several currencies)' : 'Spend'
}

/** One figure of the answer with its currency when the window has one: 'USD 1,234.50'. */
export function spendAmount(amount: number, meta: SpendAnswer['meta']): string {
  return formatAmount(amount, meta.currency)
}
