import { Button, Callout, Card, Classes, FormGroup, H1, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core'
import { useState } from 'react'
import useSWR from 'swr'
import { BILL_PROVIDERS } from '../../../../shared/resources/cloud-bills.js'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import type { MonthlySpendAnswer } from '../../../../shared/schemas/monthly-spend.js'
import { CsvLink } from '../../components/links/index.js'
import { Pager } from '../../components/resource-table/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { useUrlFilters } from '../../lib/use-url-filters.js'
import { BudgetStatus } from './budget-status.js'
import { SpendAnomalies } from './spend-anomalies.js'
import { MonthlySpendChart } from './spend-chart.js'
import { callParams, filtersOf, monthLabel, searchOf, SPEND_PAGE_SIZES } from './spend-query.js'
import { SpendTable } from './spend-table.js'
import './spend.css'

const BUSINESS_UNITS = { model: 'business_units', labelField: 'name' } as const

/**
 * Spend (issue 42 item 1): the last 12 months of spend per cost center, business unit, provider and
 * currency, read from the aggregate the database keeps; filters by business unit, provider and owner
 * in the URL, a sortable table whose rows open the bills behind them, a chart of the monthly totals
 * (one per currency, never added together) and the CSV of the same table. Above them, this month's
 * budgets of the same cost centers (issue 42 item 3); below, the last month's anomalies (issue 42
 * item 2), per cost center and currency (every provider and business unit together: the owner filter
 * alone applies).
 */
export default function SpendPage() {
  usePageTitle('Spend')
  const [filters, change] = useUrlFilters(filtersOf, searchOf)
  const [owner, setOwner] = useState(filters.owner)
  const units = useLookupOptions(BUSINESS_UNITS)
  const params = callParams(filters)
  const {
    data: answer,
    error,
    isLoading,
  } = useSWR<MonthlySpendAnswer>(paths.api.cloudBills.monthlySpend.getHref({ ...params, page: filters.page, per_page: filters.perPage }), {
    keepPreviousData: true,
  })
  const months = answer?.meta.months
  const window = months ? `${monthLabel(months[0])} – ${monthLabel(months[months.length - 1])}` : ''

  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">Spend</H1>
        <CsvLink href={paths.api.cloudBills.monthlySpendCsv.getHref(params)} />
      </header>
      <Card className="spend-filters">
        <form
          className="spend-filters__form"
          aria-label="Spend filters"
          onSubmit={(e) => {
            e.preventDefault()
            change({ owner: owner.trim() })
          }}
        >
          <FormGroup label="Business Unit" labelFor="spend-business-unit">
            <HTMLSelect
              id="spend-business-unit"
              value={filters.business_unit}
              onChange={(e) => change({ business_unit: e.currentTarget.value })}
            >
              <option value="">All</option>
              {units.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Provider" labelFor="spend-provider">
            <HTMLSelect id="spend-provider" value={filters.provider} onChange={(e) => change({ provider: e.currentTarget.value })}>
              <option value="">All</option>
              {BILL_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {CLOUD_LABELS[p]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Owner" labelFor="spend-owner">
            <InputGroup
              id="spend-owner"
              type="email"
              placeholder="owner@example.com"
              value={owner}
              onChange={(e) => setOwner(e.currentTarget.value)}
            />
          </FormGroup>
          <Button type="submit" icon="filter" text="Apply" intent={Intent.PRIMARY} />
          <Button
            text="Clear filters"
            variant="minimal"
            onClick={() => {
              setOwner('')
              change({ business_unit: '', provider: '', owner: '' })
            }}
          />
        </form>
      </Card>

      {/* issue 42 item 3: a budget counts every provider, so the provider filter leaves it alone */}
      <BudgetStatus
        id="spend-budgets"
        query={{ business_unit: filters.business_unit ? Number(filters.business_unit) : undefined, owner: filters.owner || undefined }}
      />

      {error && !answer ? (
        <Callout intent={Intent.DANGER} title="The spend could not be loaded">
          {errorText(error)}
        </Callout>
      ) : !answer ? (
        <Spinner aria-label="Loading the spend" />
      ) : answer.data.length === 0 ? (
        <NonIdealState icon="timeline-bar-chart" title="No spend in these 12 months" description={`No bills match from ${window}.`} />
      ) : (
        <>
          {error && (
            <Callout intent={Intent.DANGER} title="The spend could not be refreshed">
              {errorText(error)}
            </Callout>
          )}
          <section className="page__section" aria-labelledby="spend-totals-title">
            <h2 id="spend-totals-title" className={Classes.HEADING}>
              Monthly totals, {window}
            </h2>
            <div className="spend-charts">
              {answer.meta.totals.map((total) => (
                <Card className="spend-chart" key={total.currency ?? ''}>
                  <MonthlySpendChart
                    total={total}
                    months={answer.meta.months}
                    name={`Monthly spend chart (${total.currency ?? 'no currency'})`}
                  />
                </Card>
              ))}
            </div>
          </section>
          <SpendAnomalies
            query={{ month: months?.[months.length - 1], owner: params.owner, identifier: params.identifier }}
            title={`Anomalies, ${monthLabel(answer.meta.months[answer.meta.months.length - 1])}`}
            id="spend-anomalies-title"
          />
          <section className="page__section" aria-labelledby="spend-table-title">
            <h2 id="spend-table-title" className={Classes.HEADING}>
              Spend per Cost Center
            </h2>
            <div className={isLoading ? 'spend-table-frame spend-table-frame--stale' : 'spend-table-frame'}>
              <SpendTable answer={answer} name="Spend per Cost Center" sort={filters.sort} onSort={(sort) => change({ sort })} />
            </div>
            <Pager
              page={filters.page}
              perPage={filters.perPage}
              total={answer.meta.count}
              onPage={(page) => change({ page })}
              onPerPage={(perPage) => change({ perPage })}
              pageSizes={SPEND_PAGE_SIZES}
              noun="row"
            />
          </section>
        </>
      )}
    </div>
  )
}
