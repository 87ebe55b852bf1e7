/**
 * Issue 7c: a member with department 'Other' needs the 'If Other, Department' typed (it saved
 * department ""). Pure, so the Add New Member form and the upstream's POST/PUT refuse the same way.
 */
import { OTHER_DEPARTMENT } from '../constants.js'
import { MESSAGES } from '../messages.js'
import { dcoeMembers } from '../resources/dcoe-members.js'
import { fieldOf } from '../resources/index.js'

const OTHER_LABEL = fieldOf(dcoeMembers, 'other_department')?.label ?? 'If Other, Department'

/** {other_department: 'Please Input If Other, Department!'} when Other has nothing typed, else {}. */
export function otherDepartmentErrors(values: Readonly<Record<string, unknown>>): Record<string, string> {
  const typed = typeof values.other_department === 'string' ? values.other_department.trim() : ''
  return values.department === OTHER_DEPARTMENT && typed === '' ? { other_department: MESSAGES.pleaseInput(OTHER_LABEL) } : {}
}

/**
 * How a member's department reads in the lists (issue 39 item 14): one typed in 'If Other,
 * Department' reads 'Other: Marketing Technology', whether the department was stored as 'Other'
 * beside it or replaced by it (spec 000 §5); a department of the list reads as stored.
 */
export function departmentShown(values: Readonly<Record<string, unknown>>): string {
  const other = typeof values.other_department === 'string' ? values.other_department.trim() : ''
  const department = typeof values.department === 'string' ? values.department : ''
  return other ? `${OTHER_DEPARTMENT}: ${other}` : department
}
