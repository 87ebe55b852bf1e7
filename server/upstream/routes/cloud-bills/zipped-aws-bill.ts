import type { Static } from '@sinclair/typebox'
import type { Readable } from 'node:stream'
import type { FastifyPluginAsync } from 'fastify'
import { ZipFile } from 'yazl'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { csvFileName, registryCsv } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { ReportAnswerSchema } from '../../../../shared/calls/answers.js'
import { cloudBillCalls } from '../../../../shared/calls/cloud-bills.js'

const ZippedBillSchema = cloudBillCalls.calls.zippedAwsBill.body

/**
 * POST /cloud_bills/send_zipped_aws_bill {"cloud_bill":{"email":false,"send_to":"a@b"}} (spec 000 §2,
 * §7: the Home card 'AWS Zipped Bill') → 200 {"data":{"message":"Your report will be emailed!"}}.
 * Every AWS bill as the history's CSV, deflated into a zip while the email is written (the CSV is
 * walked a page at a time and never held whole).
 */
export const zippedAwsBillRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  app.post<{ Body: Static<typeof ZippedBillSchema> }>(
    `/${resource.path}/send_zipped_aws_bill`,
    {
      schema: { body: ZippedBillSchema, response: { 200: ReportAnswerSchema } },
      schemaErrorFormatter: bodyErrorFormatter({ send_to: 'Send to', email: 'Email' }),
    },
    async (request) => {
      const csvName = csvFileName(resource).replace(/^cloud_bills_/, 'aws_bills_')
      const zip = new ZipFile()
      zip.addReadStream(registryCsv(app.database.db, resource, registry, [{ field: 'provider', kind: 'exact', value: 'aws' }]), csvName)
      zip.end()
      app.mail.sendLater(
        {
          to: request.body.cloud_bill.send_to,
          subject: 'AWS bill',
          text: `Hello,\n\nattached are the AWS cloud bills of the CCoE Portal, zipped (${csvName}).\n\nCCoE Portal`,
          attachments: [
            { filename: csvName.replace(/\.csv$/, '.zip'), content: zip.outputStream as Readable, contentType: 'application/zip' },
          ],
        },
        'zipped AWS bill',
      )
      return { data: { message: MESSAGES.reportEmailed } }
    },
  )
}
