import type { ComparisonDef } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../components/resource-form/index.js'

/**
 * The compared fields as the reference row (a cloud parent) says them, in this model's terms: the
 * values map of a field turns the reference's value into this model's ('AwsCloudParent' → 'aws').
 */
export function referenceValues(comparison: ComparisonDef, reference: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const [name, spec] of Object.entries(comparison.fields)) {
    const other = typeof spec === 'string' ? spec : spec.other
    const raw = reference[other]
    const text = raw === null || raw === undefined ? '' : String(raw)
    values[name] = typeof spec === 'string' ? text : (spec.values[text] ?? text)
  }
  return values
}

/**
 * What the add form holds once a reference row is chosen: each compared field takes the reference's
 * value where the person left it empty or it still holds what the previous choice filled in; what
 * the person typed stays. Returns the new values and what this choice filled (for the next one).
 */
export function prefill(
  comparison: ComparisonDef,
  reference: Record<string, unknown>,
  current: FormValues,
  filledBefore: FormValues = {},
): { values: FormValues; filled: FormValues } {
  const offered = referenceValues(comparison, reference)
  const values: FormValues = { ...current }
  const filled: FormValues = {}
  for (const [name, value] of Object.entries(offered)) {
    const now = current[name]
    const untouched = now === null || now === undefined || now === '' || now === filledBefore[name]
    if (!untouched) continue
    values[name] = value
    filled[name] = value
  }
  return { values, filled }
}
