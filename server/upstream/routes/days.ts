import { dayRefusal, isCalendarDay } from '../../../shared/rules/calendar-day.js'
import { HttpError } from '../http-error.js'

/**
 * A 400 naming every parameter (by its name in the request) whose value is not a calendar day, as a
 * list's date filter is refused: a schema's pattern lets '2026-02-30' and '0000-01-01' through.
 */
export function refuseUnlessDays(days: Record<string, [value: string, label: string]>): void {
  const fields: Record<string, string> = {}
  for (const [name, [value, label]] of Object.entries(days)) if (!isCalendarDay(value)) fields[name] = dayRefusal(label)
  if (Object.keys(fields).length > 0) throw new HttpError(400, Object.values(fields).join('; '), fields)
}
