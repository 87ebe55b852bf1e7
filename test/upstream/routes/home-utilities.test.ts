import { sql } from 'drizzle-orm'
import t from 'tap'
import { MESSAGES } from '../../../shared/messages.js'
import { startSmtp } from '../../lib/smtp.js'
import { serveUpstream } from '../fixtures/serve.js'

/**
 * The Home quick utilities of spec 000 §2 beyond the inventory: the terminated cloud contacts report
 * (CSV to one address) and the two confirmed calls that email each owner once. Every email is
 * received by a real SMTP server (smtp-server) and parsed by mailparser, its CSV attachment opened.
 */
t.test('home quick utilities', async (t) => {
  const inbox = await startSmtp(t)
  const { api, app, database } = await serveUpstream(t, { seed: true, smtpUrl: inbox.url })
  const db = database.db
  // a known world: nothing terminated or on an expired cost center but what this test adds
  await db.execute(sql`UPDATE cloud_parents SET terminated = false, cost_center = NULL`)
  await db.execute(sql`UPDATE cloud_contacts SET terminated = false`)
  await db.execute(sql`INSERT INTO cloud_contacts (email, name, terminated) VALUES
    ('gone.one@example.com', 'Gone One', true), ('gone.two@example.com', '=Gone, Two', true), ('here@example.com', 'Here', false)`)
  // active long before the oldest expiry: a cost center cannot expire before it is active (migration 045)
  await db.execute(sql`INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id, active_at, expired_at)
    SELECT v.identifier, (SELECT min(id) FROM cloud_contacts), (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments), '1990-01-01T00:00:00Z', v.expired_at::timestamptz
    FROM (VALUES ('CC-OLD', '2000-01-01T00:00:00Z'), ('CC-LATER', '2999-01-01T00:00:00Z'), ('CC-OPEN', NULL)) AS v (identifier, expired_at)`)
  await db.execute(sql`INSERT INTO cloud_parents (provider_type, identifier, name, cloud_contact_email, cost_center, terminated) VALUES
    ('AwsCloudParent', 'T-100', 'Old one', 'gone.one@example.com', 'CC-OPEN', true),
    ('GcpCloudParent', 'T-101', 'Old two', 'Gone.One@example.com', NULL, true),
    ('AzureCloudParent', 'T-102', 'Old three', 'here@example.com', 'CC-LATER', true),
    ('AwsCloudParent', 'T-103', 'Ownerless', NULL, 'CC-OLD', true),
    ('AwsCloudParent', 'E-200', 'Expired a', 'here@example.com', 'CC-OLD', false),
    ('AwsCloudParent', 'E-201', 'Expired b', 'here@example.com', 'CC-OLD', false),
    ('GcpCloudParent', 'E-202', 'Expired c', 'gone.two@example.com', 'CC-OLD', false),
    ('GcpCloudParent', 'L-300', 'Later', 'gone.two@example.com', 'CC-LATER', false)`)
  /** the emails the SMTP server received since the last call: envelope recipients, subject, text, attachments */
  let seen = 0
  const fresh = async () => {
    await app.mail.idle()
    const mails = inbox.messages.slice(seen).map((m, i) => ({
      to: inbox.envelopes[seen + i].to.join(', '),
      subject: m.subject,
      text: m.text ?? '',
      attachments: m.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        content: a.content.toString('utf8'),
      })),
    }))
    seen = inbox.messages.length
    return mails
  }

  t.test('terminated cloud contacts: one email to the address, the CSV of terminated contacts and their parents', async (t) => {
    const answer = await api('POST', '/cloud_contacts/send_email_report_of_terminated_cloud_parent_owners', {
      cloud_contact: { to_address: 'auditor@example.com' },
    })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
    const mails = await fresh()
    t.equal(mails.length, 1, 'one email')
    const [mail] = mails
    t.equal(mail.to, 'auditor@example.com')
    t.equal(mail.subject, 'Terminated cloud contacts')
    t.equal(mail.attachments.length, 1)
    const [csv] = mail.attachments
    t.match(csv.filename, /^terminated_cloud_contacts_\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\.csv$/)
    t.match(csv.contentType, /^text\/csv/)
    const lines = csv.content.split('\r\n')
    t.equal(lines.pop(), '', 'every line ends in CRLF')
    t.equal(lines[0], 'email,name,cloud_parents,created_at')
    t.equal(lines.length, 3, 'only the terminated contacts')
    t.match(lines[1], /^gone\.one@example\.com,Gone One,T-100 T-101,\d{4}-/, 'with the parents they own, whatever the case')
    t.match(lines[2], /^gone\.two@example\.com,"'=Gone, Two",E-202 L-300,\d{4}-/, 'a formula defused')
  })

  t.test('terminated cloud contacts refuses a bad address (422) or body (400), and sends nothing', async (t) => {
    const path = '/cloud_contacts/send_email_report_of_terminated_cloud_parent_owners'
    const bad = await api('POST', path, { cloud_contact: { to_address: 'nope' } })
    t.equal(bad.status, 422)
    t.same(bad.body.fields, { to_address: 'To address must be an email address' })
    t.equal((await api('POST', path, { cloud_contact: {} })).status, 400)
    t.equal((await api('POST', path, { cloud_contact: { to_address: 'a@example.com', x: 1 } })).status, 400)
    t.same(await fresh(), [])
  })

  t.test('expired cost centers: one email per owner of parents on an expired cost center', async (t) => {
    const answer = await api('POST', '/cost_centers/send_expired_cost_centers_report', {})
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed, sent: 2 } } })
    const mails = await fresh()
    t.same(mails.map((m) => m.to).sort(), ['gone.two@example.com', 'here@example.com'], 'exactly the owners, once each')
    const here = mails.find((m) => m.to === 'here@example.com')!
    t.equal(here.subject, 'Your cloud accounts use an expired cost center')
    t.match(here.text, /- E-200 \(Expired a, AwsCloudParent, cost center CC-OLD\)/)
    t.match(here.text, /- E-201 \(Expired b/)
    t.notMatch(here.text, /T-102|L-300/, 'a cost center expiring later is not expired')
    const two = mails.find((m) => m.to === 'gone.two@example.com')!
    t.match(two.text, /E-202/)
    t.notMatch(two.text, /L-300/)
  })

  t.test('terminated cloud accounts: one email per owner of terminated parents', async (t) => {
    const answer = await api('POST', '/cloud_parents/send_email_to_terminated_cloud_accounts', {})
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed, sent: 2 } } })
    const mails = await fresh()
    t.same(mails.map((m) => m.to).sort(), ['gone.one@example.com', 'here@example.com'], 'owners compared case-insensitively')
    const one = mails.find((m) => m.to === 'gone.one@example.com')!
    t.equal(one.subject, 'Your terminated cloud accounts')
    t.match(one.text, /- T-100 \(Old one, AwsCloudParent, cost center CC-OPEN\)\r?\n- T-101 \(Old two, GcpCloudParent\)/)
    const here = mails.find((m) => m.to === 'here@example.com')!
    t.match(here.text, /T-102/)
    t.notMatch(here.text, /E-20/, 'live accounts are not listed')
  })

  t.test('the confirmed calls take no input', async (t) => {
    for (const path of ['/cost_centers/send_expired_cost_centers_report', '/cloud_parents/send_email_to_terminated_cloud_accounts'])
      t.equal((await api('POST', path, { x: 1 })).status, 400, path)
    t.same(await fresh(), [])
  })

  t.test('with nothing to tell, no email', async (t) => {
    await db.execute(sql`UPDATE cloud_parents SET terminated = false, cost_center = NULL`)
    t.same((await api('POST', '/cloud_parents/send_email_to_terminated_cloud_accounts', {})).body.data.sent, 0)
    t.same((await api('POST', '/cost_centers/send_expired_cost_centers_report', {})).body.data.sent, 0)
    t.same(await fresh(), [])
  })
})
