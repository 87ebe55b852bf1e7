/**
 * A real calendar day written yyyy-MM-dd, in the years PostgreSQL stores (0001-9999: it has no year
 * 0000). Every day a caller sends is checked by this before it reaches SQL, where '2026-02-30' or
 * '0000-01-01' would be a database error and a 500.
 */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1) return false
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** What a refused day says, in the words of the field it fills. */
export const dayRefusal = (label: string) => `${label} must be a date (yyyy-MM-dd)`
