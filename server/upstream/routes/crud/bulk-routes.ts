import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { BULK_ACTIONS, BulkAnswerSchema, bulkActions, bulkBodySchema, bulkFields, type BulkBody } from '../../../../shared/calls/bulk.js'
import { fieldOf, queryFilters } from '../../../../shared/resources/index.js'
import { recordErrors } from '../../../../shared/rules/record-rules.js'
import { resourceBodySchemas } from '../../../../shared/schemas/resource-body.js'
import { loggedWrites } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import type { ApiRecord, Executor } from '../../db/records/rows.js'
import type { ListFilter } from '../../db/records/list-filter.js'
import { HttpError } from '../../http-error.js'
import { sanitiseRichTextFields } from '../../rich-text/sanitise.js'
import { authorOf } from './author.js'
import { dbHttpError, modelName } from './db-errors.js'
import { listQueryOf } from './list-query.js'
import type { ResourceRoutesOptions } from './resource-routes.js'
import { validationError } from './validation-errors.js'
import { instantsOfDays } from './body-values.js'

/**
 * The rows one request changes at most: a selection of rows is capped by its schema, a filter's rows
 * are walked a page per request (shared/calls/bulk.ts), so no transaction holds the database long.
 */
export const BULK_PAGE = MAX_PAGE_SIZE

/** what a 409 says of each stale row, in its `fields` keyed by the row's id (the web names the rows by their labels) */
export const STALE = 'changed by someone else since you loaded the list'

const refuse = (status: number, message: string, fields?: Record<string, string>) => new HttpError(status, message, fields)

