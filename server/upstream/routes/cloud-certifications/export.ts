import type { Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { csvFileName, registryCsv } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const call = CALLS.cloudCertifications.calls.export

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
  app.route<{ Body: Static<typeof call.body> }>({
    ...declaredRoute(call),
    schemaErrorFormatter: bodyErrorFormatter({ email: 'Email' }),
    handler: async (request) => {
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
  })
}
