import { Type, type Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { csvFileName, registryCsv } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'

const SendReportSchema = Type.Object(
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
)

export const ReportAnswerSchema = Type.Object({ data: Type.Object({ message: Type.String() }) })

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
  app.post<{ Body: Static<typeof SendReportSchema> }>(
    `/${resource.path}/send_report`,
    {
      schema: { body: SendReportSchema, response: { 200: ReportAnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ send_to: 'Send to', email: 'Email' }),
    },
    async (request) => {
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
  )
}
