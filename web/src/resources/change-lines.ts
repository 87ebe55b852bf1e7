import { fieldOf, getResource, type FieldDef } from '../../../shared/resources/index.js'
import type { ChangeAction, FieldChanges } from '../../../shared/resources/record-changes.js'
import { cellText } from '../components/resource-table/index.js'

/** One changed field as people read it: its registry label, and its values as the list shows them. */
export interface ChangeLine {
  name: string
  label: string
  from: string
  to: string
  /** a write-only field (a private key): written, its value never shown */
  hidden?: boolean
}

/** what an empty value reads as, so 'Abbreviation: — → CLAUD' says the field had none */
export const EMPTY_VALUE = '—'

export const ACTION_LABELS: Record<ChangeAction, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' }

const shown = (field: FieldDef | undefined, value: unknown) => cellText(field, value) || EMPTY_VALUE

/**
 * A change-log entry's fields in the model's field order (jsonb keeps its own), each under its
 * registry label. A lookup whose label changed with it shows as the label (the owner's email, not
 * the owner's id), as the record page does; fields the registry no longer has keep their API name.
 */
export function changeLines(model: string, changes: FieldChanges): ChangeLine[] {
  const resource = getResource(model)
  const names = Object.keys(changes)
  const ordered = resource
    ? [...resource.fields.map((f) => f.name).filter((n) => n in changes), ...names.filter((n) => !fieldOf(resource, n))]
    : names
  const shownByLabel = new Set(resource?.fields.flatMap((f) => (f.join && f.name in changes ? [f.join.via] : [])))
  return ordered
    .filter((name) => !shownByLabel.has(name))
    .map((name) => {
      const field = resource && fieldOf(resource, name)
      const label = field?.label ?? name
      const change = changes[name]
      if ('hidden' in change) return { name, label, from: '', to: '', hidden: true }
      return { name, label, from: shown(field, change.from), to: shown(field, change.to) }
    })
}

/** One line as text: 'Name: Cloud Audit → Cloud Audit Team'. */
export function changeLineText(line: ChangeLine): string {
  return line.hidden ? `${line.label}: changed (not shown)` : `${line.label}: ${line.from} → ${line.to}`
}
