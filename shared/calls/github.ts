import { emailBody, ReportAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const githubCalls = {
  model: 'github_copilot_users',
  calls: {
    // spec 000 §7: the Home card 'GitHub Enterprise Billing'
    copilotWorkbook: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['github', 'to_email'] },
      path: 'github/send_copilot_xlsx_email',
      summary: "Email the Copilot seats' billing workbook to to_email",
      body: emailBody('github', 'to_email'),
      answer: ReportAnswerSchema,
    },
  },
} as const satisfies CallDomain
