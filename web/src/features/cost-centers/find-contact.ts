import { MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import type { ListAnswer } from '../../../../shared/schemas/common.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'

/**
 * The cloud contact with exactly this email (case aside), or undefined (spec 001 §5). The list's
 * email filter matches substrings case-insensitively, so every contact it returns is looked at,
 * page after page of MAX_PAGE_SIZE, until the one is found or the matches run out (a registry
 * filter of kind 'exact' would show as a second Email box in the contacts' filter row). Throws
 * when a lookup itself fails.
 */
export async function findContact(email: string): Promise<Row | undefined> {
  const typed = email.trim()
  const wanted = typed.toLowerCase()
  for (let page = 1; ; page++) {
    const answer = await apiRequest<ListAnswer<Row>>('GET', paths.api.cloudContactLookup.getHref(typed, page, MAX_PAGE_SIZE))
    const found = answer.data.find((c) => String(c.email ?? '').toLowerCase() === wanted)
    if (found) return found
    const total = Number(answer.meta?.total)
    if (answer.data.length < MAX_PAGE_SIZE || (Number.isFinite(total) && page * MAX_PAGE_SIZE >= total)) return undefined
  }
}
