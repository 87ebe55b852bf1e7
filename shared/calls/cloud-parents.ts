import { Type } from '@sinclair/typebox'
import { PostureSchema } from '../schemas/dashboard.js'
import { OwnerMailsAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const cloudParentCalls = {
  model: 'cloud_parents',
  calls: {
    // spec 000 §2: the Cloud Account Posture dashboard
    posture: {
      method: 'GET',
      role: 'viewer',
      path: 'cloud_parents/posture',
      summary: 'Cloud parents per cloud and environment, for some business units (comma-separated)',
      query: Type.Object({ business_units: Type.Optional(Type.String({ maxLength: 200 })) }),
      answer: PostureSchema,
    },
    // spec 000 §7: listed without a payload
    terminatedAccounts: {
      method: 'POST',
      role: 'admin',
      scope: 'reports',
      path: 'cloud_parents/send_email_to_terminated_cloud_accounts',
      summary: 'Email each owner their terminated cloud accounts',
      body: 'none',
      answer: OwnerMailsAnswerSchema,
    },
  },
} as const satisfies CallDomain
