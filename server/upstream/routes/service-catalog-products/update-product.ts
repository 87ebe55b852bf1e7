import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { recordRepository, type ApiRecord } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'
import { sanitiseRichTextFields } from '../../rich-text/sanitise.js'
import { dbHttpError, modelName } from '../crud/db-errors.js'
import { IdParamsSchema, resourceSchemas } from '../crud/schemas.js'
import { validationError } from '../crud/validation-errors.js'

/**
 * POST /service_catalog_products/update-product/:id with {identifier, name, description} (spec 001
 * §7; flat or wrapped in {"service_catalog_product":{...}}): the card's Update. The product is sent
 * to the catalog as the card shows it: its row takes these values (the description sanitised as any
 * rich text) and the time it was published. → 200 {"data":{…the record}}; 404 for no such product,
 * 400 for a missing or unknown field, 409 for an identifier another product has.
 */
export const updateProductRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  const records = recordRepository(resource, registry)
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
      const values = { ...request.body, published_at: new Date().toISOString() }
      let data: ApiRecord | undefined
      try {
        data = await records.update(app.database.db, request.params.id, values)
      } catch (err) {
        throw dbHttpError(resource, err, 'write', request.body) ?? err
      }
      if (!data) throw new HttpError(404, `${modelName(resource)} not found`)
      return { data }
    },
  )
}
