/**
 * Two Home report cards (spec 000 §2, §7) as their recipients get them through a real SMTP server:
 * the AWS zipped bill (a zip holding the AWS bills' CSV, opened with yauzl) and the GitHub enterprise
 * billing workbook (an .xlsx opened with exceljs).
 */
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import t from 'tap'
import yauzl from 'yauzl'
import { MESSAGES } from '../../../shared/messages.js'
import { rows } from '../../../server/upstream/db/records/rows.js'
import { startSmtp } from '../../lib/smtp.js'
import { serveUpstream } from '../fixtures/serve.js'

/** Every file of a zip, by name, as text (yauzl, entry by entry). */
function unzip(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err)
      const files: Record<string, string> = {}
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(error)
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8')
            zip.readEntry()
          })
        }),
      )
      zip.on('end', () => resolve(files))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

t.test('report attachments', async (t) => {
  const inbox = await startSmtp(t)
  const { api, database } = await serveUpstream(t, { seed: true, smtpUrl: inbox.url })
  // a known world: only the rows these tests add
  await database.db.execute(sql`DELETE FROM cloud_bills`)
  await database.db.execute(sql`DELETE FROM github_copilot_users`)
  const db = database.db

  t.test('AWS zipped bill: a zip of the AWS bills as CSV', async (t) => {
    await db.execute(sql`
      INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount, line_item) VALUES
        ('2026-10-01', 'aws', '1000', 'USD', 'INV-1', '650100', 'CC-1', 12.50, 'EC2'),
        ('2026-10-01', 'gcp', '1000', 'USD', 'INV-2', '650300', 'CC-1', 99.00, 'BigQuery'),
        ('2026-11-01', 'aws', '3100', 'USD', 'INV-3', '650100', 'CC-2', -1.25, '=cmd')`)
    const answer = await api('POST', '/cloud_bills/send_zipped_aws_bill', { cloud_bill: { email: false, send_to: 'cfo@example.com' } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
    const [mail] = await inbox.received(1)
    t.same(inbox.envelopes[0].to, ['cfo@example.com'])
    t.equal(mail.subject, 'AWS bill')
    t.equal(mail.attachments.length, 1)
    const [zip] = mail.attachments
    t.equal(zip.contentType, 'application/zip')
    t.match(zip.filename, /^aws_bills_\d{4}-\d{2}-\d{2}T.*\.zip$/)
    const files = await unzip(zip.content)
    t.same(Object.keys(files), [zip.filename!.replace(/\.zip$/, '.csv')], 'one CSV inside')
    t.same(Object.values(files)[0].split('\r\n'), [
      'date,provider,company_code,currency,reference,account,identifier,amount,business_unit_name,cost_center_network_identifier,activity,line_item',
      '2026-10-01,aws,1000,USD,INV-1,650100,CC-1,12.5,,,,EC2',
      "2026-11-01,aws,3100,USD,INV-3,650100,CC-2,-1.25,,,,'=cmd",
      '',
    ])
    const refused = await api('POST', '/cloud_bills/send_zipped_aws_bill', { cloud_bill: { email: false, send_to: 'not-an-email' } })
    t.equal(refused.status, 422)
    t.same(Object.keys(refused.body.fields), ['send_to'])
  })

  t.test('GitHub enterprise billing: the Copilot seats as an .xlsx workbook', async (t) => {
    const [app] = await rows<{ name: string }>(db, sql`SELECT name FROM github_organization_apps ORDER BY id LIMIT 1`)
    await db.execute(sql`INSERT INTO github_copilot_users (github_username, name, github_organization_app_id, cost_center, requestor)
      SELECT v.u, v.n, (SELECT min(id) FROM github_organization_apps), (SELECT id FROM cost_centers WHERE identifier = v.cc), v.r
      FROM (VALUES ('octo', 'Octo Cat', '1000-CCOE-01', 'ann@example.com'), ('=cmd', NULL, NULL, NULL)) AS v (u, n, cc, r)`)
    const answer = await api('POST', '/github/send_copilot_xlsx_email', { github: { to_email: 'billing@example.com' } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
    const mails = await inbox.received(2)
    const mail = mails[1]
    t.same(inbox.envelopes[1].to, ['billing@example.com'])
    t.equal(mail.subject, 'GitHub enterprise billing')
    t.match(mail.attachments[0].filename, /^github_copilot_billing_\d{4}-\d{2}-\d{2}\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(new Uint8Array(mail.attachments[0].content).buffer)
    const values = (name: string) =>
      book
        .getWorksheet(name)!
        .getSheetValues()
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1))
    t.same(values('Users'), [
      ['GitHub Username', 'Name', 'Cost Center', 'Cloud Contact', 'GitHub Organization', 'EasyVista Ticket', 'Requestor'],
      ['=cmd', '', '', '', app.name, '', ''],
      ['octo', 'Octo Cat', '1000-CCOE-01', '', app.name, '', 'ann@example.com'],
    ])
    t.same(values('Cost Centers'), [
      ['Cost Center', 'Seats'],
      ['(none)', 1],
      ['1000-CCOE-01', 1],
    ])
  })
})
