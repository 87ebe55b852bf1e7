import { SEARCH_TARGETS, type SearchRecord } from '../../../../shared/calls/search.js'
import { fieldOf, getResource } from '../../../../shared/resources/index.js'
import { cellText } from '../resource-table/cell-value.js'

/**
 * What the palette shows beside a found record: its model's detail fields (shared/calls/search.ts)
 * as its list shows them, through the one cellText (an amount with its currency, 'USD 2,792.50'; a
 * day as the spec writes it; a cloud as 'AWS'), those with a value joined by ' · '.
 */
export function recordDetail(model: string, values: SearchRecord['values']): string {
  const target = SEARCH_TARGETS.find((t) => t.model === model)
  const resource = getResource(model)
  if (!target || !resource) return ''
  return target.detail
    .map((name) => cellText(fieldOf(resource, name), values[name], values))
    .filter((text) => text !== '')
    .join(' · ')
}
