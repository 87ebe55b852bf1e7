import { sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import {
  SEARCH_PER_MODEL,
  SEARCH_TARGETS,
  searchLabel,
  searchValueFields,
  type SearchGroup,
  type SearchRecord,
  type SearchTarget,
} from '../../../../shared/calls/search.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { INT4_MAX } from '../../../../shared/schemas/resource-body.js'
import { shapeOf } from '../../db/records/columns.js'
import { rows } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'
import { declaredRoute } from '../declared.js'

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&')

interface Found {
  target: number
  id: number
  title: string | null
  values: SearchRecord['values']
}

/**
 * One target's ways to find a record, each its own SELECT … LIMIT so that each walks its own index
 * (the primary key; migration 049's prefix index; a list's (lower(field), id) index), in the order
 * they are answered: the id first, then each field's matches in that field's order.
 */
function targetQueries(target: SearchTarget, index: number, resource: ResourceDef, registry: readonly ResourceDef[], text: string): SQL[] {
  const shape = shapeOf(resource, registry)
  const t = sql.identifier('t')
  const column = (field: string) => sql`${t}.${sql.identifier(field)}`
  const fields = searchValueFields(target)
  // each value as JSON keeps its kind (an amount a number, a day a text): the web shows it as its list does
  const values = sql.join(
    fields.map((field) => sql`${field}::text, ${shape.value(field)}`),
    sql`, `,
  )
  const queries: SQL[] = []
  // target, part and rank put the answer in this order: UNION ALL alone promises none
  const select = (where: SQL, order: SQL) => sql`(SELECT ${index}::int AS target, ${queries.length}::int AS part,
    row_number() OVER (ORDER BY ${order}) AS rank, ${t}.id::int AS id,
    (${shape.value(target.title)})::text AS title, json_build_object(${values}) AS values
    FROM ${sql.identifier(resource.table)} AS ${t}${shape.joinsFor(fields)}
    WHERE ${where} ORDER BY ${order} LIMIT ${SEARCH_PER_MODEL})`
  if (/^\d{1,10}$/.test(text) && Number(text) <= INT4_MAX) queries.push(select(sql`${t}.id = ${Number(text)}`, sql`${t}.id`))
  for (const field of target.prefix) {
    // lower() of the pattern folds the text as the index folded the values; a constant, so the planner makes it a range
    const key = sql`lower(${column(field)}) COLLATE "C"`
    queries.push(select(sql`${key} LIKE lower(${`${escapeLike(text)}%`})`, sql`${key}, ${t}.id`))
  }
  for (const field of target.exact ?? []) queries.push(select(sql`lower(${column(field)}) = lower(${text})`, sql`${t}.id`))
  return queries
}

/**
 * GET /search?q=… → 200 {"data":[{"model":"cost_centers","label":"Cost Centers","records":[{"id","title","values"}]}]}
 * The command palette's search (issue 29 item 6): the models of shared/calls/search.ts that this
 * upstream serves, in one statement; a record found two ways is answered once, and each model gives
 * at most SEARCH_PER_MODEL.
 */
export const searchRoute: FastifyPluginAsync<{ registry: readonly ResourceDef[] }> = async (app, { registry }) => {
  const served = SEARCH_TARGETS.flatMap((target) => {
    const resource = registry.find((r) => r.key === target.model)
    return resource ? [{ target, resource }] : []
  })
  app.route<{ Querystring: { q: string } }>({
    ...declaredRoute(CALLS.search.calls.records),
    handler: async (request) => {
      const text = request.query.q.trim()
      if (!text) {
        const message = 'Type something to search for'
        throw new HttpError(400, message, { q: message })
      }
      const queries = served.flatMap(({ target, resource }, index) => targetQueries(target, index, resource, registry, text))
      const found = queries.length
        ? await rows<Found>(
            app.database.db,
            sql`SELECT * FROM (${sql.join(queries, sql` UNION ALL `)}) AS found ORDER BY target, part, rank`,
          )
        : []
      const groups: SearchGroup[] = served.map(({ resource }) => ({ model: resource.key, label: searchLabel(resource), records: [] }))
      for (const row of found) {
        const { records } = groups[Number(row.target)]
        const id = Number(row.id)
        if (records.length < SEARCH_PER_MODEL && !records.some((r) => r.id === id))
          records.push({ id, title: row.title, values: row.values })
      }
      return { data: groups.filter((g) => g.records.length) }
    },
  })
}
