import { singularKey } from '../../../../shared/resources/define-resource.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'

/** How long a bulk delete can be undone before it is sent (react-admin's undoable mode waits as long). */
export const UNDO_MS = 5000

/** '1 cost center' / '1,200 cost centers': the model's name in the bulk texts, from its key. */
export function countText(resource: Pick<ResourceDef, 'key'>, n: number): string {
  const noun = (n === 1 ? singularKey(resource.key) : resource.key).replace(/_/g, ' ')
  return `${n.toLocaleString('en-US')} ${noun}`
}
