import { Type } from '@sinclair/typebox'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js'
import { AdGroupListSchema } from '../schemas/active-directory.js'
import { INT4_MAX } from '../schemas/resource-body.js'
import type { CallDomain } from './types.js'

const flag = Type.Optional(Type.String({ maxLength: 10 }))
const yesNo = Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')]))

/** Spec 000 §7: the Active Directory pages; the groups belong with the permission sets they grant. */
export const directoryCalls = {
  model: 'ad_permission_sets',
  calls: {
    groups: {
      method: 'GET',
      role: 'viewer',
      path: 'ad/groups',
      summary: 'Directory groups of one cloud: ?aws, ?azure, neither for GCP; paged, filtered by name, dormant, privileged',
      query: Type.Object(
        {
          aws: flag,
          azure: flag,
          page: Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1 }),
          per_page: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
          dormant: yesNo,
          privileged: yesNo,
          by_name: Type.Optional(Type.String({ maxLength: 500 })),
        },
        { additionalProperties: false },
      ),
      answer: AdGroupListSchema,
    },
  },
} as const satisfies CallDomain
