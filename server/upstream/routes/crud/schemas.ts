import { Type, type TProperties, type TSchema } from '@sinclair/typebox'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { ListMetaSchema } from '../../../../shared/schemas/common.js'
import { INT4_MAX, resourceBodySchemas } from '../../../../shared/schemas/resource-body.js'
import { queryFilters, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'

/**
 * The JSON schemas of one registry model: the write bodies are shared/schemas/resource-body.ts (the web
 * validates its forms with the same objects); Fastify validates requests and serialises answers with
 * them (the answer schema also keeps writeOnly fields from ever leaving).
 */

export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) })

function readSchema(field: FieldDef): TSchema {
  // a JSON object (a change's fields): the serialiser keeps every key of it, whatever they are
  if (field.type === 'json') return Type.Unsafe({ type: ['object', 'null'], additionalProperties: true })
  const type = field.type === 'number' || field.type === 'lookup' ? 'number' : field.type === 'boolean' ? 'boolean' : 'string'
  return Type.Unsafe({ type: [type, 'null'] })
}

/** `extraMeta`: keys a model's list adds to its meta (routes/list-meta.ts), each optional. */
export function resourceSchemas(resource: ResourceDef, extraMeta: TProperties = {}) {
  const record = Type.Object({
    ...Object.fromEntries(resource.fields.filter((f) => !f.writeOnly).map((f) => [f.name, readSchema(f)])),
    // a model checked against a reference model: the fields that differ (db/records/comparison.ts)
    ...(resource.comparison && { mismatches: Type.Array(Type.String()) }),
  })
  const filters = Object.fromEntries(queryFilters(resource).map((f) => [f.param, Type.String({ maxLength: 500 })]))
  return {
    ...resourceBodySchemas(resource),
    listQuery: Type.Object({
      page: Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1 }),
      per_page: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
      sort: Type.Optional(Type.String({ maxLength: 100 })),
      after: Type.Optional(Type.String({ maxLength: 2000 })),
      count: Type.Optional(Type.Union([Type.Literal('exact'), Type.Literal('none')])),
      ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Type.Optional(v)])),
    }),
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
