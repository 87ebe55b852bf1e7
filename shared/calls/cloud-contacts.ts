import { emailBody, ReportAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const cloudContactCalls = {
  model: 'cloud_contacts',
  calls: {
    // spec 001 §7: a contact named after its address (the record's answer)
    byEmail: {
      method: 'POST',
      role: 'editor',
      path: 'cloud_contacts/by_email',
      summary: 'Create a contact named after its email address',
      body: emailBody('cloud_contact', 'email'),
      status: 201,
    },
    // spec 000 §7: the Home card 'Terminated Cloud Parent Owners'
    terminatedReport: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cloud_contact', 'to_address'] },
      path: 'cloud_contacts/send_email_report_of_terminated_cloud_parent_owners',
      summary: 'Email the owners of terminated cloud parents (CSV) to to_address',
      body: emailBody('cloud_contact', 'to_address'),
      answer: ReportAnswerSchema,
    },
  },
} as const satisfies CallDomain
