/** The months a digest names: yyyy-MM, as the spend table stores them (the first of the month, UTC). */

/** The month before the clock's (UTC): the last one whose bills are complete. */
export function lastCompleteMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7)
}

/** '2026-01' → '2025-12' */
export function monthBefore(month: string): string {
  const [year, m] = month.split('-').map(Number)
  return new Date(Date.UTC(year, m - 2, 1)).toISOString().slice(0, 7)
}

const TITLE = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** '2026-10' → 'October 2026' */
export function monthTitle(month: string): string {
  return TITLE.format(new Date(`${month}-01T00:00:00Z`))
}
