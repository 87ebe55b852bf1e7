import { Type, type Static } from '@sinclair/typebox'

/**
 * The upstream's envelope (spec 001 §7: "Responses carry the record or list in data.data"):
 * the JSON body is { data } for a record and { data, meta } for a list; errors are { error }.
 */
export const IdSchema = Type.Integer({ minimum: 1 })
export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) })

export const ListMetaSchema = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
})
export type ListMeta = Static<typeof ListMetaSchema>

export const ErrorSchema = Type.Object({
  error: Type.String(),
  statusCode: Type.Integer(),
  /** per-field messages, keyed by API field name (400, 409, 422): a form shows each under its field */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
})
export type ApiError = Static<typeof ErrorSchema>

export interface ListAnswer<T> {
  data: T[]
  meta: ListMeta
}
export interface RecordAnswer<T> {
  data: T
}
