import type { TProperties } from '@sinclair/typebox'
import type { ResourceKey } from '../../../shared/resources/index.js'
import { entryFor } from '../../../shared/resources/index.js'
import type { Executor, ListParams } from '../db/records/repository.js'
import { dashboardMetaExtension } from './cloud-parents/dashboard-meta.js'

/** What a model's list answer adds to its meta (beside total, page, per_page, which stay as they are). */
export interface ListMetaExtension {
  /** the added keys' schemas; each is optional in the answer */
  properties: TProperties
  compute: (db: Executor, query: ListParams) => Promise<Record<string, unknown>>
}

/** Spec 000 §7: `GET cloud_parents` answers the dashboards' counts in its meta. A new one: a line here. */
const LIST_META = {
  cloud_parents: dashboardMetaExtension,
} satisfies Partial<Record<ResourceKey, ListMetaExtension>>

export const listMetaFor = (key: string): ListMetaExtension | undefined => entryFor<ListMetaExtension>(LIST_META, key)
