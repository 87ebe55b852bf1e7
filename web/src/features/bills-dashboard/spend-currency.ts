import type { SpendAnswer, SpendTotal } from '../../../../shared/schemas/bills-dashboard.js'
import { plural } from '../../../../shared/plural.js'

/** What figures are in, for a chart's axis and the table's head: 'Spend (USD)'; 'Spend' when they name no currency. */
export function spendHeading(currency: string | null): string {
  return currency ? `Spend (${currency})` : 'Spend'
}

/** The one currency of the whole window, if it has one; with several, each figure names its own. */
export function windowCurrency(answer: SpendAnswer): string | null {
  return answer.meta.totals.length === 1 ? answer.meta.totals[0].currency : null
}

/**
 * A total's row head: 'Total (2 cost centers)' when the window is in one currency; else each
 * currency's own, 'Total in USD (2 cost centers)', as amounts of two currencies are not added.
 */
export function totalLabel(total: SpendTotal, answer: SpendAnswer): string {
  if (answer.meta.totals.length === 1) return `Total (${plural(answer.meta.identifiers, 'cost center')})`
  const what = total.currency ? `in ${total.currency}` : 'without a currency'
  return `Total ${what} (${plural(total.identifiers, 'cost center')})`
}
