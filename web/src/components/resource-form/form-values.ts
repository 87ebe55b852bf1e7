import { NONE_ID } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { FieldDef } from '../../../../shared/resources/index.js'

/** What the inputs hold: text for text-like inputs, booleans for switches, null for "no value". */
export type FormValues = Record<string, string | boolean | null>

export function emptyValue(field: FieldDef): string | boolean | null {
  if (field.type === 'boolean') return false
  if (field.type === 'date' || field.type === 'datetime') return null
  return ''
}

/** The 'None' choice of a lookup select (spec 001 §9: id -9999). */
export const isNone = (v: unknown) => v === String(NONE_ID) || v === NONE_ID

/** A record from the API → input values. */
export function toFormValues(fields: readonly FieldDef[], record?: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const f of fields) {
    const v = record?.[f.name]
    if (f.writeOnly || v === undefined || v === null) values[f.name] = emptyValue(f)
    else if (f.type === 'boolean') values[f.name] = Boolean(v)
    else values[f.name] = String(v)
  }
  return values
}

/**
 * Input values → the body of a write. Text stays text (empty text clears it); an empty number,
 * lookup or date is null; an empty write-only field (a private key) is left out so the stored one stays.
 */
export function toPayload(fields: readonly FieldDef[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of fields) {
    const v = values[f.name]
    const empty = v === null || v === '' || (f.type === 'lookup' && isNone(v))
    if (f.writeOnly && empty) continue
    if (f.type === 'boolean') body[f.name] = Boolean(v)
    else if (f.type === 'number' || f.type === 'lookup') body[f.name] = empty ? null : Number(v)
    else if (f.type === 'date' || f.type === 'datetime' || f.type === 'select') body[f.name] = empty ? null : v
    else body[f.name] = v ?? ''
  }
  return body
}

/** Spec 001 §5: a required field left empty says 'Please Input {title}!'. */
export function validate(fields: readonly FieldDef[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const f of fields) {
    const v = values[f.name]
    const blank = v === null || (typeof v === 'string' && v.trim() === '') || (f.type === 'lookup' && isNone(v))
    if (f.required && f.type !== 'boolean' && blank) {
      errors[f.name] = MESSAGES.pleaseInput(f.label)
    }
    if (f.type === 'number' && typeof v === 'string' && v !== '' && !Number.isFinite(Number(v))) {
      errors[f.name] = `${f.label} must be a number`
    }
  }
  return errors
}
