import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { csvColumns, getResource } from '../../../../shared/resources/index.js'
import { startSmtp } from '../../../lib/smtp.js'
import { serveUpstream } from '../../fixtures/serve.js'

/**
 * Cloud certifications beyond the registry contract: the member's business unit and the emailed export
 * (spec 001 §2, §7), received by a real SMTP server (smtp-server) and parsed by mailparser.
 */
t.test('cloud certifications', async (t) => {
  const inbox = await startSmtp(t)
  const { api, app } = await serveUpstream(t, { seed: true, smtpUrl: inbox.url })
  const memberNamed = async (name: string) => (await api('GET', `/members?by_name=${encodeURIComponent(name)}`)).body.data[0]
  const unitNamed = async (name: string) => (await api('GET', `/business_units?by_name=${encodeURIComponent(name)}`)).body.data[0]

  t.test('business_unit is the member business unit, kept when the member moves or the unit is renamed', async (t) => {
    const alice = await memberNamed('Alice Martin')
    t.ok(alice.business_unit_name, 'the demo member has a business unit')
    const created = await api('POST', '/cloud_certifications', {
      cloud_certification: { member_id: alice.id, name: 'CKA', provider: 'gcp', issue_date: '2025-01-31', expiration_date: '2028-01-31' },
    })
    t.equal(created.status, 201)
    t.hasStrict(created.body.data, {
      member_id: alice.id,
      member_name: 'Alice Martin',
      name: 'CKA',
      provider: 'gcp',
      issue_date: '2025-01-31',
      expiration_date: '2028-01-31',
    })
    t.equal(created.body.data.business_unit, alice.business_unit_name)

    // a business_unit sent by a client is ignored (read-only)
    const sent = await api('PUT', `/cloud_certifications/${created.body.data.id}`, { business_unit: 'Made Up' })
    t.equal(sent.body.data.business_unit, alice.business_unit_name)

    const units = (await api('GET', '/business_units?per_page=100')).body.data as { id: number; name: string }[]
    const other = units.find((u) => u.id !== alice.business_units_id)!
    t.equal((await api('PUT', `/members/${alice.id}`, { business_units_id: other.id })).status, 200)
    t.equal((await api('GET', `/cloud_certifications/${created.body.data.id}`)).body.data.business_unit, other.name, 'the member moved')

    t.equal((await api('PUT', `/business_units/${other.id}`, { name: `${other.name} Renamed` })).status, 200)
    t.equal((await unitNamed(`${other.name} Renamed`)).id, other.id)
    t.equal(
      (await api('GET', `/cloud_certifications/${created.body.data.id}`)).body.data.business_unit,
      `${other.name} Renamed`,
      'the unit renamed',
    )

    const refused = await api('POST', '/cloud_certifications', {
      member_id: alice.id,
      name: 'X',
      provider: 'ibm',
      issue_date: '2025-01-31',
    })
    t.equal(refused.status, 400)
    t.ok(refused.body.fields.provider, 'a provider outside aws, gcp, azure is refused')
  })

  t.test('export emails every certification as CSV to the address asked', async (t) => {
    const all = (await api('GET', '/cloud_certifications?per_page=1000')).body.data as Record<string, string>[]
    t.ok(all.length >= 6, 'the demo rows and the one made above')
    const answer = await api('POST', '/cloud_certifications/export', { cloud_certification: { email: 'alice.martin@example.com' } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
    await app.mail.idle()
    t.equal(inbox.messages.length, 1, 'one message')
    const [mail] = inbox.messages
    t.same(inbox.envelopes[0].to, ['alice.martin@example.com'])
    t.equal(mail.subject, 'Cloud certifications')
    t.equal(mail.attachments.length, 1)
    const [csv] = mail.attachments
    t.match(csv.filename, /^cloud_certifications_\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\.csv$/)
    t.match(csv.contentType, /^text\/csv/)
    const lines = csv.content.toString('utf8').split('\r\n')
    t.equal(lines.pop(), '', 'every line ends in CRLF')
    t.equal(lines[0], 'member_name,name,business_unit,provider,issue_date,expiration_date')
    t.same(
      lines[0].split(','),
      csvColumns(getResource('cloud_certifications')!).map((c) => c.header),
    )
    t.equal(lines.length - 1, all.length, 'every certification')
    const expected = all.map((r) =>
      [r.member_name, r.name, r.business_unit, r.provider, r.issue_date, r.expiration_date]
        .map((v) => (/[",]/.test(v) ? `"${v}"` : v))
        .join(','),
    )
    t.same(lines.slice(1).sort(), expected.sort(), 'each row as the list answers it')
    t.ok(
      lines.includes(
        'Alice Martin,AWS Certified Solutions Architect - Professional,' +
          all.find((r) => r.provider === 'aws' && r.member_name === 'Alice Martin')!.business_unit +
          ',aws,2025-03-14,2028-03-14',
      ),
    )
  })

  t.test('export refuses a bad address (422) or body (400), and sends nothing', async (t) => {
    const before = inbox.messages.length
    const bad = await api('POST', '/cloud_certifications/export', { cloud_certification: { email: 'not-an-email' } })
    t.same(bad.body, { error: 'Email must be an email address', statusCode: 422, fields: { email: 'Email must be an email address' } })
    t.equal((await api('POST', '/cloud_certifications/export', { cloud_certification: {} })).status, 400)
    t.equal((await api('POST', '/cloud_certifications/export', { email: 'a@example.com' })).status, 400)
    t.equal((await api('POST', '/cloud_certifications/export', { cloud_certification: { email: 'a@example.com', x: 1 } })).status, 400)
    await app.mail.idle()
    t.equal(inbox.messages.length, before)
  })
})
