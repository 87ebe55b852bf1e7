import useSWR from 'swr'
import type { SearchAnswer } from '../../../../shared/calls/search.js'
import { paths } from '../../config/paths.js'
import { useDebounced } from '../../lib/use-debounced.js'

/** Quiet time after the last key before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 200

/**
 * The records whose id, identifier, code, email or name matches what was typed (GET /api/search),
 * asked once typing pauses; none for an empty text, or when the role may not search.
 */
export function useRecordSearch(text: string, allowed: boolean) {
  const typed = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS)
  const key = allowed && typed ? paths.api.search.records.getHref({ q: typed }) : null
  const { data, error, isLoading } = useSWR<SearchAnswer>(key, { keepPreviousData: true, revalidateOnFocus: false })
  const settled = typed === text.trim()
  return {
    // what an older text found is not offered for this one
    groups: key && settled && !isLoading ? (data?.data ?? []) : [],
    error: error as Error | undefined,
    isLoading: allowed && text.trim() !== '' && (!settled || isLoading),
  }
}
