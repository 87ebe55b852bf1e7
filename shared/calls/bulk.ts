/**
 * Bulk actions (issue 29): the ONE declaration of the bulk calls of every registry model, as the
 * generic CRUD is one declaration (shared/resources): the gateway's allowlist and /api/docs, the
 * upstream's routes (routes/crud/bulk-routes.ts) and the web's list read it. A model that allows a
 * write (allowedWrites) has its bulk form:
 *
 *   POST /<path>/bulk_delete  {ids:[{id,version}]} | {filter:{by_…},count}      → 200 {"data":{"count":N,"ids":[…]}}
 *   POST /<path>/bulk_update  the same selection, and set: {"<field>": value}   → 200 {"data":{"count":N,"ids":[…]}}
 *
 * A selection is either rows with the versions the list answered (meta.versions), or every row
 * matching the list's filters with the count the caller was shown: the upstream walks them in SQL
 * (a million rows never travel to the browser). A request changes at most MAX_PAGE_SIZE rows, all or
 * nothing, in one transaction: a changed row (its version, or the filter's count) refuses the whole
 * request with 409 naming it (stale rows also in `fields`, keyed by id, so a client can name them its
 * own way); an unknown id is 404 naming it. A filter matching more rows is changed a page at a time,
 * in id order: the answer's `next` says more remain, and the caller sends the same body again with
 * `after: next` and `count` less the rows just changed. One transaction over every row would hold
 * the embedded PGlite's only session for as long as it runs (17 s for 100,000 bills), and every list
 * with it (issue 37 item 6); a page holds it for a fraction of a second.
 * `dry_run: true` with a filter changes nothing and answers the exact count to confirm.
 * Each record changed leaves its own entry in the change log (/record_changes), as a single write does,
 * and the answer names them (ids): the gateway writes one audit line per record from it.
 */
import { Type, type Static } from '@sinclair/typebox'
import { MAX_PAGE_SIZE } from '../constants.js'
import { allowedWrites, writableFields, type ResourceDef, type Write } from '../resources/index.js'
import { INT4_MAX } from '../schemas/resource-body.js'

export type BulkAction = 'delete' | 'update'

/** each action's path suffix, the write (and so the permission) it is, and that single write's method */
export const BULK_ACTIONS: Readonly<Record<BulkAction, { suffix: string; write: Write; method: 'DELETE' | 'PUT' }>> = {
  delete: { suffix: 'bulk_delete', write: 'delete', method: 'DELETE' },
  update: { suffix: 'bulk_update', write: 'update', method: 'PUT' },
}

/** `cost_centers/bulk_delete` */
export const bulkPath = (resource: Pick<ResourceDef, 'path'>, action: BulkAction) => `${resource.path}/${BULK_ACTIONS[action].suffix}`

/** The bulk actions a model has: those of the writes it allows. */
export function bulkActions(resource: ResourceDef): BulkAction[] {
  const writes = allowedWrites(resource)
  return (Object.keys(BULK_ACTIONS) as BulkAction[]).filter((a) => writes.includes(BULK_ACTIONS[a].write))
}

/**
 * The fields one value can be set on for many records at once: the writable ones, but not a unique
 * one (one value on two rows is a duplicate) nor a write-only one (a private key is per record).
 */
export function bulkFields(resource: ResourceDef) {
  return writableFields(resource).filter((f) => !f.unique && !f.writeOnly)
}

const SelectionProperties = {
  ids: Type.Optional(
    Type.Array(
      Type.Object(
        { id: Type.Integer({ minimum: 1, maximum: INT4_MAX }), version: Type.String({ minLength: 1, maxLength: 100 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_PAGE_SIZE, description: 'the rows, each with the version the list answered (meta.versions)' },
    ),
  ),
  filter: Type.Optional(
    Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 500 }), {
      description: "every row matching the list's filters (its by_… parameters)",
    }),
  ),
  count: Type.Optional(
    Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'with filter: how many rows the caller means (those after `after`)' }),
  ),
  after: Type.Optional(
    Type.Integer({ minimum: 1, maximum: INT4_MAX, description: "with filter: the rows after this id (the previous answer's next)" }),
  ),
  dry_run: Type.Optional(Type.Boolean({ description: 'with filter: change nothing, answer the exact count' })),
}

export const BulkDeleteSchema = Type.Object(SelectionProperties, { additionalProperties: false })
export const BulkUpdateSchema = Type.Object(
  {
    ...SelectionProperties,
    set: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
      minProperties: 1,
      maxProperties: 1,
      description: 'one field and its value, validated as a single update validates it',
    }),
  },
  { additionalProperties: false },
)
export type BulkBody = Static<typeof BulkDeleteSchema> & { set?: Record<string, unknown> }

export const BulkAnswerSchema = Type.Object({
  data: Type.Object({
    count: Type.Integer(),
    ids: Type.Optional(Type.Array(Type.Integer(), { description: 'the records changed (not in a dry run)' })),
    next: Type.Optional(Type.Integer({ description: 'with filter: more rows remain; send again with after: next' })),
  }),
})
export type BulkAnswer = Static<typeof BulkAnswerSchema>

export const bulkBodySchema = (action: BulkAction) => (action === 'delete' ? BulkDeleteSchema : BulkUpdateSchema)
