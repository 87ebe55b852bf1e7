import { Type, type Static } from '@sinclair/typebox'
import { BUSINESS_UNIT_OPTIONS } from '../constants.js'

/**
 * The public member self-service (spec 000 §2, §3, §7): the body of POST
 * /members/update-restricted/{member_id}?credential=…, and the select options that fill its form.
 * With department Other, the page sends the typed department as department and as other_department
 * (spec 000 §5: the other_department text replaces it).
 */
export const MemberSelfUpdateSchema = Type.Object(
  {
    department: Type.String({ minLength: 1, maxLength: 200 }),
    other_department: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    business_unit: Type.Unsafe<(typeof BUSINESS_UNIT_OPTIONS)[number]>({ type: 'string', enum: [...BUSINESS_UNIT_OPTIONS] }),
  },
  { additionalProperties: false },
)
export type MemberSelfUpdate = Static<typeof MemberSelfUpdateSchema>

export const SELF_UPDATE_LABELS = { department: 'Department', other_department: 'If Other, Department', business_unit: 'Business Unit' }

export const SELECT_OPTION_FIELDS = ['department', 'business_unit'] as const
/** spec 000 §7 'data.data': the HTTP client's data, then the answer's */
export const SelectOptionsAnswerSchema = Type.Object({
  data: Type.Array(Type.Object({ name: Type.String(), attributes: Type.Object({ label: Type.String() }) })),
})
export type SelectOption = Static<typeof SelectOptionsAnswerSchema>['data'][number]

/** The credential's answer for the team: the link a member opens. */
export const CredentialAnswerSchema = Type.Object({
  data: Type.Object({ member_id: Type.Integer(), credential: Type.String(), expires_at: Type.String(), link: Type.String() }),
})
