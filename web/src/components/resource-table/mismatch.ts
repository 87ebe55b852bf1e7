import { Classes } from '@blueprintjs/core'
import type { ResourceDef } from '../../../../shared/resources/index.js'

/**
 * A record of a model checked against a reference model (the registry's `comparison`) carries the
 * upstream's `mismatches`: the fields whose value differs from the reference row's. Their cells are
 * painted with Blueprint's danger intent and carry the registry's hint ('Differs from the cloud
 * parent') for hover and assistive technology, so the difference is never told by colour alone.
 */
export function differingFields(resource: ResourceDef, row: Record<string, unknown> | undefined): readonly string[] {
  const mismatches = row?.mismatches
  return resource.comparison && Array.isArray(mismatches) ? (mismatches as string[]) : []
}

export const differs = (resource: ResourceDef, row: Record<string, unknown> | undefined, name: string) =>
  differingFields(resource, row).includes(name)

/** The props a differing cell adds (nothing for any other cell). */
export function mismatchProps(resource: ResourceDef, row: Record<string, unknown> | undefined, name: string) {
  if (!differs(resource, row, name)) return {}
  const hint = resource.comparison!.hint
  // focusable by script: the differences note under the record's name brings it into view
  return { className: `cell--differs ${Classes.INTENT_DANGER}`, title: hint, 'aria-description': hint, tabIndex: -1 }
}

/** A cell's class names together ('' parts dropped). */
export const classNames = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined
