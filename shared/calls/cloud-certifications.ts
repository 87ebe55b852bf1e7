import { emailBody, ReportAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const cloudCertificationCalls = {
  model: 'cloud_certifications',
  calls: {
    // spec 001 §7: the list's Export button
    export: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cloud_certification', 'email'] },
      path: 'cloud_certifications/export',
      summary: 'Email every certification (CSV) to email',
      body: emailBody('cloud_certification', 'email'),
      answer: ReportAnswerSchema,
    },
  },
} as const satisfies CallDomain
