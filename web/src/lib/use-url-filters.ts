import { useLocation, useSearch } from 'wouter'

/**
 * A screen's filters kept in the URL, read by `filtersOf` and written by `searchOf`, and a way to
 * change some of them: a change starts again at page 1 and replaces the history entry, so Back leaves
 * the screen rather than stepping through each filter.
 */
export function useUrlFilters<F extends { page: number }>(
  filtersOf: (search: string) => F,
  searchOf: (filters: F) => string,
): [F, (next: Partial<F>) => void] {
  const [location, navigate] = useLocation()
  const filters = filtersOf(useSearch())
  const change = (next: Partial<F>) => {
    const query = searchOf({ ...filters, page: 1, ...next })
    navigate(query ? `${location}?${query}` : location, { replace: true })
  }
  return [filters, change]
}
