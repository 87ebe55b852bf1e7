import { format, isValid, parseISO, startOfDay } from 'date-fns'
import { DISPLAY_DATE_FORMAT } from '../../../shared/constants.js'

/** A calendar day (yyyy-MM-dd) or an ISO instant as parsed by date-fns, or undefined if unusable. */
export function toDate(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const date = value instanceof Date ? value : parseISO(String(value))
  return isValid(date) ? date : undefined
}

/** Dates are shown as DD-MMM-yyyy everywhere (spec 001 §9). */
export function formatDisplayDate(value: unknown): string {
  const date = toDate(value)
  return date ? format(date, DISPLAY_DATE_FORMAT) : ''
}

/** An instant to the minute, in the browser's time zone: when a change was made (a record's history). */
export function formatDisplayDateTime(value: unknown): string {
  const date = toDate(value)
  return date ? format(date, `${DISPLAY_DATE_FORMAT} HH:mm`) : ''
}

/** The wire format of a `date` field. */
export function toDayString(date: Date): string {
  return format(date, 'yyyy-MM-dd')
}

/** How far ahead a date picker reaches: contracts and expiries are planned decades out (issue 7a). */
export const PICKER_YEARS_AHEAD = 30
/** How far back: stored dates of the oldest records. */
export const PICKER_YEARS_BACK = 50

/**
 * The days a date picker offers (Blueprint's default stops at the end of next year, so a stored
 * later expiry showed 'Out of range'): from January 1st PICKER_YEARS_BACK years ago to December 31st
 * PICKER_YEARS_AHEAD years ahead, widened to take the stored value whatever it is.
 */
export function pickerRange(value: Date | undefined, now: Date): { minDate: Date; maxDate: Date } {
  let minDate = new Date(now.getFullYear() - PICKER_YEARS_BACK, 0, 1)
  let maxDate = new Date(now.getFullYear() + PICKER_YEARS_AHEAD, 11, 31, 23, 59, 59, 999)
  if (value && value < minDate) minDate = new Date(value.getFullYear(), 0, 1)
  if (value && value > maxDate) maxDate = new Date(value.getFullYear(), 11, 31, 23, 59, 59, 999)
  return { minDate, maxDate }
}

/** The long date of spec 000 §2 (Membership Requests): 'November 24, 2026'. */
export const LONG_DATE_FORMAT = 'MMMM d, yyyy'

export function formatLongDate(value: unknown): string {
  const date = toDate(value)
  return date ? format(date, LONG_DATE_FORMAT) : ''
}

/**
 * Whether an end or expiry date (a day, or an instant read as its day in the browser's time zone)
 * is before `today`'s day: the record has expired. Today is the caller's, so tests set it.
 */
export function isExpired(value: unknown, today: Date): boolean {
  const date = toDate(value)
  if (!date) return false
  return startOfDay(date) < startOfDay(today)
}

/** 'Nov 2026' for '2026-11' */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number)
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
}
