/** SWR hooks and writes for registry models, in the upstream dialect described in api-client.ts. */
import useSWR from 'swr'
import type { ListAnswer, RecordAnswer } from '../../../shared/schemas/common.js'
import type { ModelRecord, ResourceDef, ResourceKey } from '../../../shared/resources/index.js'
import { paths } from '../config/paths.js'
import { apiRequest, recordVersion } from './api-client.js'
import type { ListQuery } from './list-query.js'

/** A record of any model, as the generic screens read it: any field by its name. */
export type Row = Record<string, unknown> & { id: number }

/**
 * The record of model `K` as its API answers it: `ModelRecord<K>` where the model is known (a
 * mistyped field is a compile error), a Row where it is any model (the generic screens' `ResourceDef`).
 */
export type RowOf<K extends string> = string extends K ? Row : ResourceKey extends K ? Row : K extends ResourceKey ? ModelRecord<K> : Row

// every model's record is a Row: what a known model's page reads, the generic table shows
type EveryModelIsARow = { [K in ResourceKey]: ModelRecord<K> extends Row ? true : K }[ResourceKey]
const EVERY_MODEL_IS_A_ROW: EveryModelIsARow = true
void EVERY_MODEL_IS_A_ROW

/** True for every SWR key that is a list or record of this resource (to revalidate after writes). */
export function resourceCacheKeys(resource: ResourceDef) {
  const base = paths.api.model(resource).path
  return (key: unknown) => typeof key === 'string' && (key === base || key.startsWith(`${base}?`) || key.startsWith(`${base}/`))
}

export function useResourceList<K extends string>(resource: ResourceDef<K> | undefined, query: ListQuery | null) {
  return useSWR<ListAnswer<RowOf<K>>>(resource && query ? paths.api.model(resource).list(query) : null, {
    keepPreviousData: true,
  })
}

export function useResourceRecord<K extends string>(resource: ResourceDef<K>, id: string | undefined) {
  return useSWR<RecordAnswer<RowOf<K>>>(id ? paths.api.model(resource).record(id) : null, {
    revalidateOnFocus: false,
  })
}

/** `flat`: the inline add sends the record itself rather than {<bodyKey>: record} (spec 001 §7). */
export function createRecord(resource: ResourceDef, values: Record<string, unknown>, flat = false) {
  return apiRequest<RecordAnswer<Row>>('POST', paths.api.model(resource).path, flat ? values : { [resource.bodyKey]: values })
}

/** `If-Match` with the version this tab loaded, when it loaded one (a stale save is then refused: 409). */
function precondition(url: string): Record<string, string> {
  const version = recordVersion(url)
  return version ? { 'If-Match': version } : {}
}

export function updateRecord(resource: ResourceDef, id: number | string, values: Record<string, unknown>) {
  const url = paths.api.model(resource).record(id)
  return apiRequest<RecordAnswer<Row>>('PUT', url, { [resource.bodyKey]: values }, precondition(url))
}

export function deleteRecord(resource: ResourceDef, id: number | string) {
  const url = paths.api.model(resource).record(id)
  return apiRequest<unknown>('DELETE', url, undefined, precondition(url))
}
