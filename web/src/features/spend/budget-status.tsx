import { Callout, Classes, Intent, Spinner } from '@blueprintjs/core'
import { useState } from 'react'
import useSWR from 'swr'
import type { BudgetStatusAnswer, BudgetStatusQuery } from '../../../../shared/schemas/budget-status.js'
import { Pager } from '../../components/resource-table/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { BudgetTable } from './budget-table.js'
import { monthLabel } from './spend-query.js'

const PAGE_SIZES = [10, 25, 50] as const

export interface BudgetStatusProps {
  /** the budgets' filters (the Spend screen's, or one cost center's identifier) */
  query: Omit<BudgetStatusQuery, 'page' | 'per_page'>
  /** the section's id prefix and what it is of: 'spend-budgets', 'Budgets' */
  id: string
  /** one cost center's page: no cost center column, no pager */
  ofCostCenter?: string
}

/**
 * The budgets of this month (issue 42 item 3), the most spent first: on the Spend screen for its
 * filters, paged; on a cost center's page, its own. The figures are the upstream's
 * (GET /cost_center_budgets/status), read from the monthly aggregate.
 */
export function BudgetStatus({ query, id, ofCostCenter }: BudgetStatusProps) {
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES[0])
  const call = ofCostCenter ? { ...query, per_page: 100 } : { ...query, page, per_page: perPage }
  const { data: answer, error } = useSWR<BudgetStatusAnswer>(paths.api.costCenterBudgets.status.getHref(call), { keepPreviousData: true })
  const meta = answer?.meta
  const title = `Budgets${meta ? `, ${monthLabel(meta.month)} (day ${meta.elapsed_days} of ${meta.days})` : ''}`
  return (
    <section className="page__section budget-status" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={Classes.HEADING}>
        {title}
      </h2>
      {error && !answer ? (
        <Callout intent={Intent.DANGER} title="The budgets could not be loaded">
          {errorText(error)}
        </Callout>
      ) : !answer ? (
        <Spinner aria-label="Loading the budgets" size={20} />
      ) : answer.data.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{ofCostCenter ? `${ofCostCenter} has no budget.` : 'No budget for these cost centers.'}</p>
      ) : (
        <>
          <BudgetTable rows={answer.data} name={ofCostCenter ? `Budgets of ${ofCostCenter}` : 'Budgets'} withCostCenter={!ofCostCenter} />
          {!ofCostCenter && answer.meta.count > PAGE_SIZES[0] && (
            <Pager
              page={page}
              perPage={perPage}
              total={answer.meta.count}
              onPage={setPage}
              onPerPage={(size) => {
                setPerPage(size)
                setPage(1)
              }}
              pageSizes={PAGE_SIZES}
              noun="budget"
            />
          )}
        </>
      )}
    </section>
  )
}
