import { MESSAGES } from '../../../../shared/messages.js'
import { fieldOf, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'
import { isNone, type FormValues } from '../../lib/form-values.js'
import type { Row } from '../../lib/resource-api.js'
import type { FormMode } from '../../resources/extensions.js'

/**
 * The form types the owner's email; the upstream finds the contact with it (the write's
 * cloud_contact_email, spec 001 §5) and refuses an email that names none.
 */
export const CONTACT_EMAIL_FIELD: FieldDef = {
  name: 'cloud_contact_email',
  label: 'Cloud Contact Email',
  type: 'email',
  required: true,
  placeholder: 'Company email of the owner, e.g. jane.doe@company.com',
}
/** the email is searched among the cloud contacts as it is typed; one not found may be typed whole (then §5's check) */
export const CONTACT_CHOICES = { lookup: { model: 'cloud_contacts', labelField: 'email' }, freeText: true }
export const LOOKUPS = ['companies_id', 'business_units_id', 'departments_id'] as const
export const OPTIONAL_LOOKUPS = [
  { name: 'new_cost_center_id', flag: 'has_replacement', label: 'Replacement' },
  { name: 'alt_cost_center_id', flag: 'has_backup', label: 'Backup (WBS only)' },
] as const

/** The fields the form edits, in its order (spec 001 §7 add payload, the owner by email, minus the derived ones). */
export function formFields(resource: ResourceDef): FieldDef[] {
  const names = ['identifier', CONTACT_EMAIL_FIELD.name, ...LOOKUPS, 'active_at', 'expired_at', ...OPTIONAL_LOOKUPS.map((o) => o.name)]
  return names.map((n) => (n === CONTACT_EMAIL_FIELD.name ? CONTACT_EMAIL_FIELD : fieldOf(resource, n))).filter((f): f is FieldDef => !!f)
}

/** Whether the replacement and backup are on: set in the stored record (a new one has neither). */
export function optionalFlags(record?: Row): FormValues {
  return Object.fromEntries(OPTIONAL_LOOKUPS.map((o) => [o.flag, record?.[o.name] != null]))
}

/** spec 001 §4: an unchecked replacement or backup is sent as null. */
export function withoutUnchecked(body: Record<string, unknown>, values: FormValues): Record<string, unknown> {
  const unchecked = OPTIONAL_LOOKUPS.filter((o) => values[o.flag] !== true).map((o) => [o.name, null])
  return { ...body, ...Object.fromEntries(unchecked) }
}

/** spec 001 §5: an edit may not set the department or business unit to None (its own toasts). */
export function noneRefusal(values: FormValues, mode: FormMode): string | undefined {
  if (mode !== 'edit') return undefined
  if (isNone(values.departments_id)) return MESSAGES.editedDepartmentNone
  if (isNone(values.business_units_id)) return MESSAGES.editedBusinessUnitNone
  return undefined
}
