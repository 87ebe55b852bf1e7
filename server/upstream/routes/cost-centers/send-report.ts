import type { Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { csvFileName, registryCsv } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

// the cloud-bills routes read it here (shared/calls/answers.ts is its home)

const call = CALLS.costCenters.calls.sendReport

/**
 * POST /cost_centers/send_report {"cost_center":{"email":true,"send_to":"a@b"}}
 *   → 200 {"data":{"message":"Your report will be emailed!"}}; 422 when send_to is not an email.
 * The inventory (every cost center, the registry's CSV columns) is written into the email while it is
 * sent, after the answer: the person is told at once, as the spec's toast says.
 */
export const sendReportRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  app.route<{ Body: Static<typeof call.body> }>({
    ...declaredRoute(call),
    schemaErrorFormatter: bodyErrorFormatter({ send_to: 'Send to', email: 'Email' }),
    handler: async (request) => {
      const { send_to: to } = request.body.cost_center
      const filename = csvFileName(resource)
      app.mail.sendLater(
        {
          to,
          subject: 'Cost center inventory',
          text: `Hello,\n\nattached is the cost center inventory of the CCoE Portal (${filename}).\n\nCCoE Portal`,
          attachments: [{ filename, content: registryCsv(app.database.db, resource, registry), contentType: 'text/csv; charset=utf-8' }],
        },
        'cost center inventory',
      )
      return { data: { message: MESSAGES.reportEmailed } }
    },
  })
}
