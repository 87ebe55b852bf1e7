import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { loggedWrites } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import type { ApiRecord } from '../../db/records/rows.js'
import { STALE } from '../../db/records/row-versions.js'
import { HttpError } from '../../http-error.js'
import { sanitiseRichTextFields } from '../../rich-text/sanitise.js'
import { authorOf } from './author.js'
import { dbHttpError, modelName } from './db-errors.js'
import { encodeCursor, listQueryOf, type RawListQuery } from './list-query.js'
import { bodyRuleCheck } from '../body-rules.js'
import { listMetaFor } from '../list-meta.js'
import { etagOf, expectedVersions, staleMessage } from './versions.js'
import { IdParamsSchema, resourceSchemas } from './schemas.js'
import { validationError } from './validation-errors.js'
import { idsOfLabels, instantsOfDays, labelsSent } from './body-values.js'

export interface ResourceRoutesOptions {
  resource: ResourceDef
  /** where lookups of join fields are resolved */
  registry: readonly ResourceDef[]
}

type IdParams = { id: number }

/**
 * Rows per page of a count=none walk on PGlite. Bench (200k rows): with 1,000 a list page took 17x
 * its idle time during a CSV export; with 100 4.4x, at half the export's speed.
 */
const PGLITE_WALK_STEP = 100

/** The five routes of one model; see index.ts for the contract. */
export const resourceRoutes: FastifyPluginAsync<ResourceRoutesOptions> = async (app, { resource, registry }) => {
  const records = recordRepository(resource, registry)
  const writes = loggedWrites(records)
  const extraMeta = listMetaFor(resource.key)
  const schemas = resourceSchemas(resource, extraMeta?.properties)
  const notFound = () => new HttpError(404, `${modelName(resource)} not found`)
  const stale = () => new HttpError(409, staleMessage(resource))
  const schemaErrorFormatter = (errors: Parameters<typeof validationError>[1], dataVar: string) =>
    validationError(resource, errors, dataVar)
  // a record read and sent back as it is: its computed `mismatches` (db/records/comparison.ts) are read-only too
  const readOnly = [...resource.fields.filter((f) => f.readOnly).map((f) => f.name), ...(resource.comparison ? ['mismatches'] : [])]

  const joinedLists = resource.fields.filter((f): f is typeof f & { joinedList: string } => f.joinedList !== undefined)

  /**
   * Accepts `{ <bodyKey>: {...} }` as well as the flat record, drops read-only fields sent back,
   * joins a list sent for a field kept as one text, reads a day sent for an instant as its start, and
   * resolves a lookup sent by its label (body-values.ts: a cost center's owner sent as cloud_contact_email).
   */
  const normaliseBody: preValidationHookHandler = async (request) => {
    let body = request.body as ApiRecord | undefined
    if (!body || typeof body !== 'object' || Array.isArray(body)) return
    const keys = Object.keys(body)
    const inner = body[resource.bodyKey]
    if (keys.length === 1 && inner && typeof inner === 'object' && !Array.isArray(inner)) body = { ...(inner as ApiRecord) }
    else body = { ...body }
    const labels = labelsSent(resource, body)
    for (const name of readOnly) delete body[name]
    // a list kept as one text (FieldDef.joinedList) may come as the list: joined before the schema sees it
    for (const { name, joinedList } of joinedLists) {
      const items = body[name]
      if (Array.isArray(items) && items.every((item) => typeof item === 'string')) body[name] = items.map((i) => i.trim()).join(joinedList)
    }
    // rich text is HTML: only the allowlisted markup is validated and stored (rich-text/sanitise.ts)
    sanitiseRichTextFields(resource, body)
    instantsOfDays(resource, body)
    request.body = body
    await idsOfLabels(db(), registry, body, labels)
  }

  const db = () => app.database.db
  /** The model's rules across fields (body-rules.ts), after the schema: a 400 naming each field. */
  const checkRule = bodyRuleCheck(resource, records, db)

  /** Runs a database call, turning constraint violations into 4xx answers. */
  async function guarded<T>(operation: 'write' | 'delete', values: ApiRecord, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (err) {
      throw dbHttpError(resource, err, operation, values) ?? err
    }
  }

  app.get<{ Querystring: RawListQuery }>(
    '/',
    { schema: { querystring: schemas.listQuery, response: { 200: schemas.list } }, schemaErrorFormatter },
    async (request) => {
      const query = listQueryOf(resource, request.query)
      // PGlite runs one query at a time on its one thread: a whole-list walk (the CSV) goes in short
      // steps, so a person's page waits behind one short step at most (meta.next leads on)
      if (query.count === 'none' && app.database.dialect === 'pglite') query.perPage = Math.min(query.perPage, PGLITE_WALK_STEP)
      const { data, total, estimated, next, versions } = await guarded('write', {}, () => records.list(db(), query))
      const extra = extraMeta ? await extraMeta.compute(db(), query) : {}
      return {
        data,
        meta: {
          ...(total !== undefined && { total }),
          ...(estimated && { total_estimated: true }),
          page: query.page,
          per_page: query.perPage,
          ...(next && { next: encodeCursor(query.sort, next) }),
          ...(versions && { versions }),
          ...extra,
        },
      }
    },
  )

  app.get<{ Params: IdParams }>(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 200: schemas.record } }, schemaErrorFormatter },
    async (request, reply) => {
      const found = await records.getVersioned(db(), request.params.id)
      if (!found) throw notFound()
      reply.header('etag', etagOf(found.version))
      return { data: found.data }
    },
  )

  // rows the upstream writes itself (the change log) are never written through their API
  if (resource.readOnly) return

  app.post<{ Body: ApiRecord }>(
    '/',
    {
      schema: { body: schemas.create, response: { 201: schemas.record } },
      preValidation: normaliseBody,
      ...(checkRule && { preHandler: checkRule }),
      schemaErrorFormatter,
    },
    async (request, reply) => {
      const { data, version } = await guarded('write', request.body, () => writes.create(db(), authorOf(request), request.body))
      // where the new record is (RFC 9110 §10.2.2): the gateway's audit line of a create names it
      return reply
        .code(201)
        .header('etag', etagOf(version))
        .header('location', `/${resource.path}/${String(data.id)}`)
        .send({ data })
    },
  )

  app.put<{ Params: IdParams; Body: ApiRecord }>(
    '/:id',
    {
      schema: { params: IdParamsSchema, body: schemas.update, response: { 200: schemas.record } },
      preValidation: normaliseBody,
      ...(checkRule && { preHandler: checkRule }),
      schemaErrorFormatter,
    },
    async (request, reply) => {
      const expected = expectedVersions(request.headers['if-match'])
      const result = await guarded('write', request.body, () =>
        writes.update(db(), authorOf(request), request.params.id, request.body, expected),
      )
      if (result === STALE) throw stale()
      if (!result) throw notFound()
      reply.header('etag', etagOf(result.version))
      return { data: result.data }
    },
  )

  app.delete<{ Params: IdParams }>(
    '/:id',
    { schema: { params: IdParamsSchema, response: { 200: schemas.deleted } }, schemaErrorFormatter },
    async (request) => {
      const { id } = request.params
      const expected = expectedVersions(request.headers['if-match'])
      const result = await guarded('delete', {}, () => writes.remove(db(), authorOf(request), id, expected))
      if (result === STALE) throw stale()
      if (!result) throw notFound()
      return { data: { id } }
    },
  )
}
