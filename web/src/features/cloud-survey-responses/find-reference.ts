import { MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { getResource, type ComparisonDef } from '../../../../shared/resources/index.js'
import type { ListAnswer } from '../../../../shared/schemas/common.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'

/**
 * The reference row (a cloud parent) whose match field is this value, case aside, or undefined. The
 * list's text filter matches substrings, so its answers are looked through, page after page, until
 * the row is found or the matches run out. Throws when the request itself fails.
 */
export async function findReference(comparison: ComparisonDef, value: string): Promise<Row | undefined> {
  const model = getResource(comparison.model)
  if (!model) throw new Error(`no registry model '${comparison.model}'`)
  const field = comparison.match.other
  const wanted = value.trim().toLowerCase()
  for (let page = 1; ; page++) {
    const url = paths.api.model(model).list({ page, perPage: MAX_PAGE_SIZE, sort: field, filters: { [`by_${field}`]: value.trim() } })
    const answer = await apiRequest<ListAnswer<Row>>('GET', url)
    const found = answer.data.find((r) => String(r[field] ?? '').toLowerCase() === wanted)
    if (found) return found
    const total = Number(answer.meta?.total)
    if (answer.data.length < MAX_PAGE_SIZE || (Number.isFinite(total) && page * MAX_PAGE_SIZE >= total)) return undefined
  }
}
