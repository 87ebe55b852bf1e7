import { Type } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { accountLine, accountsByOwner, mailEachOwner } from '../../mail/owner-mails.js'

/** The confirmed calls take no input: an empty object, nothing else. */
export const NoInputSchema = Type.Object({}, { additionalProperties: false })
export const OwnerMailsAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String(), sent: Type.Integer() }) })

/**
 * POST /cost_centers/send_expired_cost_centers_report {}
 *   → 200 {"data":{"message":"Your report will be emailed!","sent":<emails>}}
 * One email per owner (cloud_parents.cloud_contact_email) of the cloud parents whose cost center
 * (cloud_parents.cost_center = cost_centers.identifier) expired before now, listing those accounts.
 */
export const expiredReportRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource },
) => {
  app.post(
    `/${resource.path}/send_expired_cost_centers_report`,
    { schema: { body: NoInputSchema, response: { 200: OwnerMailsAnswerSchema } } },
    async () => {
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
  )
}
