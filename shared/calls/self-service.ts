import { Type } from '@sinclair/typebox'
import {
  CredentialAnswerSchema,
  MemberSelfUpdateSchema,
  SELECT_OPTION_FIELDS,
  SelectOptionsAnswerSchema,
} from '../schemas/member-self-service.js'
import { INT4_MAX } from '../schemas/resource-body.js'
import type { CallDomain } from './types.js'

const credential = Type.Optional(Type.String({ maxLength: 200 }))

/** Spec 000 §2, §6, §7: the member self-service, on the CCoE members. */
export const selfServiceCalls = {
  model: 'dcoe_members',
  calls: {
    // the team issues a member a signed, expiring /unauth/update-member link
    credential: {
      method: 'POST',
      role: 'editor',
      path: 'dcoe/members/:id/credential',
      summary: 'A signed, expiring self-service link for one CCoE member',
      body: 'none',
      answer: CredentialAnswerSchema,
      status: 201,
    },
    // the public page's update, with the link's credential
    updateRestricted: {
      method: 'POST',
      path: 'members/update-restricted/:member_id',
      summary: "A member's own department and business unit, with the credential of their link (no sign-in)",
      query: Type.Object({ credential: Type.String({ maxLength: 200 }) }),
      body: MemberSelfUpdateSchema,
      public: true,
    },
    // the form's choices: for the team, and for a member holding a valid link
    selectOptions: {
      method: 'GET',
      path: 'select_options',
      summary: 'The departments or business units to choose from',
      query: Type.Object(
        {
          by_field: Type.Unsafe<(typeof SELECT_OPTION_FIELDS)[number]>({ type: 'string', enum: [...SELECT_OPTION_FIELDS] }),
          member_id: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
          credential,
        },
        { additionalProperties: false },
      ),
      answer: SelectOptionsAnswerSchema,
      public: true,
    },
  },
} as const satisfies CallDomain
