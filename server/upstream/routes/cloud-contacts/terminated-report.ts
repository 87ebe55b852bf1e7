import type { Static } from '@sinclair/typebox'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { csvHeader, csvRows, type CsvColumnOf } from '../../../../shared/csv.js'
import { rows } from '../../db/records/rows.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const call = CALLS.cloudContacts.calls.terminatedReport

const COLUMNS: CsvColumnOf[] = [
  { header: 'email', field: 'email', type: 'email' },
  { header: 'name', field: 'name', type: 'text' },
  { header: 'cloud_parents', field: 'cloud_parents', type: 'text' },
  { header: 'created_at', field: 'created_at', type: 'datetime' },
]

/**
 * POST /cloud_contacts/send_email_report_of_terminated_cloud_parent_owners {"cloud_contact":{"to_address":"a@b"}}
 *   → 200 {"data":{"message":"Your report will be emailed!"}}; 422 when to_address is not an email.
 * Emails a CSV of the terminated cloud contacts, each with the identifiers of the cloud parents they
 * own (space separated), to to_address.
 */
export const terminatedReportRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (app) => {
  app.route<{ Body: Static<typeof call.body> }>({
    ...declaredRoute(call),
    schemaErrorFormatter: bodyErrorFormatter({ to_address: 'To address' }),
    handler: async (request) => {
      const to = request.body.cloud_contact.to_address.trim()
      const contacts = await rows(
        app.database.db,
        sql`SELECT c.email, c.name, c.created_at,
                   coalesce((SELECT string_agg(p.identifier, ' ' ORDER BY p.identifier) FROM cloud_parents p
                             WHERE lower(p.cloud_contact_email) = lower(c.email)), '') AS cloud_parents
            FROM cloud_contacts c WHERE c.terminated = true ORDER BY c.email`,
      )
      const filename = `terminated_cloud_contacts_${new Date().toISOString()}.csv`
      app.mail.sendLater(
        {
          to,
          subject: 'Terminated cloud contacts',
          text: `Hello,\n\nattached are the terminated cloud contacts and the cloud parents they own (${filename}).\n\nCCoE Portal`,
          attachments: [{ filename, content: csvHeader(COLUMNS) + csvRows(COLUMNS, contacts), contentType: 'text/csv; charset=utf-8' }],
        },
        'terminated cloud contacts report',
      )
      return { data: { message: MESSAGES.reportEmailed } }
    },
  })
}
