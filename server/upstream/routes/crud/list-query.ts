import { queryFilters, type ResourceDef } from '../../../../shared/resources/index.js'
import type { ListCursor, ListParams } from '../../db/records/list-page.js'
import type { ListFilter } from '../../db/records/list-filter.js'
import { isCalendarDay, dayRefusal } from '../../../../shared/rules/calendar-day.js'
import { filtersNothing } from '../../../../shared/filter-params.js'
import { HttpError } from '../../http-error.js'

export interface RawListQuery {
  page: number
  per_page: number
  sort?: string
  after?: string
  count?: 'exact' | 'none'
  fields?: string
  [param: string]: unknown
}

function refuse(param: string, message: string): never {
  throw new HttpError(400, message, { [param]: message })
}

/**
 * The list parameters checked against the registry: sort names a readable field, filter values are
 * turned into the field's type so the database compares typed values (and PGlite, which serialises
 * parameters by their inferred type, never sees "true" for a boolean).
 */
export function listQueryOf(resource: ResourceDef, raw: RawListQuery): ListParams {
  const readable = new Set(resource.fields.filter((f) => !f.writeOnly).map((f) => f.name))
  const sort = raw.sort || resource.defaultSort
  if (!readable.has(sort.replace(/^-/, ''))) refuse('sort', `Unknown sort field "${sort.replace(/^-/, '')}"`)

  const filters: ListFilter[] = []
  // the declared filters and the hidden by_<labelField> search of a lookup target (the web's lookup inputs)
  for (const filter of queryFilters(resource)) {
    const value = raw[filter.param]
    if (typeof value !== 'string' || filtersNothing(value)) continue
    // an exact filter's 'all', in any case, is no filter either (cloud bills' key=all, as on the dashboard)
    if (filter.kind === 'exact' && value.toLowerCase() === 'all') continue
    const field = resource.fields.find((f) => f.name === filter.field)!
    if (filter.kind === 'text') {
      filters.push({ field: field.name, kind: 'text', value, ...(filter.terms && { terms: filter.terms }) })
    } else if (filter.kind === 'createdWithin') {
      const days = Number(value)
      if (!Number.isInteger(days) || days < 1 || days > 36_500) refuse(filter.param, `${filter.label} must be a number of days`)
      filters.push({ field: field.name, kind: 'createdWithin', value: days })
    } else if (filter.kind === 'differs') {
      if (!/^(true|false)$/i.test(value)) refuse(filter.param, `${filter.label} must be true or false`)
      filters.push({ field: field.name, kind: 'differs', value: value.toLowerCase() === 'true' })
    } else if (filter.kind === 'from' || filter.kind === 'until') {
      if (!isCalendarDay(value)) refuse(filter.param, dayRefusal(filter.label))
      filters.push({ field: field.name, kind: filter.kind, value })
    } else if (field.type === 'number' || field.type === 'lookup') {
      const number = Number(value)
      if (!Number.isFinite(number)) refuse(filter.param, `${filter.label} must be a number`)
      filters.push({ field: field.name, kind: 'exact', value: number })
    } else if (field.type === 'boolean') {
      if (!/^(true|false)$/i.test(value)) refuse(filter.param, `${filter.label} must be true or false`)
      filters.push({ field: field.name, kind: 'exact', value: value.toLowerCase() === 'true' })
    } else {
      if (field.type === 'date' && !isCalendarDay(value)) refuse(filter.param, dayRefusal(filter.label))
      filters.push({ field: field.name, kind: 'exact', value })
    }
  }
  const after = raw.after === undefined ? undefined : decodeCursor(resource, sort, raw.after)
  const fields = raw.fields ? fieldsOf(resource, readable, raw.fields) : undefined
  return { page: raw.page, perPage: raw.per_page, sort, filters, after, count: raw.count ?? 'exact', ...(fields && { fields }) }
}

/**
 * `fields=a,b` (JSON:API's sparse fieldsets, Microsoft Graph's `$select`): the rows carry only these
 * readable fields and id, and the query reads only what they need. A compared model's `mismatches`
 * may be named too.
 */
function fieldsOf(resource: ResourceDef, readable: ReadonlySet<string>, text: string): string[] {
  const names = text.split(',').map((name) => name.trim())
  for (const name of names) {
    if (!readable.has(name) && !(name === 'mismatches' && resource.comparison)) refuse('fields', `Unknown field "${name}"`)
  }
  return names
}

/**
 * `meta.next` of a full page: opaque to clients (base64url of the sort, the last row's sort key
 * and id), handed back as `after=` for the next page. It names its sort, so a cursor taken under
 * another sort is refused rather than walked in the wrong order.
 */
export function encodeCursor(sort: string, cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([sort, cursor.key, cursor.id])).toString('base64url')
}

function decodeCursor(resource: ResourceDef, sort: string, text: string): ListCursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString())
  } catch {
    refuse('after', 'The cursor is not one this list gave')
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) refuse('after', 'The cursor is not one this list gave')
  const [cursorSort, key, id] = parsed as unknown[]
  if (cursorSort !== sort) refuse('after', 'The cursor belongs to another sort order')
  if ((key !== null && typeof key !== 'string') || !Number.isSafeInteger(id)) refuse('after', 'The cursor is not one this list gave')
  // PGlite binds a parameter by the type the comparison infers, and a boolean needs a JS boolean
  const type = resource.fields.find((f) => f.name === sort.replace(/^-/, ''))?.type
  return { key: type === 'boolean' && key !== null ? key === 'true' : key, id: id as number }
}
