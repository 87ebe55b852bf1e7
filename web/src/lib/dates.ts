import { format, isValid, parseISO } from 'date-fns'
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

/** The wire format of a `date` field. */
export function toDayString(date: Date): string {
  return format(date, 'yyyy-MM-dd')
}
