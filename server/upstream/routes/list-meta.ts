import type { ResourceKey } from '../../../shared/resources/index.js'
import { entryFor } from '../../../shared/resources/index.js'
import { dashboardMetaExtension } from './cloud-parents/dashboard-meta.js'
import type { ListMetaExtension } from './list-meta-extension.js'

/** Spec 000 §7: `GET cloud_parents` answers the dashboards' counts in its meta. A new one: a line here. */
const LIST_META = {
  cloud_parents: dashboardMetaExtension,
} satisfies Partial<Record<ResourceKey, ListMetaExtension>>

export const listMetaFor = (key: string): ListMetaExtension | undefined => entryFor<ListMetaExtension>(LIST_META, key)
