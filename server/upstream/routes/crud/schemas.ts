import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { ListMetaSchema } from '../../../../shared/schemas/common.js'
import type { FieldDef, ResourceDef } from '../../../../shared/resources/index.js'

/**
 * The JSON schemas of one registry model, built from its FieldDefs: Fastify validates requests and
 * serialises answers with them (the answer schema also keeps writeOnly fields from ever leaving).
 */

export const INT4_MAX = 2_147_483_647

export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) })

function writeSchema(field: FieldDef, required: boolean): TSchema {
  const text = (extra: object = {}) =>
    Type.String({
      ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
      ...(required && { minLength: 1 }),
      ...extra,
    })
  switch (field.type) {
    case 'text':
    case 'richtext':
      return text()
    case 'email':
      return text({ format: 'email' })
    case 'date':
      return Type.String({ format: 'date' })
    case 'datetime':
      return Type.String({ format: 'date-time' })
    case 'select':
      return Type.Unsafe<string>({ type: 'string', enum: [...(field.options ?? [])] })
    case 'number':
      return Type.Number()
    case 'boolean':
      return Type.Boolean()
    case 'lookup':
      return Type.Integer({ minimum: 1, maximum: INT4_MAX })
  }
}

/** An optional field may be cleared: null is accepted besides its type. */
function orNull(schema: TSchema): TSchema {
  const { type, enum: choices, ...rest } = schema as TSchema & { type: string; enum?: unknown[] }
  return Type.Unsafe({ ...rest, type: [type, 'null'], ...(choices && { enum: [...choices, null] }) })
}

function bodySchema(resource: ResourceDef, forCreate: boolean): TObject {
  const properties: TProperties = {}
  for (const field of resource.fields) {
    if (field.readOnly) continue
    const schema = field.required ? writeSchema(field, true) : orNull(writeSchema(field, false))
    // TypeBox lists every non-Optional property as required: required fields on create only
    properties[field.name] = forCreate && field.required ? schema : Type.Optional(schema)
  }
  return Type.Object(properties, { additionalProperties: false })
}

function readSchema(field: FieldDef): TSchema {
  const type = field.type === 'number' || field.type === 'lookup' ? 'number' : field.type === 'boolean' ? 'boolean' : 'string'
  return Type.Unsafe({ type: [type, 'null'] })
}

export function resourceSchemas(resource: ResourceDef) {
  const record = Type.Object(
    Object.fromEntries(resource.fields.filter((f) => !f.writeOnly).map((f) => [f.name, readSchema(f)])),
  )
  const filters = Object.fromEntries(resource.filters.map((f) => [f.param, Type.String({ maxLength: 500 })]))
  return {
    create: bodySchema(resource, true),
    update: bodySchema(resource, false),
    listQuery: Type.Object({
      page: Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1 }),
      per_page: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
      sort: Type.Optional(Type.String({ maxLength: 100 })),
      ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Type.Optional(v)])),
    }),
    record: Type.Object({ data: record }),
    list: Type.Object({ data: Type.Array(record), meta: ListMetaSchema }),
    deleted: Type.Object({ data: Type.Object({ id: Type.Integer() }) }),
  }
}
