import { Type, type Static } from '@sinclair/typebox'
import { RESOURCES, type ResourceKey } from '../resources/index.js'
import type { CallDomain } from './types.js'

/**
 * Issue 29 item 1: a person's columns and saved views of a list, kept by the upstream per the
 * identity the gateway passes (`uid`, a verified email), so they follow the person to any browser.
 * Each call reads or changes only the caller's own: they need no more than the viewer role.
 */

const ModelSchema = Type.Unsafe<ResourceKey>({ type: 'string', enum: RESOURCES.map((r) => r.key) })
const COLUMN = '^[a-z][A-Za-z0-9_]{0,63}$'

/** Visible columns in the order shown: names of the model's list columns (checked by the route). */
export const ColumnsSchema = Type.Array(Type.String({ pattern: COLUMN }), { minItems: 1, maxItems: 100, uniqueItems: true })

/** The list's query as its URL carries it: sort, per_page and the model's `by_<field>` filters. */
export const ViewQuerySchema = Type.Record(
  Type.String({ pattern: '^(sort|per_page|by_[a-z0-9_]{1,60})$' }),
  Type.String({ maxLength: 500 }),
  {
    maxProperties: 40,
  },
)

export const LayoutSchema = Type.Object(
  {
    model: ModelSchema,
    columns: Type.Optional(ColumnsSchema),
    /** column name → width in px (the grid's) */
    widths: Type.Optional(
      Type.Record(Type.String({ pattern: COLUMN }), Type.Integer({ minimum: 40, maximum: 2000 }), { maxProperties: 100 }),
    ),
    layout: Type.Optional(Type.Union([Type.Literal('table'), Type.Literal('grid')])),
  },
  { additionalProperties: false },
)
export type ListLayoutSettings = Static<typeof LayoutSchema>

const ViewFields = {
  name: Type.String({ minLength: 1, maxLength: 80 }),
  query: ViewQuerySchema,
  columns: ColumnsSchema,
  is_default: Type.Boolean(),
}
export const NewViewSchema = Type.Object({ model: ModelSchema, ...ViewFields }, { additionalProperties: false })
export const ViewChangeSchema = Type.Partial(Type.Object(ViewFields), { additionalProperties: false })

export const SavedViewSchema = Type.Object({ id: Type.Integer(), model: ModelSchema, ...ViewFields })
export type SavedView = Static<typeof SavedViewSchema>

/** The labels a refusal names its fields with. */
export const LIST_VIEW_LABELS: Record<string, string> = {
  model: 'List',
  name: 'Name',
  query: 'Filters and sort',
  columns: 'Columns',
  is_default: 'Default',
  widths: 'Column widths',
  layout: 'Layout',
}

const ByModel = Type.Object({ model: ModelSchema }, { additionalProperties: false })
const ViewAnswer = Type.Object({ data: SavedViewSchema })

export const listViewCalls = {
  calls: {
    list: {
      method: 'GET',
      role: 'viewer',
      path: 'list_views',
      summary: "The caller's own column layout and saved views of one list",
      description: 'Layout is null until the caller changes the columns; views are ordered by name.',
      query: ByModel,
      answer: Type.Object({
        data: Type.Object({
          model: ModelSchema,
          layout: Type.Union([Type.Omit(LayoutSchema, ['model']), Type.Null()]),
          views: Type.Array(SavedViewSchema),
        }),
      }),
    },
    saveLayout: {
      method: 'PUT',
      role: 'viewer',
      path: 'list_layouts',
      summary: "Saves the caller's columns, widths or layout of one list (the parts sent; the others stay)",
      body: LayoutSchema,
      answer: Type.Object({ data: Type.Omit(LayoutSchema, ['model']) }),
    },
    resetLayout: {
      method: 'DELETE',
      role: 'viewer',
      path: 'list_layouts',
      summary: "Forgets the caller's columns of one list: it shows the default layout again",
      query: ByModel,
      answer: Type.Object({ data: Type.Object({ model: ModelSchema }) }),
    },
    create: {
      method: 'POST',
      role: 'viewer',
      path: 'list_views',
      summary: 'Saves a named view of a list (filters, sort, columns) for the caller; one may be their default',
      refusals: { 409: 'The caller already has a view of that name for this list' },
      body: NewViewSchema,
      answer: ViewAnswer,
      status: 201,
    },
    update: {
      method: 'PUT',
      role: 'viewer',
      path: 'list_views/:id',
      summary: "Renames, changes or makes default one of the caller's views",
      refusals: { 404: "No such view of the caller's (another person's views are not theirs to see)", 409: 'A view of that name exists' },
      body: ViewChangeSchema,
      answer: ViewAnswer,
    },
    remove: {
      method: 'DELETE',
      role: 'viewer',
      path: 'list_views/:id',
      summary: "Deletes one of the caller's views",
      refusals: { 404: "No such view of the caller's" },
      answer: Type.Object({ data: Type.Object({ id: Type.Integer() }) }),
    },
  },
} as const satisfies CallDomain
