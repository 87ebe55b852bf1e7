import useSWR from 'swr'
import { getResource, type LookupDef, type ResourceDef } from '../../../shared/resources/index.js'
import type { ListAnswer, RecordAnswer } from '../../../shared/schemas/common.js'
import { paths } from '../config/paths.js'
import type { Row } from './resource-api.js'
import { useDebounced } from './use-debounced.js'
import type { LookupOption } from './use-lookup-options.js'

/** How many rows a lookup offers for what was typed: type more to narrow it. */
export const LOOKUP_PAGE_SIZE = 20
/** Quiet time after the last key before the server is asked. */
export const LOOKUP_DEBOUNCE_MS = 250

function lookupModel(lookup: LookupDef): ResourceDef {
  const resource = getResource(lookup.model)
  if (!resource) throw new Error(`lookup: no registry model '${lookup.model}'`)
  return resource
}

/**
 * The URL of a lookup search: the first LOOKUP_PAGE_SIZE rows of the model whose label contains the
 * text (the upstream's `by_<labelField>`, case-insensitive), ordered by the label.
 */
export function lookupSearchUrl(lookup: LookupDef, text: string): string {
  const label = lookup.labelField
  return paths.api
    .model(lookupModel(lookup))
    .list({ page: 1, perPage: LOOKUP_PAGE_SIZE, sort: label, filters: { [`by_${label}`]: text.trim() } })
}

/** A row as a choice: its `valueField` (the id unless told) and its label. */
export const toOption =
  (lookup: LookupDef, valueField = 'id') =>
  (row: Row): LookupOption => ({
    value: String(row[valueField] ?? row.id),
    label: String(row[lookup.labelField] ?? row.id),
  })

/** The choices for what the person typed, asked of the server once typing pauses. */
export function useLookupSearch(lookup: LookupDef, text: string, valueField = 'id') {
  const typed = useDebounced(text, LOOKUP_DEBOUNCE_MS)
  const { data, error, isLoading } = useSWR<ListAnswer<Row>>(lookupSearchUrl(lookup, typed), { keepPreviousData: true })
  const options = (data?.data ?? []).map(toOption(lookup, valueField))
  return { options, total: data?.meta.total, error, isLoading: isLoading || typed !== text }
}

/**
 * The first row of the unfiltered list (a new row's default, spec 001 §4): its own request, so it is
 * never the first row of whatever was typed last.
 */
export function useFirstLookupOption(lookup: LookupDef, enabled: boolean, valueField = 'id'): string | undefined {
  const { data } = useSWR<ListAnswer<Row>>(enabled ? lookupSearchUrl(lookup, '') : null)
  const row = data?.data[0]
  return row ? toOption(lookup, valueField)(row).value : undefined
}

/** The label of the chosen row (one record read, cached), for a value that is a row's id. */
export function useLookupLabel(lookup: LookupDef, id: string | undefined): string | undefined {
  const { data } = useSWR<RecordAnswer<Row>>(id ? paths.api.model(lookupModel(lookup)).record(id) : null, { revalidateOnFocus: false })
  return data ? toOption(lookup)(data.data).label : undefined
}