/** The bulk routes of one model (shared/calls/bulk.ts says the contract). */
export const bulkRoutes: FastifyPluginAsync<ResourceRoutesOptions> = async (app, { resource, registry }) => {
  const actions = bulkActions(resource)
  if (resource.readOnly || actions.length === 0) return
  const records = recordRepository(resource, registry)
  const writes = loggedWrites(records)
  const updateSchema = resourceBodySchemas(resource).update
  const settable = new Set(bulkFields(resource).map((f) => f.name))
  const params = new Set(queryFilters(resource).map((f) => f.param))
  const name = modelName(resource)
  const schemaErrorFormatter = (errors: Parameters<typeof validationError>[1], dataVar: string) =>
    validationError(resource, errors, dataVar)

  /** The one field and value to set, refused as a single update would refuse it (same schema, same messages). */
  function valuesToSet(request: FastifyRequest, set: Record<string, unknown>): ApiRecord {
    const [field] = Object.keys(set)
    if (!settable.has(field)) {
      const label = fieldOf(resource, field)?.label ?? field
      const message = fieldOf(resource, field) ? `${label} cannot be set on many records at once` : `Unknown field "${field}"`
      throw refuse(400, message, { [field]: message })
    }
    const values: ApiRecord = { ...set }
    const joined = fieldOf(resource, field)?.joinedList
    const items = values[field]
    if (joined && Array.isArray(items) && items.every((i) => typeof i === 'string')) values[field] = items.map((i) => i.trim()).join(joined)
    sanitiseRichTextFields(resource, values)
    instantsOfDays(resource, values)
    const validate = request.compileValidationSchema(updateSchema, 'body')
    if (!validate(values)) throw validationError(resource, [...(validate.errors ?? [])] as never, 'body')
    return values
  }

  /** The model's rules across fields, judged on each record as it will be: the first one refused names the record. */
  function ruleCheck(values: ApiRecord) {
    return (before: ApiRecord) => {
      const fields = recordErrors(resource.key, { ...before, ...values }, Number(before.id), Object.keys(values))
      const messages = Object.values(fields)
      if (messages.length) throw refuse(400, `${name} ${String(before.id)}: ${messages.join('; ')}`, fields)
    }
  }

  function filtersOf(filter: Record<string, string>): readonly ListFilter[] {
    for (const param of Object.keys(filter))
      if (!params.has(param)) throw refuse(400, `Unknown filter "${param}"`, { [param]: `Unknown filter "${param}"` })
    return listQueryOf(resource, { page: 1, per_page: 1, ...filter }).filters
  }

  for (const action of actions) {
    app.post<{ Body: BulkBody }>(
      `/${BULK_ACTIONS[action].suffix}`,
      { schema: { body: bulkBodySchema(action), response: { 200: BulkAnswerSchema } }, schemaErrorFormatter },
      async (request) => {
        const body = request.body
        if ((body.ids === undefined) === (body.filter === undefined))
          throw refuse(400, 'Send either ids or filter', { ids: 'Send either ids or filter' })
        const filters = body.filter && filtersOf(body.filter)
        const db = app.database.db
        if (body.dry_run) {
          if (!filters) throw refuse(400, 'dry_run counts the rows of a filter', { dry_run: 'dry_run counts the rows of a filter' })
          return { data: { count: await records.countMatching(db, filters) } }
        }
        if (filters && body.count === undefined)
          throw refuse(400, 'count is required with filter', { count: 'count is required with filter' })
        const values = action === 'update' ? valuesToSet(request, body.set ?? {}) : {}
        const author = authorOf(request)
        const check = ruleCheck(values)
        const step = (tx: Executor, ids: readonly number[]) =>
          action === 'delete' ? writes.removeMany(tx, author, ids) : writes.updateMany(tx, author, ids, values, check)
        try {
          const { ids, next } = await db.transaction(async (tx) => {
            if (body.ids) return { ids: await byIds(tx, body.ids, step) }
            return byFilter(tx, filters!, body.count!, body.after ?? 0, step)
          })
          return { data: { count: ids.length, ids, ...(next !== undefined && { next }) } }
        } catch (err) {
          throw dbHttpError(resource, err, action === 'delete' ? 'delete' : 'write', values) ?? err
        }
      },
    )
  }

  type Step = (tx: Executor, ids: readonly number[]) => Promise<number>

  /** The rows named, each at the version the caller read: any unknown or changed one refuses them all. The ids changed. */
  async function byIds(tx: Executor, selection: readonly { id: number; version: string }[], step: Step): Promise<number[]> {
    const wanted = new Map(selection.map((s) => [s.id, s.version]))
    const ids = [...wanted.keys()]
    const found = await records.lockVersions(tx, ids)
    const missing = ids.filter((id) => !found.has(id))
    if (missing.length) throw refuse(404, `${name} not found: ${missing.join(', ')}`)
    const stale = ids.filter((id) => found.get(id) !== wanted.get(id))
    if (stale.length)
      throw refuse(
        409,
        `${name} ${stale.join(', ')} ${stale.length === 1 ? 'was' : 'were'} changed by someone else since you loaded the list, so nothing was changed. Reload the list, then make your change again.`,
        Object.fromEntries(stale.map((id) => [id, STALE])),
      )
    await step(tx, ids)
    return ids
  }

  /**
   * The next page of the rows matching the filters after id `after`, in id order; the count the caller
   * was shown (of those rows) must still hold. The ids changed, and the last one when more remain.
   */
  async function byFilter(
    tx: Executor,
    filters: readonly ListFilter[],
    expected: number,
    after: number,
    step: Step,
  ): Promise<{ ids: number[]; next?: number }> {
    const changedCount = (now: number) =>
      refuse(
        409,
        `${now} records match these filters now, not ${expected}, so nothing was changed. Reload the list, then make your change again.`,
      )
    const now = await records.countMatching(tx, filters, after)
    if (now !== expected) throw changedCount(now)
    const page = Math.min(expected, BULK_PAGE)
    const ids = page ? await records.idsMatching(tx, filters, after, page) : []
    // rows deleted meanwhile (PostgreSQL's READ COMMITTED) are caught here: still all or nothing
    const done = page ? await step(tx, ids) : 0
    if (done !== page) throw changedCount(now - page + done)
    return { ids, ...(expected > page && { next: ids[ids.length - 1] }) }
  }
}
