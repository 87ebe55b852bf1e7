import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import type { ListAnswer } from '../../../../shared/schemas/common.js'
import type { Row } from '../../lib/resource-api.js'

/**
 * The cloud contact with exactly this email, or undefined (spec 001 §5). The list's email filter
 * matches substrings, so the match is made here. Throws when the lookup itself fails.
 */
export async function findContact(email: string): Promise<Row | undefined> {
  const wanted = email.trim().toLowerCase()
  const answer = await apiRequest<ListAnswer<Row>>('GET', paths.api.cloudContactLookup.getHref(email.trim()))
  return answer.data.find((c) => String(c.email ?? '').toLowerCase() === wanted)
}
