import { emailBody, ReportAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const dbDumpCalls = {
  calls: {
    // spec 000 §7: the Home card 'Database Backup'; the whole database, of no one model
    dump: {
      method: 'POST',
      role: 'admin',
      scope: 'reports',
      recipient: { at: ['db_dump', 'send_to'], ownOnly: true },
      path: 'db_dump/dump_db',
      summary: 'Email a gzip-compressed SQL dump of the database to send_to',
      body: emailBody('db_dump', 'send_to'),
      answer: ReportAnswerSchema,
    },
  },
} as const satisfies CallDomain
