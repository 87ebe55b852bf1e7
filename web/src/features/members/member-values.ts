import { OTHER_DEPARTMENT as OTHER } from '../../../../shared/constants.js'
import { otherDepartmentErrors } from '../../../../shared/rules/members.js'
import type { FormValues } from '../../lib/form-values.js'
import type { FormRule } from '../../lib/form-validation.js'

/** 'Other' needs its department typed (issue 7c): the rule the upstream applies too. */
export const otherDepartmentRule: FormRule = otherDepartmentErrors

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
