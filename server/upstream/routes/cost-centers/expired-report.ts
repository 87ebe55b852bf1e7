import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { accountLine, accountsByOwner, mailEachOwner } from '../../mail/owner-mails.js'
import { declaredRoute } from '../declared.js'

/**
 * POST /cost_centers/send_expired_cost_centers_report (no body, or {})
 *   → 200 {"data":{"message":"Your report will be emailed!","sent":<emails>}}
 * One email per owner (cloud_parents.cloud_contact_email) of the cloud parents whose cost center
 * (cloud_parents.cost_center = cost_centers.identifier) expired before now, listing those accounts.
 */
export const expiredReportRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (app) => {
  app.route({
    ...declaredRoute(CALLS.costCenters.calls.expiredReport),
    handler: async () => {
      const byOwner = await accountsByOwner(
        app.database.db,
        sql`EXISTS (SELECT 1 FROM cost_centers cc WHERE cc.identifier = p.cost_center AND cc.expired_at < now())`,
      )
      const sent = mailEachOwner(app, byOwner, 'expired cost centers report', (accounts) => ({
        subject: 'Your cloud accounts use an expired cost center',
        text:
          `Hello,\n\nthese cloud accounts you own are charged to a cost center that has expired:\n\n` +
          `${accounts.map(accountLine).join('\n')}\n\nPlease move them to an active cost center.\n\nCCoE Portal`,
      }))
      return { data: { message: MESSAGES.reportEmailed, sent } }
    },
  })
}
