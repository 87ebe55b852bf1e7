import type { ResourceKey } from '../../../shared/resources/index.js'
import { otherDepartmentErrors } from '../../../shared/rules/members.js'

/** A model's rule across fields that its JSON schema cannot say: messages by API field name, {} when fine. */
export type BodyRule = (body: Readonly<Record<string, unknown>>) => Record<string, string>

/**
 * The rules the generic create and update apply after the schema, by model: the same functions the
 * web's forms check with (shared/rules), so a direct call is refused as the form is. A new one: a
 * shared rule and a line here.
 */
export const BODY_RULES = {
  // issue 7c: department 'Other' with nothing typed in 'If Other, Department'
  dcoe_members: otherDepartmentErrors,
} satisfies Partial<Record<ResourceKey, BodyRule>>
