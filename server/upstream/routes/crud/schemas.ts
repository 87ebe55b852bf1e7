import { Type, type TObject, type TProperties } from '@sinclair/typebox'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { resourceAnswerSchemas } from '../../../../shared/schemas/resource-answer.js'
import { INT4_MAX, resourceBodySchemas } from '../../../../shared/schemas/resource-body.js'
import { queryFilters, type ResourceDef } from '../../../../shared/resources/index.js'

/**
 * The JSON schemas of one registry model: the write bodies are shared/schemas/resource-body.ts (the web
 * validates its forms with the same objects), the answers shared/schemas/resource-answer.ts (the
 * gateway's OpenAPI document describes the same objects); Fastify validates requests and serialises
 * answers with them (the answer schema also keeps writeOnly fields from ever leaving).
 */

export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) })

/** `extraMeta`: keys a model's list adds to its meta (routes/list-meta.ts), each optional. */
export function resourceSchemas(resource: ResourceDef, extraMeta: TProperties = {}) {
  const answers = resourceAnswerSchemas(resource, extraMeta)
  // a list asked with `fields=` carries only those: to the serialiser each field of a row is optional
  const list: TObject = Type.Object({ ...answers.list.properties, data: Type.Array(Type.Partial(answers.record.properties.data)) })
  const filters = Object.fromEntries(queryFilters(resource).map((f) => [f.param, Type.String({ maxLength: 500 })]))
  return {
    ...resourceBodySchemas(resource),
    listQuery: Type.Object({
      page: Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1 }),
      per_page: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
      sort: Type.Optional(Type.String({ maxLength: 100 })),
      after: Type.Optional(Type.String({ maxLength: 2000 })),
      count: Type.Optional(Type.Union([Type.Literal('exact'), Type.Literal('none')])),
      fields: Type.Optional(Type.String({ maxLength: 2000 })),
      ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Type.Optional(v)])),
    }),
    ...answers,
    list,
  }
}
