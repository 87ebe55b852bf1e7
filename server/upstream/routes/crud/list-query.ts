import { queryFilters, type ResourceDef } from '../../../../shared/resources/index.js'
import type { ListFilter, ListQuery } from '../../db/records/repository.js'
import { HttpError } from '../../http-error.js'

export interface RawListQuery {
  page: number
  per_page: number
  sort?: string
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
export function listQueryOf(resource: ResourceDef, raw: RawListQuery): ListQuery {
  const readable = new Set(resource.fields.filter((f) => !f.writeOnly).map((f) => f.name))
  const sort = raw.sort || resource.defaultSort
  if (!readable.has(sort.replace(/^-/, ''))) refuse('sort', `Unknown sort field "${sort.replace(/^-/, '')}"`)

  const filters: ListFilter[] = []
  // the declared filters and the hidden by_<labelField> search of a lookup target (the web's lookup inputs)
  for (const filter of queryFilters(resource)) {
    const value = raw[filter.param]
    if (typeof value !== 'string' || value === '' || value === 'All') continue
    const field = resource.fields.find((f) => f.name === filter.field)!
    if (filter.kind === 'text') {
      filters.push({ field: field.name, kind: 'text', value })
    } else if (filter.kind === 'createdWithin') {
      const days = Number(value)
      if (!Number.isInteger(days) || days < 1 || days > 36_500) refuse(filter.param, `${filter.label} must be a number of days`)
      filters.push({ field: field.name, kind: 'createdWithin', value: days })
    } else if (field.type === 'number' || field.type === 'lookup') {
      const number = Number(value)
      if (!Number.isFinite(number)) refuse(filter.param, `${filter.label} must be a number`)
      filters.push({ field: field.name, kind: 'exact', value: number })
    } else if (field.type === 'boolean') {
      if (!/^(true|false)$/i.test(value)) refuse(filter.param, `${filter.label} must be true or false`)
      filters.push({ field: field.name, kind: 'exact', value: value.toLowerCase() === 'true' })
    } else {
      filters.push({ field: field.name, kind: 'exact', value })
    }
  }
  return { page: raw.page, perPage: raw.per_page, sort, filters }
}
