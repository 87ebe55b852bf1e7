import { Type } from '@sinclair/typebox'
import { OwnerMailsAnswerSchema, ReportAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const costCenterCalls = {
  model: 'cost_centers',
  calls: {
    // spec 001 §7, and the Home card 'Cost Center Inventory'
    sendReport: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cost_center', 'send_to'] },
      path: 'cost_centers/send_report',
      summary: 'Email the whole cost center inventory (CSV) to send_to',
      body: Type.Object(
        {
          cost_center: Type.Object(
            {
              // the spec's payload carries email: true (send by email); nothing else is offered
              email: Type.Optional(Type.Boolean()),
              send_to: Type.String({ format: 'email', maxLength: 254 }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      answer: ReportAnswerSchema,
    },
    // spec 000 §7: listed without a payload
    expiredReport: {
      method: 'POST',
      role: 'admin',
      scope: 'reports',
      path: 'cost_centers/send_expired_cost_centers_report',
      summary: 'Email each owner the cloud accounts charged to an expired cost center',
      body: 'none',
      answer: OwnerMailsAnswerSchema,
    },
  },
} as const satisfies CallDomain
