import type { ResourceDef } from '../../../shared/resources/index.js'
import type { ListQuery } from './resource-api.js'

/**
 * The gateway's CSV of a list: `GET /api/csv/<model>?<the list's filters and sort>` streams a file
 * named `<prefix>_<ISO timestamp>.csv`. Filter values 'All' or empty are left out, as in the list.
 * A person's download opens in Excel: `bom=1` starts it with the byte-order mark Excel needs to read
 * UTF-8 (its 'Ü' is not 'Ãœ'); scripts call without it.
 */
export function csvHref(resource: ResourceDef, query?: Pick<ListQuery, 'sort' | 'filters'>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (query?.sort) params.set('sort', query.sort)
  for (const [param, value] of Object.entries({ ...query?.filters, ...extra })) {
    if (value !== '' && value !== 'All') params.set(param, value)
  }
  params.set('bom', '1')
  const qs = params.toString()
  return `/api/csv/${encodeURIComponent(resource.key)}${qs ? `?${qs}` : ''}`
}
