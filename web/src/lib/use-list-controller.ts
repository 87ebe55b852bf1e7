import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { changeSearch, listChanges, parseListQuery, type ListQuery, type QueryChanges } from './list-query.js'

/**
 * The headless part of a list screen (react-admin's useListController): page, page size, sort and
 * filters live in the URL query string (shareable, back-button friendly) and become the list query
 * (the pure query ⇄ URL part is list-query.ts).
 */
export type ListController = ReturnType<typeof useListController>

export function useListController(resource: ResourceDef) {
  const search = useSearch()
  const [location, navigate] = useLocation()

  const query: ListQuery = useMemo(() => parseListQuery(resource, search), [search, resource])

  const update = useCallback(
    (changes: QueryChanges) => {
      const qs = changeSearch(search, changes)
      navigate(qs ? `${location}?${qs}` : location, { replace: true })
    },
    [search, location, navigate],
  )

  return {
    query,
    setPage: useCallback((page: number) => update(listChanges.page(page)), [update]),
    setPerPage: useCallback((perPage: number) => update(listChanges.perPage(perPage)), [update]),
    setSort: useCallback((sort: string) => update(listChanges.sort(sort)), [update]),
    setFilter: useCallback((param: string, value: string) => update(listChanges.filter(param, value)), [update]),
    clearFilters: useCallback(() => update(listChanges.clearFilters(resource)), [update, resource]),
  }
}
