import { isCalendarDay } from '../../../../shared/rules/calendar-day.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
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

/**
 * A lookup that may name its row by label (LookupDef.byLabel) and was sent a text: the id of the row
 * with that label, else a 422 naming the field, as an id that names no row is. Ids pass as they are.
 */
export async function idsOfLabels(db: Executor, resource: ResourceDef, registry: readonly ResourceDef[], values: ApiRecord) {
  for (const field of resource.fields) {
    const value = values[field.name]
    if (!field.lookup?.byLabel || typeof value !== 'string') continue
    const target = registry.find((r) => r.key === field.lookup!.model)
    if (!target) continue
    const id = (await idsOf(db, target.table, field.lookup.labelField, [value.trim()])).get(value.trim())
    if (id === undefined) {
      const message = `${field.label} "${value.trim()}" does not exist`
      throw new HttpError(422, message, { [field.name]: message })
    }
    values[field.name] = id
  }
}
