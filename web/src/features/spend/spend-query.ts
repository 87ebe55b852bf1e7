import { BILL_PROVIDERS } from '../../../../shared/resources/cloud-bills.js'
import { SPEND_SORTS, type MonthlySpendRow } from '../../../../shared/schemas/monthly-spend.js'
import { paths } from '../../config/paths.js'

/** The Spend screen's state, as the URL carries it (shareable, kept on reload). */
export interface SpendFilters {
  business_unit: string
  provider: string
  owner: string
  sort: string
  page: number
  perPage: number
}

export const SPEND_PER_PAGE = 50
export const SPEND_PAGE_SIZES = [25, 50, 100] as const
const SORTS = new Set<string>(SPEND_SORTS.flatMap((s) => [s, `-${s}`]))
const PROVIDERS = new Set<string>(BILL_PROVIDERS)

/** What the URL says; a value the call would refuse is left out rather than shown as an error. */
export function filtersOf(search: string): SpendFilters {
  const params = new URLSearchParams(search)
  const sort = params.get('sort') ?? ''
  const page = Number(params.get('page'))
  const perPage = Number(params.get('per_page'))
  return {
    business_unit: /^[1-9]\d*$/.test(params.get('business_unit') ?? '') ? params.get('business_unit')! : '',
    provider: PROVIDERS.has(params.get('provider') ?? '') ? params.get('provider')! : '',
    owner: params.get('owner') ?? '',
    sort: SORTS.has(sort) ? sort : '-total',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: (SPEND_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : SPEND_PER_PAGE,
  }
}

/** The URL's query for some filters: only what differs from the defaults. */
export function searchOf(f: SpendFilters): string {
  const query = new URLSearchParams()
  if (f.business_unit) query.set('business_unit', f.business_unit)
  if (f.provider) query.set('provider', f.provider)
  if (f.owner) query.set('owner', f.owner)
  if (f.sort !== '-total') query.set('sort', f.sort)
  if (f.page > 1) query.set('page', String(f.page))
  if (f.perPage !== SPEND_PER_PAGE) query.set('per_page', String(f.perPage))
  return query.toString()
}

/** The call's parameters for some filters (identifier: one cost center's own). */
export function callParams(f: Partial<SpendFilters>, identifier?: string) {
  return {
    business_unit: f.business_unit || undefined,
    provider: f.provider || undefined,
    owner: f.owner || undefined,
    identifier,
    sort: f.sort,
  }
}

/** The bills history behind a row: its cost center's bills dated in the window (both days count). */
export function billsHref(row: Pick<MonthlySpendRow, 'identifier'>, months: readonly string[]): string {
  const [year, month] = months[months.length - 1].split('-').map(Number)
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
  const query = new URLSearchParams({ key: row.identifier, startDate: `${months[0]}-01`, endDate: lastDay })
  return `${paths.auth.resource.getHref('view', 'cloud_bills')}?${query}`
}

/** the month's label lives with the dates, as the Chargeability screen shows months too */
export { monthLabel } from '../../lib/dates.js'
