/**
 * The cloud bills history's Export Data dialog (spec 001 §2, §7, §9): send_single mails the bills of
 * one identifier in a date window, send_all every bill in it (to whoever asked, unless an address is
 * named); both days of the window count. A real SMTP server receives the mails; the CSV is read back.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { startSmtp } from '../../../lib/smtp.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

const AS_ANN = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', uid: 'ann@ccoe.example' }

t.test('bills export', async (t) => {
  const inbox = await startSmtp(t)
  const { api, database } = await serveUpstream(t, { seed: false, smtpUrl: inbox.url })
  await database.db.execute(sql`
    INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount, line_item) VALUES
      ('2026-10-31', 'gcp', '1000', 'USD', 'INV-A', '650300', 'CC-1', 10.50, 'before the window'),
      ('2026-11-01', 'gcp', '1000', 'USD', 'INV-B', '650300', 'CC-1', 20.00, 'first day'),
      ('2026-11-30', 'aws', '1000', 'USD', 'INV-B', '650100', 'CC-1', -3.25, 'last day'),
      ('2026-11-15', 'azure', '3100', 'EUR', 'INV-C', '650200', 'CC-2', 7.00, '=SUM(A1)'),
      ('2026-12-01', 'gcp', '1000', 'USD', 'INV-D', '650300', 'CC-1', 99.00, 'after the window')`)
  const post = (path: string, body: unknown) => api('POST', `/cloud_bills/${path}`, body, AS_ANN)
  const november = { start_date: '2026-11-01T00:00:00.000Z', end_date: '2026-11-30T23:59:59.000Z' }
  const csvOf = (i: number) => inbox.messages[i].attachments[0].content.toString('utf8').split('\r\n')
  // the registry's CSV columns, as every CSV of the portal names them
  const header =
    'date,provider,company_code,currency,reference,account,identifier,amount,business_unit_name,cost_center_network_identifier,activity,line_item'

  t.test('one identifier, both days of the window', async (t) => {
    const answer = await post('send_single', { cloud_bill: { identifier: 'CC-1', ...november, email: 'finance@example.com' } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
    const [mail] = await inbox.received(1)
    t.same(inbox.envelopes[0].to, ['finance@example.com'])
    t.equal(mail.subject, 'Cloud bills of CC-1, 2026-11-01 to 2026-11-30')
    t.match(mail.attachments[0].filename, /^cloud_bills_\d{4}-\d{2}-\d{2}T.*\.csv$/)
    t.same(csvOf(0), [
      header,
      '2026-11-01,gcp,1000,USD,INV-B,650300,CC-1,20,,,,first day',
      '2026-11-30,aws,1000,USD,INV-B,650100,CC-1,-3.25,,,,last day',
      '',
    ])
  })

  t.test('everything in the window, to the person who asked', async (t) => {
    const answer = await post('send_all', { cloud_bill: november })
    t.equal(answer.status, 200)
    await inbox.received(2)
    t.same(inbox.envelopes[1].to, ['ann@ccoe.example'])
    t.same(csvOf(1).slice(1, -1), [
      '2026-11-01,gcp,1000,USD,INV-B,650300,CC-1,20,,,,first day',
      '2026-11-30,aws,1000,USD,INV-B,650100,CC-1,-3.25,,,,last day',
      "2026-11-15,azure,3100,EUR,INV-C,650200,CC-2,7,,,,'=SUM(A1)",
    ])
  })

  t.test('bad windows and bodies are refused under their field, nothing sent', async (t) => {
    const reversed = await post('send_all', { cloud_bill: { start_date: '2026-11-30', end_date: '2026-11-01' } })
    t.same(reversed.status, 400)
    t.same(reversed.body.fields, { end_date: 'End date must not be before the start date' })
    const notADay = await post('send_single', {
      cloud_bill: { identifier: 'CC-1', start_date: '2026-13-01', end_date: '2026-11-30', email: 'a@b.co' },
    })
    t.equal(notADay.status, 400)
    t.same(Object.keys(notADay.body.fields), ['start_date'])
    const noEmail = await post('send_single', { cloud_bill: { identifier: 'CC-1', ...november } })
    t.equal(noEmail.status, 400)
    t.same(Object.keys(noEmail.body.fields), ['email'])
    t.equal(inbox.messages.length, 2)
  })
})
