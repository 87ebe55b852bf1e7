/**
 * The date maths of the bills screens (spec 001 §9), as pure functions of an injected clock: the
 * export window (this month, first day to last second), the dashboard's default range (first day of
 * last month to today), its presets and fiscal years (Feb 1 – Jan 31), and the picker's maximum.
 * Dates are local calendar days, as the date-range picker works in the person's time zone.
 */
export interface DateRange {
  start: Date
  end: Date
}

export interface RangePreset {
  label: string
  range: DateRange
}

/** spec 001 §2: the three fiscal-year presets */
export const FISCAL_YEARS = [2018, 2019, 2020] as const

const day = (y: number, m: number, d: number) => new Date(y, m, d)
const startOfDay = (d: Date) => day(d.getFullYear(), d.getMonth(), d.getDate())

/** The export window: the current month's first day 00:00:00 to its last second. */
export function exportWindow(now: Date): DateRange {
  return { start: day(now.getFullYear(), now.getMonth(), 1), end: new Date(day(now.getFullYear(), now.getMonth() + 1, 1).getTime() - 1000) }
}

/** The dashboard's default range: the first day of last month to today. */
export function defaultDashboardRange(now: Date): DateRange {
  return { start: day(now.getFullYear(), now.getMonth() - 1, 1), end: startOfDay(now) }
}

/** Fiscal year `year`: Feb 1 of that year to Jan 31 of the next. */
export function fiscalYear(year: number): DateRange {
  return { start: day(year, 1, 1), end: day(year + 1, 0, 31) }
}

/** The last `months` months: the first day of the month `months` back to today. */
export function lastMonths(now: Date, months: number): DateRange {
  return { start: day(now.getFullYear(), now.getMonth() - months, 1), end: startOfDay(now) }
}

/** spec 001 §2: Last month, Last 3 months, Last 6 months, then the fiscal years. */
export function dashboardPresets(now: Date): RangePreset[] {
  return [
    { label: 'Last month', range: lastMonths(now, 1) },
    { label: 'Last 3 months', range: lastMonths(now, 3) },
    { label: 'Last 6 months', range: lastMonths(now, 6) },
    ...FISCAL_YEARS.map((year) => ({ label: `Fiscal year ${year}`, range: fiscalYear(year) })),
  ]
}

/** spec 001 §9: the picker's maximum date is the range end plus 24 hours. */
export function pickerMaximum(range: DateRange): Date {
  return new Date(range.end.getTime() + 24 * 60 * 60 * 1000)
}

/** A local day as yyyy-MM-dd (the API's startDate / endDate). */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
