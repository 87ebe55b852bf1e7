import { isCalendarDay } from '../../../../shared/rules/calendar-day.js'
import type { FieldDef, LookupDef, ResourceDef } from '../../../../shared/resources/index.js'
import { idsOf } from '../../db/records/ids-of.js'
import type { ApiRecord, Executor } from '../../db/records/rows.js'
import { HttpError } from '../../http-error.js'

/**
 * A day sent for an instant is that day's start, UTC: spec 001 gives networks and projects
 * "active_at and expired_at dates", and a script sends them as days ("2026-01-01"). Written as the
 * instant here, so the database never reads the day in its session's time zone.
 */
export function instantsOfDays(resource: ResourceDef, values: ApiRecord): void {
  for (const field of resource.fields) {
    const value = values[field.name]
    if (field.type === 'datetime' && typeof value === 'string' && isCalendarDay(value.trim()))
      values[field.name] = `${value.trim()}T00:00:00.000Z`
  }
}

/** A lookup named by its label (LookupDef.byLabel), and the body's field the label came in. */
export interface SentLabel {
  field: FieldDef & { lookup: LookupDef }
  sentIn: string
  label: string
}

/**
 * The labels a body names lookups by: a text in the lookup's own field, or, when the id is not sent,
 * a text in the field that shows the lookup's label (withLabel; read-only, so read before read-only
 * fields are dropped). Ids pass as they are.
 */
export function labelsSent(resource: ResourceDef, values: ApiRecord): SentLabel[] {
  const sent: SentLabel[] = []
  for (const field of resource.fields) {
    const lookup = field.lookup
    if (!lookup?.byLabel) continue
    const own = values[field.name]
    const shown = resource.fields.find((f) => f.join?.via === field.name && f.join.column === lookup.labelField)
    const label = shown && values[shown.name]
    if (typeof own === 'string') sent.push({ field: { ...field, lookup }, sentIn: field.name, label: own.trim() })
    else if (own === undefined && shown && typeof label === 'string' && label.trim() !== '')
      sent.push({ field: { ...field, lookup }, sentIn: shown.name, label: label.trim() })
  }
  return sent
}

/**
 * Each label sent (labelsSent) → the id of the row with that label, in the lookup's field, one query
 * each; an email label in any case (emails are unique so, migration 005). A label that names no row
 * is a 422 naming the field it was sent in, as an id that names no row is.
 */
export async function idsOfLabels(db: Executor, registry: readonly ResourceDef[], values: ApiRecord, sent: readonly SentLabel[]) {
  for (const { field, sentIn, label } of sent) {
    const target = registry.find((r) => r.key === field.lookup.model)
    if (!target) continue
    const anyCase = target.fields.find((f) => f.name === field.lookup.labelField)?.type === 'email'
    const ids = await idsOf(db, target.table, field.lookup.labelField, [label], anyCase)
    const id = ids.get(anyCase ? label.toLowerCase() : label)
    if (id === undefined) {
      const message = `${field.label} "${label}" does not exist`
      throw new HttpError(422, message, { [sentIn]: message })
    }
    values[field.name] = id
  }
}
