import { singularKey } from '../../../shared/resources/define-resource.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { plural } from '../../../shared/plural.js'

/** How long a bulk delete can be undone before it is sent (react-admin's undoable mode waits as long). */
export const UNDO_MS = 5000

/** '1 cost center' / '1,200 cost centers': the model's noun in the bulk texts (its key's words where it declares none). */
export function countText(resource: Pick<ResourceDef, 'key' | 'noun'>, n: number): string {
  return plural(n, resource.noun ?? singularKey(resource.key).replace(/_/g, ' '))
}

/** A batch refused for rows changed since the list was read, the rows named as the list names them. */
export function staleText(labels: readonly string[]): string {
  return `${labels.join(', ')} ${labels.length === 1 ? 'was' : 'were'} changed by someone else since you loaded the list, so nothing was changed. Reload the list, then make your change again.`
}
