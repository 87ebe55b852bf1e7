/**
 * Spec 001 §5, §9: the GitHub app forms' own rules, pure, so the form and its tests share them.
 * The upstream refuses a None cost center too, by the registry's schema (the cost center is a
 * required lookup: an id of at least 1), with the schema's words; this is the spec's text for it.
 */
import { NONE_ID } from '../constants.js'
import { MESSAGES } from '../messages.js'
import type { RecordValues } from './plausibility.js'

/** Spec 001 §9: the new GitHub app form starts on the cost center whose id is '1'. */
export const NEW_GITHUB_APP_COST_CENTER_ID = '1'

/**
 * Spec 001 §5: an edit that sets the cost center to None (the id -9999) or to nothing is refused with
 * this text, nothing sent. A values object without the field sets nothing, so it is not refused.
 */
export function noneCostCenterRefusal(values: RecordValues): string | undefined {
  const id = values.cost_centers_id
  const none = id === null || id === '' || id === NONE_ID || id === String(NONE_ID)
  return none ? MESSAGES.editedCostCenterNone : undefined
}
