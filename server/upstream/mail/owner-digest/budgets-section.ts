import { formatAmount } from '../../../../shared/amounts.js'
import { budgetFigures, monthProgress, thresholdsOf } from '../../../../shared/rules/budgets.js'
import { budgetsSql, type BudgetRow } from '../../db/records/budgets.js'
import { rows } from '../../db/records/rows.js'
import { monthTitle } from './months.js'
import { byOwner, listSection, type DigestSectionBuilder } from './section.js'

function lineOf(r: BudgetRow, month: string, now: Date): string {
  const [amount, spent, thresholds] = [Number(r.amount), Number(r.spent), thresholdsOf(r.thresholds)]
  const figures = budgetFigures(spent, amount, thresholds, monthProgress(month, now))
  const crossed = figures.crossed.length > 0 ? `crossed ${figures.crossed.map((t) => `${t} %`).join(', ')}` : 'within budget'
  return `${r.identifier}: ${formatAmount(spent, r.currency)} of ${formatAmount(amount, r.currency)} (${figures.spent_percent} %), ${crossed}`
}

/** Each budget of an owner's cost centers against the month's spend in its currency, and the thresholds it crossed (issue 42 item 3). */
export const budgetsSection: DigestSectionBuilder = async (db, { month, owner, now }) => {
  const budgets = await rows<BudgetRow>(db, budgetsSql(owner === undefined ? {} : { owner }, month, { limit: 1_000_000, offset: 0 }))
  const title = `Budgets in ${monthTitle(month)}`
  return new Map(
    [...byOwner(budgets)].map(([who, theirs]) => [
      who,
      listSection(
        title,
        theirs.map((r) => lineOf(r, month, now)),
      ),
    ]),
  )
}
