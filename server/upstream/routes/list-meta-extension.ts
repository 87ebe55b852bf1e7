import type { TProperties } from '@sinclair/typebox'
import type { ListParams } from '../db/records/list-page.js'
import type { Executor } from '../db/records/rows.js'

/** What a model's list answer adds to its meta (beside total, page, per_page, which stay as they are). */
export interface ListMetaExtension {
  /** the added keys' schemas; each is optional in the answer */
  properties: TProperties
  compute: (db: Executor, query: ListParams) => Promise<Record<string, unknown>>
}
