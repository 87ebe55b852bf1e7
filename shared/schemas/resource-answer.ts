import { Type, type TProperties, type TSchema } from '@sinclair/typebox'
import { ListMetaSchema } from './common.js'
import type { FieldDef, ResourceDef } from '../resources/index.js'

/**
 * The answers of one registry model's CRUD, built from its FieldDefs: the upstream serialises with
 * them (so a writeOnly field never leaves) and the gateway's OpenAPI document describes them, so a
 * client generated from /api/docs/openapi.json reads the records the upstream really sends.
 */

function readSchema(field: FieldDef): TSchema {
  // a JSON object (a change's fields, from → to): the serialiser keeps every key of it, whatever they are
  const value =
    field.type === 'json'
      ? Type.Object({}, { additionalProperties: true })
      : field.type === 'number' || field.type === 'lookup'
        ? Type.Number()
        : field.type === 'boolean'
          ? Type.Boolean()
          : Type.String()
  return Type.Union([value, Type.Null()])
}

/** `extraMeta`: keys a model's list adds to its meta (the upstream's routes/list-meta.ts), each optional. */
export function resourceAnswerSchemas(resource: ResourceDef, extraMeta: TProperties = {}) {
  const record = Type.Object({
    ...Object.fromEntries(resource.fields.filter((f) => !f.writeOnly).map((f) => [f.name, readSchema(f)])),
    // a model checked against a reference model: the fields that differ (the upstream's db/records/comparison.ts)
    ...(resource.comparison && { mismatches: Type.Array(Type.String()) }),
  })
  return {
    record: Type.Object({ data: record }),
    list: Type.Object({
      data: Type.Array(record),
      meta: Type.Object({
        ...ListMetaSchema.properties,
        ...Object.fromEntries(Object.entries(extraMeta).map(([k, v]) => [k, Type.Optional(v)])),
      }),
    }),
    deleted: Type.Object({ data: Type.Object({ id: Type.Integer() }) }),
  }
}
