import type { Static } from '@sinclair/typebox'
import ExcelJS from 'exceljs'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { recordRepository } from '../../db/records/repository.js'
import type { ApiRecord } from '../../db/records/rows.js'
import { CSV_PAGE_ROWS } from '../../mail/registry-csv.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const call = CALLS.github.calls.copilotWorkbook

/** the Users sheet's columns: the registry's list, as the table shows them */
const USER_COLUMNS = [
  { header: 'GitHub Username', key: 'github_username', width: 24 },
  { header: 'Name', key: 'name', width: 24 },
  { header: 'Cost Center', key: 'cost_center_identifier', width: 18 },
  { header: 'Cloud Contact', key: 'cloud_contact_email', width: 30 },
  { header: 'GitHub Organization', key: 'github_organization', width: 24 },
  { header: 'EasyVista Ticket', key: 'easy_vista_ticket_number', width: 16 },
  { header: 'Requestor', key: 'requestor', width: 28 },
] as const

/** Every Copilot user, walked by id a page at a time. */
async function allUsers(app: Parameters<FastifyPluginAsync>[0], resource: ResourceDef, registry: readonly ResourceDef[]) {
  const records = recordRepository(resource, registry)
  const users: ApiRecord[] = []
  for (let afterId = 0; ;) {
    const page = await records.listAfter(app.database.db, afterId, CSV_PAGE_ROWS)
    users.push(...page)
    if (page.length < CSV_PAGE_ROWS) return users
    afterId = Number(page[page.length - 1].id)
  }
}

/**
 * The GitHub enterprise billing workbook: a Users sheet (one row per Copilot seat) and a Cost Centers
 * sheet (seats per cost center, the figure billing charges back; '(none)' for seats without one).
 */
export async function copilotWorkbook(users: readonly ApiRecord[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.creator = 'CCoE Portal'
  const sheet = book.addWorksheet('Users', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = USER_COLUMNS.map((c) => ({ ...c }))
  sheet.getRow(1).font = { bold: true }
  const byName = [...users].sort((a, b) => String(a.github_username).localeCompare(String(b.github_username)))
  // values as text: a username like '=cmd' stays a name, never a formula
  for (const user of byName)
    sheet.addRow(Object.fromEntries(USER_COLUMNS.map((c) => [c.key, user[c.key] == null ? '' : String(user[c.key])])))
  const seats = new Map<string, number>()
  for (const user of users) {
    const center = user.cost_center_identifier == null ? '(none)' : String(user.cost_center_identifier)
    seats.set(center, (seats.get(center) ?? 0) + 1)
  }
  const perCenter = book.addWorksheet('Cost Centers', { views: [{ state: 'frozen', ySplit: 1 }] })
  perCenter.columns = [
    { header: 'Cost Center', key: 'cost_center', width: 20 },
    { header: 'Seats', key: 'seats', width: 10 },
  ]
  perCenter.getRow(1).font = { bold: true }
  for (const [center, count] of [...seats].sort(([a], [b]) => a.localeCompare(b))) perCenter.addRow({ cost_center: center, seats: count })
  return Buffer.from(await book.xlsx.writeBuffer())
}

/**
 * POST /github/send_copilot_xlsx_email {"github":{"to_email":"a@b"}} (spec 000 §2, §7: the Home card
 * 'GitHub Enterprise Billing') → 200 {"data":{"message":"Your report will be emailed!"}}: the Copilot
 * users' billing workbook (.xlsx) mailed to the address.
 */
export const copilotWorkbookRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  app.route<{ Body: Static<typeof call.body> }>({
    ...declaredRoute(call),
    schemaErrorFormatter: bodyErrorFormatter({ to_email: 'Email' }),
    handler: async (request) => {
      const workbook = await copilotWorkbook(await allUsers(app, resource, registry))
      const day = new Date().toISOString().slice(0, 10)
      app.mail.sendLater(
        {
          to: request.body.github.to_email,
          subject: 'GitHub enterprise billing',
          text: `Hello,\n\nattached is the GitHub Copilot billing workbook of the CCoE Portal (${day}).\n\nCCoE Portal`,
          attachments: [
            {
              filename: `github_copilot_billing_${day}.xlsx`,
              content: workbook,
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
          ],
        },
        'GitHub Copilot billing workbook',
      )
      return { data: { message: MESSAGES.reportEmailed } }
    },
  })
}
