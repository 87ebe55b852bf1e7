import { Type, type Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { csvFileName, registryCsv } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { ReportAnswerSchema } from '../cost-centers/send-report.js'

const ExportSchema = Type.Object(
  {
    cloud_certification: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
)

/**
 * POST /cloud_certifications/export {"cloud_certification":{"email":"a@b"}} (spec 001 §7, the Export
 * Certificates modal) → 200 {"data":{"message":"Your report will be emailed!"}}; 422 when email is not
 * an address. Every certification, in the registry's CSV columns, is attached to the email sent after
 * the answer.
 */
export const exportRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  app.post<{ Body: Static<typeof ExportSchema> }>(
    `/${resource.path}/export`,
    {
      schema: { body: ExportSchema, response: { 200: ReportAnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ email: 'Email' }),
    },
    async (request) => {
      const { email: to } = request.body.cloud_certification
      const filename = csvFileName(resource)
      app.mail.sendLater(
        {
          to,
          subject: 'Cloud certifications',
          text: `Hello,\n\nattached are the cloud certifications of the CCoE Portal (${filename}).\n\nCCoE Portal`,
          attachments: [{ filename, content: registryCsv(app.database.db, resource, registry), contentType: 'text/csv; charset=utf-8' }],
        },
        'cloud certifications export',
      )
      return { data: { message: MESSAGES.reportEmailed } }
    },
  )
}
