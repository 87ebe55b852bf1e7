import { OTHER_DEPARTMENT as OTHER } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { dcoeMembers } from '../../../../shared/resources/dcoe-members.js'
import { fieldOf } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../lib/form-values.js'
import type { FormErrors } from '../../lib/form-validation.js'

const OTHER_LABEL = fieldOf(dcoeMembers, 'other_department')?.label ?? 'If Other, Department'

/** 'Other' needs its department typed (issue 7c: it saved department ""). */
export function otherDepartmentRule(values: FormValues): FormErrors {
  const typed = typeof values.other_department === 'string' ? values.other_department.trim() : ''
  return values.department === OTHER && typed === '' ? { other_department: MESSAGES.pleaseInput(OTHER_LABEL) } : {}
}

/** The add payload (spec 000 §5): with Other, the typed department is the department. */
export function toMemberBody(values: FormValues): Record<string, unknown> {
  const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v.trim() : '')
  const other = values.department === OTHER
  return {
    name: text(values.name),
    email: text(values.email),
    department: other ? text(values.other_department) : text(values.department),
    other_department: other ? text(values.other_department) : null,
    business_unit: text(values.business_unit) || null,
  }
}
