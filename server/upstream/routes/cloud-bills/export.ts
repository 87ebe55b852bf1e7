import type { Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { ListFilter } from '../../db/records/list-filter.js'
import { refuseUnlessDays } from '../days.js'
import { HttpError } from '../../http-error.js'
import { recipientOf } from '../../mail/recipient.js'
import { csvFileName, registryCsv } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { ReportAnswerSchema } from '../../../../shared/calls/answers.js'
import { cloudBillCalls } from '../../../../shared/calls/cloud-bills.js'

const SingleSchema = cloudBillCalls.calls.sendSingle.body
const AllSchema = cloudBillCalls.calls.sendAll.body

/** The window as two days, checked in order; a refusal names end_date. */
function windowOf(startDate: string, endDate: string): { start: string; end: string } {
  const start = startDate.slice(0, 10)
  const end = endDate.slice(0, 10)
  refuseUnlessDays({ start_date: [start, 'Start date'], end_date: [end, 'End date'] })
  if (end < start)
    throw new HttpError(400, 'The end date is before the start date', { end_date: 'End date must not be before the start date' })
  return { start, end }
}

/**
 * POST /cloud_bills/send_single {"cloud_bill":{"identifier","start_date","end_date","email"}}
 * POST /cloud_bills/send_all {"cloud_bill":{"start_date","end_date"}} (spec 001 §7, the Export Data dialog)
 *   → 200 {"data":{"message":"Your report will be emailed!"}}; 400 naming the field for a bad window.
 * send_all goes to the address the body names (email), else to the caller's own; a caller without
 * one (a script) and no email named is a 400 naming email: never a 200 for a report nobody receives.
 * The bills dated in the window (both days included), of one identifier or all, as the history's CSV,
 * written into the email while it is sent (a million bills are walked a page at a time).
 */
export const billExportRoutes: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  const schemaErrorFormatter = bodyErrorFormatter({
    identifier: 'Identifier',
    start_date: 'Start date',
    end_date: 'End date',
    email: 'Email',
  })

  function send(to: string, window: { start: string; end: string }, identifier?: string) {
    const filters: ListFilter[] = [
      { field: 'date', kind: 'from', value: window.start },
      { field: 'date', kind: 'until', value: window.end },
      ...(identifier === undefined ? [] : [{ field: 'identifier', kind: 'exact' as const, value: identifier }]),
    ]
    const filename = csvFileName(resource)
    const what = identifier === undefined ? 'Cloud bills' : `Cloud bills of ${identifier}`
    app.mail.sendLater(
      {
        to,
        subject: `${what}, ${window.start} to ${window.end}`,
        text: `Hello,\n\nattached are the cloud bills${identifier === undefined ? '' : ` of ${identifier}`} dated ${window.start} to ${window.end} (${filename}).\n\nCCoE Portal`,
        attachments: [
          { filename, content: registryCsv(app.database.db, resource, registry, filters), contentType: 'text/csv; charset=utf-8' },
        ],
      },
      'cloud bills export',
    )
    return { data: { message: MESSAGES.reportEmailed } }
  }

  app.post<{ Body: Static<typeof SingleSchema> }>(
    `/${resource.path}/send_single`,
    { schema: { body: SingleSchema, response: { 200: ReportAnswerSchema } }, schemaErrorFormatter },
    async (request) => {
      const { identifier, start_date: start, end_date: end, email } = request.body.cloud_bill
      return send(email, windowOf(start, end), identifier.trim())
    },
  )

  app.post<{ Body: Static<typeof AllSchema> }>(
    `/${resource.path}/send_all`,
    { schema: { body: AllSchema, response: { 200: ReportAnswerSchema } }, schemaErrorFormatter },
    async (request) => {
      const { start_date: start, end_date: end, email } = request.body.cloud_bill
      return send(recipientOf(request, email), windowOf(start, end))
    },
  )
}
