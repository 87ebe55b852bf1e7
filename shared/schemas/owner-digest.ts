/** The owners' monthly digest (issue 42 item 5): its body, checked by the upstream, and its answer. */
import { Type, type Static } from '@sinclair/typebox'

const MONTH = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'yyyy-MM' })
const DOMAIN = Type.String({ minLength: 1, maxLength: 253 })

/** POST /cost_centers/send_owner_digest {"cost_center":{"month":"2026-10","owner":"a@b"}} */
export const OwnerDigestBodySchema = Type.Object(
  {
    cost_center: Type.Object(
      {
        month: Type.Optional(MONTH),
        owner: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
        // the gateway's REPORT_RECIPIENT_DOMAINS, set by the gateway whatever a caller sent; absent, no owner is mailed
        allowed_domains: Type.Optional(Type.Array(DOMAIN, { maxItems: 100 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type OwnerDigestBody = Static<typeof OwnerDigestBodySchema>

/** An owner who got no digest, and why. */
export const SkippedOwnerSchema = Type.Object({ owner: Type.String(), reason: Type.String() })
export type SkippedOwner = Static<typeof SkippedOwnerSchema>

/**
 * The digest's answer: the month it covers, how many emails were written and to whom, and each owner
 * who got none with the reason.
 */
export const OwnerDigestAnswerSchema = Type.Object({
  data: Type.Object({
    message: Type.String(),
    month: Type.String(),
    sent: Type.Integer(),
    recipients: Type.Array(Type.String()),
    skipped: Type.Array(SkippedOwnerSchema),
  }),
})
export type OwnerDigestAnswer = Static<typeof OwnerDigestAnswerSchema>
