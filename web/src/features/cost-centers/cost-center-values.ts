import { fieldOf, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'
import { isNone, toFormValues, toPayload, type FormValues } from '../../components/resource-form/index.js'

/** The form types the owner's email; the payload carries the found contact's id instead. */
export const CONTACT_EMAIL_FIELD: FieldDef = { name: 'cloud_contact_email', label: 'Cloud Contact Email', type: 'email', required: true }
/** the email is searched among the cloud contacts as it is typed; one not found may be typed whole (then §5's check) */
export const CONTACT_CHOICES = { lookup: { model: 'cloud_contacts', labelField: 'email' }, freeText: true }
export const LOOKUPS = ['companies_id', 'business_units_id', 'departments_id'] as const
export const OPTIONAL_LOOKUPS = [
  { name: 'new_cost_center_id', flag: 'has_replacement', label: 'Replacement' },
  { name: 'alt_cost_center_id', flag: 'has_backup', label: 'Backup (WBS only)' },
] as const

/** The registry fields the form edits (spec 001 §7 add payload, minus the derived ones). */
export function formFields(resource: ResourceDef): FieldDef[] {
  const names = ['identifier', ...LOOKUPS, 'active_at', 'expired_at', ...OPTIONAL_LOOKUPS.map((o) => o.name)]
  return names.map((n) => fieldOf(resource, n)).filter((f): f is FieldDef => !!f)
}

/** A record (or nothing, for a new one: active from now) → the form's values. */
export function initialValues(resource: ResourceDef, record?: Record<string, unknown>): FormValues {
  const values = toFormValues([...formFields(resource), CONTACT_EMAIL_FIELD], record)
  if (!record) values.active_at = new Date().toISOString()
  for (const o of OPTIONAL_LOOKUPS) values[o.flag] = record?.[o.name] != null
  return values
}

/** The spec 001 §7 payload: unchecked replacement/backup are sent as null. */
export function toCostCenterPayload(resource: ResourceDef, values: FormValues, contactId: number, companyCode: string) {
  const body = toPayload(formFields(resource), values)
  for (const o of OPTIONAL_LOOKUPS) if (!values[o.flag] || isNone(values[o.name])) body[o.name] = null
  return { ...body, cloud_contact_id: contactId, company_code: companyCode }
}
