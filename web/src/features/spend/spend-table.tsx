import { HTMLTable } from '@blueprintjs/core'
import { formatNumber } from '../../../../shared/amounts.js'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import type { MonthlySpendAnswer, MonthlySpendRow } from '../../../../shared/schemas/monthly-spend.js'
import { Link } from 'wouter'
import { SortHeader } from '../../components/resource-table/sort-header.js'
import { billsHref, monthLabel } from './spend-query.js'

const percent = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${value.toLocaleString('en-US')} %`)
const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatNumber(amount)}`
const rowKey = (r: MonthlySpendRow) => `${r.identifier} ${r.business_units_id ?? ''} ${r.provider} ${r.currency ?? ''}`

export interface SpendTableProps {
  answer: MonthlySpendAnswer
  /** the table's name for assistive technology */
  name: string
  /** sortable headers when given */
  sort?: string
  onSort?: (sort: string) => void
}

/**
 * The monthly spend: a row per cost center, business unit, provider and currency, its 12 months,
 * their total and the last month against the one before; the cost center links to the bills behind
 * the row. Figures are in the row's currency (its own column), so a cell holds the figure alone. The
 * foot holds one total per currency: amounts of two currencies are never added.
 */
export function SpendTable({ answer, name, sort, onSort }: SpendTableProps) {
  const { months } = answer.meta
  const last = months.length - 1
  const head = (field: string, label: string) =>
    sort !== undefined && onSort ? <SortHeader field={field} label={label} sort={sort} onSort={onSort} /> : <th scope="col">{label}</th>
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={name}>
      <HTMLTable striped compact className="spend-table" aria-label={name}>
        <thead>
          <tr>
            {head('identifier', 'Cost Center')}
            {head('business_unit', 'Business Unit')}
            {head('provider', 'Provider')}
            {head('currency', 'Currency')}
            {months.slice(0, last).map((m) => (
              <th scope="col" className="numeric" key={m}>
                {monthLabel(m)}
              </th>
            ))}
            {head('current', monthLabel(months[last]))}
            {head('total', 'Total')}
            {head('change', 'Change')}
            {head('change_percent', 'Change %')}
          </tr>
        </thead>
        <tbody>
          {answer.data.map((r) => (
            <tr key={rowKey(r)}>
              <th scope="row">
                <Link href={billsHref(r, months)} aria-label={`Bills of ${r.identifier}, ${CLOUD_LABELS[r.provider] ?? r.provider}`}>
                  {r.identifier}
                </Link>
              </th>
              <td>{r.business_unit_name ?? '—'}</td>
              <td>{CLOUD_LABELS[r.provider] ?? r.provider}</td>
              <td>{r.currency ?? '—'}</td>
              {r.months.map((amount, i) => (
                <td className="numeric" key={months[i]}>
                  {formatNumber(amount)}
                </td>
              ))}
              <td className="numeric">{formatNumber(r.total)}</td>
              <td className="numeric">{signed(r.change)}</td>
              <td className="numeric">{percent(r.change_percent)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {answer.meta.totals.map((t) => (
            <tr key={t.currency ?? ''}>
              <th scope="row" colSpan={4}>
                {t.currency ? `Total in ${t.currency}` : 'Total without a currency'}
              </th>
              {t.months.map((amount, i) => (
                <td className="numeric" key={months[i]}>
                  {formatNumber(amount)}
                </td>
              ))}
              <td className="numeric">{formatNumber(t.total)}</td>
              <td className="numeric">{signed(t.change)}</td>
              <td className="numeric">{percent(t.change_percent)}</td>
            </tr>
          ))}
        </tfoot>
      </HTMLTable>
    </div>
  )
}
