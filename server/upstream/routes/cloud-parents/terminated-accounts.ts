import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { accountLine, accountsByOwner, mailEachOwner } from '../../mail/owner-mails.js'
import { declaredRoute } from '../declared.js'

/**
 * POST /cloud_parents/send_email_to_terminated_cloud_accounts (no body, or {})
 *   → 200 {"data":{"message":"Your report will be emailed!","sent":<emails>}}
 * One email per owner (cloud_contact_email) of terminated cloud parents, listing them.
 */
export const terminatedAccountsRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (app) => {
  app.route({
    ...declaredRoute(CALLS.cloudParents.calls.terminatedAccounts),
    handler: async () => {
      const byOwner = await accountsByOwner(app.database.db, sql`p.terminated = true`)
      const sent = mailEachOwner(app, byOwner, 'terminated cloud accounts', (accounts) => ({
        subject: 'Your terminated cloud accounts',
        text: `Hello,\n\nthese cloud accounts you own are terminated:\n\n` + `${accounts.map(accountLine).join('\n')}\n\nCCoE Portal`,
      }))
      return { data: { message: MESSAGES.reportEmailed, sent } }
    },
  })
}
