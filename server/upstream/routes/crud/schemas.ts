import { Type, type TProperties } from '@sinclair/typebox'
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
    ...resourceAnswerSchemas(resource, extraMeta),
  }
}
