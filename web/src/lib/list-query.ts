/**
 * The pure half of the list controller: a list's query lives in the URL's query string (page,
 * per_page, sort, by_<field>), so a list can be shared, bookmarked and walked back through.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/constants.js'
import { filtersNothing } from '../../../shared/filter-params.js'
import type { ResourceDef } from '../../../shared/resources/index.js'

export interface ListQuery {
  page: number
  perPage: number
  /** a field name, '-' prefix for descending */
  sort: string
  /** by_<field> → value; 'All' or '' means no filter (shared/filter-params.ts) */
  filters: Record<string, string>
}

/** One change to the query string; undefined, '' and 'All' remove the parameter. */
export type QueryChanges = Record<string, string | number | undefined>

/**
 * A query string → the list query: a page and page size of at least 1 (the size at most
 * MAX_PAGE_SIZE), a sort only by a listed column (else the model's default), and the model's filters.
 */
export function parseListQuery(resource: ResourceDef, search: string): ListQuery {
  const params = new URLSearchParams(search)
  const int = (name: string, fallback: number, max: number) => {
    const raw = params.get(name) ?? ''
    const n = /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : Number.NaN
    return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : fallback
  }
  const filters: Record<string, string> = {}
  for (const f of resource.filters) filters[f.param] = params.get(f.param) ?? ''
  const sort = params.get('sort')
  const sortable = sort && resource.columns.includes(sort.replace(/^-/, ''))
  return {
    page: int('page', 1, Number.MAX_SAFE_INTEGER),
    perPage: int('per_page', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: sortable ? sort : resource.defaultSort,
    filters,
  }
}

/** The query string with `changes` applied; other parameters stay as they were. */
export function changeSearch(search: string, changes: QueryChanges): string {
  const params = new URLSearchParams(search)
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || filtersNothing(String(value))) params.delete(name)
    else params.set(name, String(value))
  }
  return params.toString()
}

/** The changes each list action makes: any change but paging goes back to the first page. */
export const listChanges = {
  page: (page: number): QueryChanges => ({ page: page > 1 ? page : undefined }),
  perPage: (perPage: number): QueryChanges => ({ per_page: perPage, page: undefined }),
  sort: (sort: string): QueryChanges => ({ sort, page: undefined }),
  filter: (param: string, value: string): QueryChanges => ({ [param]: value, page: undefined }),
  clearFilters: (resource: ResourceDef): QueryChanges => Object.fromEntries(resource.filters.map((f) => [f.param, undefined])),
}
