import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/constants.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import type { ListQuery } from './resource-api.js'

/**
 * The headless part of a list screen (react-admin's useListController): page, page size, sort and
 * filters live in the URL query string (shareable, back-button friendly) and become the list query.
 */
export type ListController = ReturnType<typeof useListController>

export function useListController(resource: ResourceDef) {
  const search = useSearch()
  const [location, navigate] = useLocation()

  const query: ListQuery = useMemo(() => {
    const params = new URLSearchParams(search)
    const int = (name: string, fallback: number, max: number) => {
      const n = Number.parseInt(params.get(name) ?? '', 10)
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
  }, [search, resource])

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const params = new URLSearchParams(search)
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || value === 'All') params.delete(name)
        else params.set(name, String(value))
      }
      const qs = params.toString()
      navigate(qs ? `${location}?${qs}` : location, { replace: true })
    },
    [search, location, navigate],
  )

  return {
    query,
    setPage: useCallback((page: number) => update({ page: page > 1 ? page : undefined }), [update]),
    setPerPage: useCallback((perPage: number) => update({ per_page: perPage, page: undefined }), [update]),
    setSort: useCallback((sort: string) => update({ sort, page: undefined }), [update]),
    setFilter: useCallback((param: string, value: string) => update({ [param]: value, page: undefined }), [update]),
    clearFilters: useCallback(
      () => update(Object.fromEntries(resource.filters.map((f) => [f.param, undefined]))),
      [update, resource],
    ),
  }
}
