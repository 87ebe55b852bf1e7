import type { Static } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import { CALLS } from '../../../../shared/calls/index.js'
import { LIST_VIEW_LABELS, type SavedView } from '../../../../shared/calls/list-views.js'
import { MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { HttpError } from '../../http-error.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'
import * as store from './store.js'

/**
 * A person's columns and saved views of a list (issue 29 item 1), the caller being the gateway's `uid`:
 *
 *   GET    /list_views?model=cost_centers  → {"data":{"model","layout":{columns,widths,layout}|null,"views":[…]}}
 *   PUT    /list_layouts {model, columns?, widths?, layout?} → the layout; DELETE /list_layouts?model=… forgets it
 *   POST   /list_views {model, name, query, columns, is_default} → 201 the view; 409 for a name the caller has
 *   PUT    /list_views/:id {name?, query?, columns?, is_default?} → the view; DELETE /list_views/:id
 *
 * Another person's view answers 404, as one that never was. Columns, widths and the query must be
 * the model's (400 naming the field); a view made default unmakes the list's previous default.
 */
const calls = CALLS.listViews.calls
const byField = bodyErrorFormatter(LIST_VIEW_LABELS)
/** a refusal names the top-level field: a width of `widths`, a filter of `query`, never the column's own name */
const formatter = (errors: FastifySchemaValidationError[], dataVar: string) =>
  byField(
    errors.map((e) => ({ ...e, instancePath: e.instancePath.split('/').slice(0, 2).join('/') })),
    dataVar,
  )

function ownerOf(request: FastifyRequest): string {
  const uid = request.headers.uid
  if (typeof uid !== 'string' || uid === '') throw new HttpError(401, 'Views belong to a signed-in person')
  return uid
}

const refuse = (field: string, message: string) => new HttpError(400, message, { [field]: message })

export const listViewRoutes: FastifyPluginAsync<{ registry: readonly ResourceDef[] }> = async (app, { registry }) => {
  const db = () => app.database.db
  const now = () => app.clock()

  function modelOf(key: string): ResourceDef {
    const resource = registry.find((r) => r.key === key)
    if (!resource) throw refuse('model', `List: "${key}" is not a list of this portal`)
    return resource
  }
  function checkColumns(resource: ResourceDef, field: 'columns' | 'widths', names: readonly string[] | undefined) {
    const unknown = names?.find((name) => !resource.columns.includes(name))
    if (unknown !== undefined) throw refuse(field, `${LIST_VIEW_LABELS[field]}: "${unknown}" is not a column of this list`)
  }
  function checkQuery(resource: ResourceDef, query: Readonly<Record<string, string>> | undefined) {
    for (const [param, value] of Object.entries(query ?? {})) {
      const known =
        param === 'sort'
          ? resource.columns.includes(value.replace(/^-/, ''))
          : param === 'per_page'
            ? /^[1-9][0-9]*$/.test(value) && Number(value) <= MAX_PAGE_SIZE
            : resource.filters.some((f) => f.param === param)
      if (!known) throw refuse('query', `${LIST_VIEW_LABELS.query}: "${param}=${value}" does not apply to this list`)
    }
  }
  /** the unique index on (owner, model, lower(name)) decides a clash: no read-then-write race */
  async function named<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code
      if (code !== '23505') throw err
      const message = `A view named "${name}" already exists for this list`
      throw new HttpError(409, message, { name: message })
    }
  }

  app.route<{ Querystring: { model: string } }>({
    ...declaredRoute(calls.list),
    schemaErrorFormatter: formatter,
    handler: async (request) => {
      const owner = ownerOf(request)
      const { key: model } = modelOf(request.query.model)
      const [layout, views] = await Promise.all([store.readLayout(db(), owner, model), store.listViews(db(), owner, model)])
      return { data: { model, layout, views } }
    },
  })

  app.route<{ Body: Static<typeof calls.saveLayout.body> }>({
    ...declaredRoute(calls.saveLayout),
    schemaErrorFormatter: formatter,
    handler: async (request) => {
      const owner = ownerOf(request)
      const resource = modelOf(request.body.model)
      checkColumns(resource, 'columns', request.body.columns)
      checkColumns(resource, 'widths', request.body.widths && Object.keys(request.body.widths))
      return { data: await store.saveLayout(db(), owner, request.body, now()) }
    },
  })

  app.route<{ Querystring: { model: string } }>({
    ...declaredRoute(calls.resetLayout),
    schemaErrorFormatter: formatter,
    handler: async (request) => {
      const owner = ownerOf(request)
      const { key: model } = modelOf(request.query.model)
      await store.deleteLayout(db(), owner, model)
      return { data: { model } }
    },
  })

  app.route<{ Body: Static<typeof calls.create.body> }>({
    ...declaredRoute(calls.create),
    schemaErrorFormatter: formatter,
    handler: async (request, reply) => {
      const owner = ownerOf(request)
      const { model, ...view } = request.body
      const resource = modelOf(model)
      checkColumns(resource, 'columns', view.columns)
      checkQuery(resource, view.query)
      const created = await named(view.name, () => db().transaction((tx) => store.createView(tx, owner, model, view, now())))
      return reply.code(201).send({ data: created })
    },
  })

  app.route<{ Params: { id: number }; Body: Static<typeof calls.update.body> }>({
    ...declaredRoute(calls.update),
    schemaErrorFormatter: formatter,
    handler: async (request) => {
      const owner = ownerOf(request)
      const change = request.body
      if (Object.keys(change).length === 0) throw new HttpError(400, 'Nothing to change: send a name, query, columns or is_default')
      const updated = await named(change.name, () =>
        db().transaction(async (tx): Promise<SavedView | undefined> => {
          const current = await store.readView(tx, owner, request.params.id)
          if (!current) return undefined
          const resource = modelOf(current.model)
          checkColumns(resource, 'columns', change.columns)
          checkQuery(resource, change.query)
          return store.updateView(tx, owner, current, change, now())
        }),
      )
      if (!updated) throw new HttpError(404, 'View not found')
      return { data: updated }
    },
  })

  app.route<{ Params: { id: number } }>({
    ...declaredRoute(calls.remove),
    handler: async (request) => {
      const owner = ownerOf(request)
      if (!(await store.deleteView(db(), owner, request.params.id))) throw new HttpError(404, 'View not found')
      return { data: { id: request.params.id } }
    },
  })
}
