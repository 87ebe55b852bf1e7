import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { loggedWrites } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import type { ApiRecord } from '../../db/records/rows.js'
import { STALE } from '../../db/records/row-versions.js'
import { HttpError } from '../../http-error.js'
import { sanitiseRichTextFields } from '../../rich-text/sanitise.js'
import { authorOf } from '../crud/author.js'
import { dbHttpError, modelName } from '../crud/db-errors.js'
import { IdParamsSchema, resourceSchemas } from '../crud/schemas.js'
import { validationError } from '../crud/validation-errors.js'

/**
 * POST /service_catalog_products/update-product/:id with {identifier, name, description} (spec 001
 * §7; flat or wrapped in {"service_catalog_product":{...}}): the card's Update. The product is sent
 * to the catalog as the card shows it: its row takes these values (the description sanitised as any
 * rich text) and the time it was published. → 200 {"data":{…the record}}; 404 for no such product,
 * 400 for a missing or unknown field, 409 for an identifier another product has. The change log
 * names it as the generic update's would (db/records/logged-writes.ts).
 */
export const updateProductRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  const records = recordRepository(resource, registry)
  const writes = loggedWrites(records)
  const schemas = resourceSchemas(resource)
  const readOnly = new Set(resource.fields.filter((f) => f.readOnly).map((f) => f.name))

  const normaliseBody: preValidationHookHandler = async (request) => {
    const body = request.body as ApiRecord | undefined
    if (!body || typeof body !== 'object' || Array.isArray(body)) return
    const inner = body[resource.bodyKey]
    const flat: ApiRecord =
      Object.keys(body).length === 1 && inner && typeof inner === 'object' && !Array.isArray(inner)
        ? { ...(inner as ApiRecord) }
        : { ...body }
    for (const name of readOnly) delete flat[name]
    sanitiseRichTextFields(resource, flat)
    request.body = flat
  }

  app.post<{ Params: { id: number }; Body: ApiRecord }>(
    `/${CALLS.serviceCatalogProducts.calls.updateProduct.path}`,
    {
      // the three values are the product as published: all of them, every time
      schema: { params: IdParamsSchema, body: schemas.create, response: { 200: schemas.record } },
      preValidation: normaliseBody,
      schemaErrorFormatter: (errors, dataVar) => validationError(resource, errors, dataVar),
    },
    async (request) => {
      const author = authorOf(request)
      const values = { ...request.body, published_at: author.at.toISOString() }
      let result
      try {
        result = await writes.update(app.database.db, author, request.params.id, values, undefined)
      } catch (err) {
        throw dbHttpError(resource, err, 'write', request.body) ?? err
      }
      // (no If-Match here: STALE cannot come back, and neither is a record)
      if (!result || result === STALE) throw new HttpError(404, `${modelName(resource)} not found`)
      return { data: result.data }
    },
  )
}
