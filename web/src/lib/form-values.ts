import { NONE_ID } from '../../../shared/constants.js'
import type { FieldDef } from '../../../shared/resources/index.js'

/** What the inputs hold: text for text-like inputs, booleans for switches, null for "no value". */
export type FormValues = Record<string, string | boolean | null>

export function emptyValue(field: FieldDef): string | boolean | null {
  if (field.type === 'boolean') return false
  if (field.type === 'date' || field.type === 'datetime') return null
  return ''
}

/** The 'None' choice of a lookup select (spec 001 §9: id -9999). */
export const isNone = (v: unknown) => v === String(NONE_ID) || v === NONE_ID

/** An input left empty (a lookup on 'None' too): what a required field refuses. */
export function isBlank(field: FieldDef, v: FormValues[string] | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (field.type === 'lookup' && isNone(v))
}

/** A record from the API → input values; no record: a new one's, with the fields' defaults. */
export function toFormValues(fields: readonly FieldDef[], record?: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const f of fields) {
    const v = record?.[f.name]
    if (!record && f.default !== undefined) values[f.name] = f.default
    else if (f.writeOnly || v === undefined || v === null) values[f.name] = emptyValue(f)
    else if (f.type === 'boolean') values[f.name] = Boolean(v)
    else values[f.name] = String(v)
  }
  return values
}

/**
 * Input values → the body of a write, as the upstream validates it. Text is trimmed (the upstream
 * trims too, so a name of spaces is empty on both sides); an empty number, lookup, date or select
 * is null; an empty write-only field (a private key) is left out so the stored one stays.
 */
export function toPayload(fields: readonly FieldDef[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of fields) {
    const v = values[f.name]
    const text = typeof v === 'string' ? v.trim() : ''
    const empty = isBlank(f, v ?? null)
    if (f.writeOnly && empty) continue
    if (f.type === 'boolean') body[f.name] = v === true
    else if (f.type === 'number' || f.type === 'lookup') body[f.name] = empty ? null : Number(text)
    else if (f.type === 'date' || f.type === 'datetime' || f.type === 'select') body[f.name] = empty ? null : text
    else body[f.name] = text
  }
  return body
}
