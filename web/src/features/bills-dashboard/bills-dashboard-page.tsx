import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Classes,
  FormGroup,
  H1,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core'
import { DateRangeInput, type DateRange as PickerRange } from '@blueprintjs/datetime'
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css'
import { enUS } from 'date-fns/locale'
import { useState } from 'react'
import useSWR from 'swr'
import { useLocation, useSearch } from 'wouter'
import { dashboardPresets, defaultDashboardRange, isoDay, pickerMaximum, type DateRange } from '../../../../shared/billing/date-ranges.js'
import { PICKER_DATE_FORMAT } from '../../../../shared/constants.js'
import type { SpendAnswer } from '../../../../shared/schemas/bills-dashboard.js'
import { LinkButton } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { plural } from '../../../../shared/plural.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { formatAmount } from '../../../../shared/amounts.js'
import { spendHeading, totalLabel, windowCurrency } from './spend-currency.js'
import { CHART_BARS, SpendChart } from './spend-chart.js'
import './bills-dashboard.css'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const dayOf = (text: string) => {
  const [y, m, d] = text.split('-').map(Number)
  return new Date(y, m - 1, d)
}

/** What the dashboard shows, from the URL (shareable, kept on reload); the default range otherwise. */
function useApplied(): [{ key: string; range: DateRange }, (next: { key: string; range: DateRange }) => void] {
  const [location, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const start = params.get('start') ?? ''
  const end = params.get('end') ?? ''
  const range = DAY.test(start) && DAY.test(end) ? { start: dayOf(start), end: dayOf(end) } : defaultDashboardRange(new Date())
  const apply = (next: { key: string; range: DateRange }) =>
    navigate(`${location}?${new URLSearchParams({ key: next.key, start: isoDay(next.range.start), end: isoDay(next.range.end) })}`, {
      replace: true,
    })
  return [{ key: params.get('key') || 'all', range }, apply]
}

/**
 * spec 001 §9: the picker's maximum is the range end plus 24 hours; never before the presets' own end
 * (today), so a preset stays selectable after an older range is chosen (after 'Fiscal year 2018',
 * every later preset was disabled). A typed date past it is still refused.
 */
function maximumOf(range: DateRange, now: Date): Date {
  const spec = pickerMaximum(range)
  const presets = pickerMaximum(defaultDashboardRange(now))
  return spec > presets ? spec : presets
}

const spendHref = (key: string, range: DateRange) =>
  paths.api.cloudBills.spend.getHref({ key, startDate: isoDay(range.start), endDate: isoDay(range.end) })

/**
 * The billing dashboard (spec 001 §2, §9): an identifier select starting with 'all', a date-range
 * picker with the presets (last month, 3 and 6 months, fiscal years Feb–Jan) whose maximum is the
 * range end plus 24 h (never before tomorrow: maximumOf), and Search; then 'Spend per Cost Center'
 * as a bar chart (one per currency) or a table, summed by the upstream, one total per currency. The default range runs from the first day of last month to today.
 */
export default function BillsDashboardPage() {
  usePageTitle('Billing Dashboard')
  const [applied, apply] = useApplied()
  const [key, setKey] = useState(applied.key)
  const [range, setRange] = useState<DateRange>(applied.range)
  const [view, setView] = useState<'chart' | 'table'>('chart')
  // the select offers the cost centers that spent in the shown window (the 'all' answer names them)
  const everyone = useSWR<SpendAnswer>(spendHref('all', applied.range), { keepPreviousData: true })
  const shown = useSWR<SpendAnswer>(spendHref(applied.key, applied.range), { keepPreviousData: true })
  const answer = shown.data
  const now = new Date()
  const choices = everyone.data?.data.map((g) => g.identifier) ?? []

  const onRange = ([start, end]: PickerRange) => {
    if (start && end) setRange({ start, end })
  }

  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">Billing Dashboard</H1>
        <LinkButton href={paths.auth.resource.getHref('view', 'cloud_bills')} icon="th">
          Cloud Bills History
        </LinkButton>
      </header>
      <Card className="dashboard-controls">
        <form
          className="dashboard-controls__form"
          onSubmit={(e) => {
            e.preventDefault()
            apply({ key, range })
          }}
          aria-label="Billing dashboard search"
        >
          <FormGroup label="Identifier" labelFor="dashboard-identifier">
            <HTMLSelect id="dashboard-identifier" value={key} onChange={(e) => setKey(e.currentTarget.value)}>
              <option value="all">all</option>
              {[...new Set([...choices, ...(key === 'all' ? [] : [key])])].map((identifier) => (
                <option key={identifier} value={identifier}>
                  {identifier}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Dates" labelFor="dashboard-start">
            <DateRangeInput
              value={[range.start, range.end]}
              onChange={onRange}
              shortcuts={dashboardPresets(now).map((p) => ({ label: p.label, dateRange: [p.range.start, p.range.end] }))}
              maxDate={maximumOf(range, now)}
              minDate={new Date(2015, 0, 1)}
              allowSingleDayRange
              locale={enUS}
              dateFnsFormat={PICKER_DATE_FORMAT}
              startInputProps={{ id: 'dashboard-start', 'aria-label': 'Start date' }}
              endInputProps={{ 'aria-label': 'End date' }}
            />
          </FormGroup>
          <Button type="submit" intent={Intent.PRIMARY} icon="search" text="Search" />
        </form>
        <p className={`${Classes.TEXT_MUTED} dashboard-controls__note`}>
          Note: a date holds the charges of the previous month (bills dated 1 May are April&rsquo;s).
        </p>
      </Card>

      <section className="page__section" aria-labelledby="spend-title">
        <div className="dashboard-view__header">
          <h2 id="spend-title" className={Classes.HEADING}>
            Spend per Cost Center
          </h2>
          <ButtonGroup>
            <Button text="Chart" icon="timeline-bar-chart" active={view === 'chart'} onClick={() => setView('chart')} />
            <Button text="Table" icon="th" active={view === 'table'} onClick={() => setView('table')} />
          </ButtonGroup>
        </div>
        {shown.error && !answer ? (
          <Callout intent={Intent.DANGER} title="The spend could not be loaded">
            {errorText(shown.error)}
          </Callout>
        ) : !answer ? (
          <Spinner aria-label="Loading the spend" />
        ) : answer.data.length === 0 ? (
          <NonIdealState
            icon="timeline-bar-chart"
            title="No bills in this window"
            description="Choose another window or identifier, then Search."
          />
        ) : view === 'chart' ? (
          answer.meta.totals.map((total) => {
            const groups = answer.data.filter((g) => g.currency === total.currency)
            const several = answer.meta.totals.length > 1
            return (
              <Card className="dashboard-chart" key={total.currency ?? ''}>
                <SpendChart
                  groups={groups}
                  currency={total.currency}
                  name={`Spend per Cost Center chart${several ? ` (${total.currency ?? 'no currency'})` : ''}`}
                />
                {total.identifiers > CHART_BARS && (
                  <p className={Classes.TEXT_MUTED}>
                    The {CHART_BARS} biggest of {plural(total.identifiers, 'cost center')}; the table lists them all.
                  </p>
                )}
              </Card>
            )
          })
        ) : (
          <HTMLTable striped className="dashboard-table" aria-label="Spend per Cost Center">
            <thead>
              <tr>
                <th>Identifier</th>
                <th className="numeric">{spendHeading(windowCurrency(answer))}</th>
                <th className="numeric">Bills</th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((g) => (
                <tr key={`${g.identifier} ${g.currency ?? ''}`}>
                  <td>{g.identifier}</td>
                  <td className="numeric">{formatAmount(g.amount, g.currency)}</td>
                  <td className="numeric">{g.bills.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {/* one total per currency: amounts of two currencies are not added together */}
              {answer.meta.totals.map((total) => (
                <tr key={total.currency ?? ''}>
                  <th>{totalLabel(total, answer)}</th>
                  <th className="numeric">{formatAmount(total.amount, total.currency)}</th>
                  <th />
                </tr>
              ))}
            </tfoot>
          </HTMLTable>
        )}
      </section>
    </div>
  )
}
