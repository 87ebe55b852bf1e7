import { Type, type Static } from '@sinclair/typebox'

/**
 * The upstream's envelope (spec 001 §7: "Responses carry the record or list in data.data"):
 * the JSON body is { data } for a record and { data, meta } for a list; errors are { error }.
 */
export const ListMetaSchema = Type.Object({
  /** absent when the caller asked `count=none` */
  total: Type.Optional(Type.Integer()),
  /** the total is the planner's estimate (past an exact-count limit): show it as "about …" */
  total_estimated: Type.Optional(Type.Boolean()),
  page: Type.Integer(),
  per_page: Type.Integer(),
  /** an opaque cursor for `after=`: the rows after this full page */
  next: Type.Optional(Type.String()),
  /** each row's version (what its ETag names) by id: a write from the list sends it as If-Match */
  versions: Type.Optional(Type.Record(Type.String(), Type.String())),
})
/** what the web reads: it never asks `count=none`, so its lists always carry a total */
export type ListMeta = Static<typeof ListMetaSchema> & { total: number }

export const ErrorSchema = Type.Object({
  error: Type.String(),
  statusCode: Type.Integer(),
  /** per-field messages, keyed by API field name (400, 409, 422): a form shows each under its field */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
})
/** The JSON body of every refusal (the web's ApiError class carries it as `info`). */
export type ErrorBody = Static<typeof ErrorSchema>

export interface ListAnswer<T> {
  data: T[]
  meta: ListMeta
}
export interface RecordAnswer<T> {
  data: T
}
