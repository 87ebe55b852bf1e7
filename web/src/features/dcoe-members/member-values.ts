import { OTHER_DEPARTMENT as OTHER } from '../../../../shared/constants.js'
import { fieldOf, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'
import { otherDepartmentErrors } from '../../../../shared/rules/members.js'
import { toFormValues, toPayload, type FormValues } from '../../lib/form-values.js'
import type { FormRule } from '../../lib/form-validation.js'

/** 'Other' needs its department typed (issue 7c): the rule the upstream applies too. */
export const otherDepartmentRule: FormRule = otherDepartmentErrors

/** The member's fields on Add New Member and its edit form: spec 001 §2's, then team and lists (spec 000 §3, issue 39 item 3). */
const FORM_FIELDS = ['name', 'email', 'department', 'other_department', 'business_unit', 'team', 'teams_included', 'dl_included']

export const memberFormFields = (resource: ResourceDef): FieldDef[] =>
  FORM_FIELDS.map((n) => fieldOf(resource, n)).filter((f): f is FieldDef => !!f)

/** The department is a name from the departments list, or Other and typed. */
export const DEPARTMENT_CHOICES = {
  department: { lookup: { model: 'departments', labelField: 'name' }, extra: [{ value: OTHER, label: OTHER }] },
}

/** 'If Other, Department' waits for Other. */
export const isMemberFieldDisabled = (name: string, values: FormValues) => name === 'other_department' && values.department !== OTHER

/** A stored member → the form: a typed department shows as Other with it in 'If Other, Department'. */
export function toMemberFormValues(fields: readonly FieldDef[], member?: Record<string, unknown>): FormValues {
  const values = toFormValues(fields, member)
  if (typeof member?.other_department === 'string' && member.other_department.trim() !== '') values.department = OTHER
  return values
}

/** The write (spec 000 §5): with Other, the typed department is the department. */
export function toMemberBody(fields: readonly FieldDef[], values: FormValues): Record<string, unknown> {
  const body = toPayload(fields, values)
  const typed = typeof values.other_department === 'string' ? values.other_department.trim() : ''
  const other = values.department === OTHER
  return { ...body, department: other ? typed : body.department, other_department: other ? typed : null }
}
