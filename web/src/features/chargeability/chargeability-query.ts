import {
  CHARGEABILITY_PROVIDERS,
  CHARGEABILITY_REASONS,
  CHARGEABLE_KINDS,
  type ChargeabilityCountGroup,
  type ReasonCounts,
} from '../../../../shared/schemas/chargeability.js'

/** The Chargeability screen's state, as the URL carries it (shareable, kept on reload). */
export interface ChargeabilityFilters {
  reason: string
  business_unit: string
  provider: string
  kind: string
  page: number
  perPage: number
}

export const CHARGEABILITY_PER_PAGE = 50
export const CHARGEABILITY_PAGE_SIZES = [25, 50, 100] as const

const oneOf = (values: readonly string[], value: string | null) => (value !== null && values.includes(value) ? value : '')

/** What the URL says; a value the call would refuse is left out rather than shown as an error. */
export function filtersOf(search: string): ChargeabilityFilters {
  const params = new URLSearchParams(search)
  const page = Number(params.get('page'))
  const perPage = Number(params.get('per_page'))
  return {
    reason: oneOf(CHARGEABILITY_REASONS, params.get('reason')),
    business_unit: /^[1-9]\d{0,8}$/.test(params.get('business_unit') ?? '') ? params.get('business_unit')! : '',
    provider: oneOf(CHARGEABILITY_PROVIDERS, params.get('provider')),
    kind: oneOf(CHARGEABLE_KINDS, params.get('kind')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: (CHARGEABILITY_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : CHARGEABILITY_PER_PAGE,
  }
}

/** The URL's query for some filters: only what differs from the defaults. */
export function searchOf(f: ChargeabilityFilters): string {
  const query = new URLSearchParams()
  for (const name of ['reason', 'business_unit', 'provider', 'kind'] as const) if (f[name]) query.set(name, f[name])
  if (f.page > 1) query.set('page', String(f.page))
  if (f.perPage !== CHARGEABILITY_PER_PAGE) query.set('per_page', String(f.perPage))
  return query.toString()
}

/** The call's filters (the CSV's too): only those set. */
export function callParams(f: ChargeabilityFilters) {
  return {
    reason: f.reason || undefined,
    business_unit: f.business_unit || undefined,
    provider: f.provider || undefined,
    kind: f.kind || undefined,
  }
}

/** The groups the filters select: the list's business unit, provider and kind (the reason picks a column, not groups). */
export function selectedGroups(groups: readonly ChargeabilityCountGroup[], f: ChargeabilityFilters): ChargeabilityCountGroup[] {
  return groups.filter(
    (g) =>
      (!f.business_unit || String(g.business_units_id) === f.business_unit) &&
      (!f.provider || g.provider === f.provider) &&
      (!f.kind || g.kind === f.kind),
  )
}

const ZERO: ReasonCounts = { missing: 0, unknown: 0, expired: 0, not_approved: 0, terminated_owner: 0, total: 0 }

function add(a: ReasonCounts, b: ReasonCounts): ReasonCounts {
  return Object.fromEntries(Object.keys(ZERO).map((k) => [k, a[k as keyof ReasonCounts] + b[k as keyof ReasonCounts]])) as ReasonCounts
}

/** The sum of some groups' counts. */
export const totalOf = (groups: readonly ChargeabilityCountGroup[]): ReasonCounts => groups.reduce((sum, g) => add(sum, g.counts), ZERO)

/** One row per business unit and provider (the kinds the filters select summed), by business unit (none last) and provider. */
export function byUnitAndProvider(groups: readonly ChargeabilityCountGroup[]) {
  const rows = new Map<string, { business_unit_name: string | null; provider: string; counts: ReasonCounts }>()
  for (const g of groups) {
    const key = `${g.business_units_id ?? ''} ${g.provider}`
    const row = rows.get(key)
    if (row) row.counts = add(row.counts, g.counts)
    else rows.set(key, { business_unit_name: g.business_unit_name, provider: g.provider, counts: g.counts })
  }
  const unit = (name: string | null) => name ?? '\uffff'
  return [...rows.entries()]
    .map(([key, row]) => ({ key, ...row }))
    .sort((a, b) => unit(a.business_unit_name).localeCompare(unit(b.business_unit_name)) || a.provider.localeCompare(b.provider))
}
