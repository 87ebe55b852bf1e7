import { MAX_PAGE_SIZE, NONE_ID } from '../../../shared/constants.js'
import { getResource, type LookupDef } from '../../../shared/resources/index.js'
import { useResourceList } from './resource-api.js'

export interface LookupOption {
  value: string
  label: string
}

/** 'None' in lookup selects (spec 001 §9: the none placeholder id is -9999). */
export const NONE_OPTION: LookupOption = { value: String(NONE_ID), label: 'None' }

/**
 * The rows of another model as select options: the value is the row's id, or `valueField`
 * (filters by name send the name). Load failures are only logged (spec 001 §8).
 */
export function useLookupOptions(lookup: LookupDef, valueField = 'id') {
  const { data, error, isLoading } = useResourceList(getResource(lookup.model), {
    page: 1,
    perPage: MAX_PAGE_SIZE,
    sort: lookup.labelField,
    filters: {},
  })
  const options: LookupOption[] = (data?.data ?? []).map((row) => ({
    value: String(row[valueField] ?? row.id),
    label: String(row[lookup.labelField] ?? row.id),
  }))
  return { options, loaded: !!data, error, isLoading }
}
