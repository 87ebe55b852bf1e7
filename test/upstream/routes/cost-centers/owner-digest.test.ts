/**
 * Issue 42 item 5: POST /cost_centers/send_owner_digest mails each cost center owner the digest of
 * the month (default: the last complete one by the upstream's clock), to their own address, only
 * within the allowed domains the gateway sends; the spend per currency, never added across currencies,
 * as text and HTML. The answer names who was mailed and who was skipped, and why.
 */
import { sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { SKIPPED } from '../../../../server/upstream/routes/cost-centers/owner-digest.js'
import { startSmtp } from '../../../lib/smtp.js'
import { serveUpstream } from '../../fixtures/serve.js'

const PATH = '/cost_centers/send_owner_digest'
const DOMAINS = ['ccoe.example', 'example.com']

t.test('the owners digest', async (t) => {
  const inbox = await startSmtp(t)
  // mid-November: the last complete month is October
  const { api, app, database } = await serveUpstream(t, { smtpUrl: inbox.url, clock: () => new Date('2026-11-15T10:00:00Z') })
  const db = database.db
  await db.execute(sql`INSERT INTO companies (code) VALUES ('3100')`)
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Finance')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email, name, terminated) VALUES
    ('Ann@ccoe.example', 'Ann', false), ('ben@example.com', 'Ben', NULL), ('out@partner.org', 'Out', false),
    ('gone@ccoe.example', 'Gone', true), ('idle@ccoe.example', 'Idle', false), ('nobody@ccoe.example', 'Nobody', false)`)
  await db.execute(sql`INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT v.identifier, (SELECT id FROM cloud_contacts WHERE lower(email) = v.owner), (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
    FROM (VALUES ('CC-A', 'ann@ccoe.example'), ('CC-B&Co', 'ann@ccoe.example'), ('CC-C', 'ben@example.com'),
                 ('CC-D', 'out@partner.org'), ('CC-E', 'gone@ccoe.example'), ('CC-F', 'idle@ccoe.example')) AS v (identifier, owner)`)
  await db.execute(sql`INSERT INTO cloud_bills (date, provider, identifier, amount, currency) VALUES
    ('2026-10-03', 'aws', 'CC-A', 100.25, 'EUR'), ('2026-10-20', 'aws', 'CC-A', 50.00, 'EUR'), ('2026-09-05', 'aws', 'CC-A', 80.00, 'EUR'),
    ('2026-10-04', 'gcp', 'CC-A', 30.10, 'USD'), ('2026-11-02', 'aws', 'CC-A', 999.00, 'EUR'),
    ('2026-10-10', 'azure', 'cc-b&co', 9.75, 'EUR'),
    ('2026-10-11', 'gcp', 'CC-C', 1234.50, 'USD'), ('2026-10-12', 'gcp', 'CC-C', 5.00, NULL),
    ('2026-10-13', 'aws', 'CC-D', 10.00, 'EUR'), ('2026-10-14', 'aws', 'CC-E', 10.00, 'EUR'),
    ('2026-09-15', 'aws', 'CC-F', 70.00, 'EUR')`)

  let seen = 0
  /** the emails the SMTP server received since the last call, by recipient */
  const fresh = async () => {
    await app.mail.idle()
    const mails = new Map<string, ParsedMail>(inbox.messages.slice(seen).map((m, i) => [inbox.envelopes[seen + i].to.join(', '), m]))
    seen = inbox.messages.length
    return mails
  }
  const send = (body: Record<string, unknown>) => api('POST', PATH, { cost_center: body })

  t.test('every owner, the last complete month by the clock: the owners within the domains with news', async (t) => {
    t.strictSame(await send({ allowed_domains: DOMAINS }), {
      status: 200,
      body: {
        data: {
          message: MESSAGES.reportEmailed,
          month: '2026-10',
          sent: 2,
          recipients: ['ann@ccoe.example', 'ben@example.com'],
          skipped: [
            { owner: 'gone@ccoe.example', reason: SKIPPED.terminated },
            { owner: 'idle@ccoe.example', reason: 'nothing to report for 2026-10' },
            { owner: 'out@partner.org', reason: SKIPPED.outside },
          ],
        },
      },
    })
    const mails = await fresh()
    t.strictSame([...mails.keys()].sort(), ['ann@ccoe.example', 'ben@example.com'], 'one email each, to their own address')
    const ann = mails.get('ann@ccoe.example')!
    t.equal(ann.subject, 'Your cost centers in October 2026')
    t.equal(
      ann.text?.trimEnd(),
      [
        'Hello,',
        '',
        'this is the monthly digest of the cost centers you own, for October 2026.',
        '',
        'Spend in October 2026',
        '---------------------',
        '',
        'EUR',
        '- CC-A, aws: EUR 150.25 (September 2026: EUR 80.00)',
        '- CC-B&Co, azure: EUR 9.75 (September 2026: EUR 0.00)',
        'Total: EUR 160.00 (September 2026: EUR 80.00)',
        '',
        'USD',
        '- CC-A, gcp: USD 30.10 (September 2026: USD 0.00)',
        'Total: USD 30.10 (September 2026: USD 0.00)',
        '',
        'CCoE Portal',
      ].join('\n'),
      'per currency, each with its own total; the November bill is not October',
    )
    const html = String(ann.html)
    t.match(html, /<h2>Spend in October 2026<\/h2>/)
    const captions = [...html.matchAll(/<caption[^>]*>([^<]*)<\/caption>/g)].map((m) => m[1])
    t.strictSame(captions, ['EUR', 'USD'], 'a table per currency')
    const cells = (row: string) => [...row.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1])
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => cells(m[1]))
    t.strictSame(rows, [
      ['Cost center', 'Provider', 'October 2026', 'September 2026'],
      ['CC-A', 'aws', 'EUR 150.25', 'EUR 80.00'],
      ['CC-B&amp;Co', 'azure', 'EUR 9.75', 'EUR 0.00'],
      ['Total', '', 'EUR 160.00', 'EUR 80.00'],
      ['Cost center', 'Provider', 'October 2026', 'September 2026'],
      ['CC-A', 'gcp', 'USD 30.10', 'USD 0.00'],
      ['Total', '', 'USD 30.10', 'USD 0.00'],
    ])
    const ben = mails.get('ben@example.com')!
    t.match(
      ben.text,
      'USD\n- CC-C, gcp: USD 1,234.50 (September 2026: USD 0.00)\nTotal: USD 1,234.50 (September 2026: USD 0.00)\n\n' +
        'Without a currency\n- CC-C, gcp: 5.00 (September 2026: 0.00)\nTotal: 5.00 (September 2026: 0.00)',
      'bills without a currency are a block of their own, never added to USD',
    )
  })

  t.test('a month named: its spend against the month before', async (t) => {
    const answer = await send({ month: '2026-09', allowed_domains: DOMAINS })
    t.strictSame(
      [answer.body.data.month, answer.body.data.recipients, answer.body.data.skipped],
      [
        '2026-09',
        ['ann@ccoe.example', 'idle@ccoe.example'],
        [
          { owner: 'ben@example.com', reason: 'nothing to report for 2026-09' },
          { owner: 'gone@ccoe.example', reason: SKIPPED.terminated },
          { owner: 'out@partner.org', reason: SKIPPED.outside },
        ],
      ],
    )
    const idle = (await fresh()).get('idle@ccoe.example')!
    t.equal(idle.subject, 'Your cost centers in September 2026')
    t.match(idle.text, '- CC-F, aws: EUR 70.00 (August 2026: EUR 0.00)\nTotal: EUR 70.00 (August 2026: EUR 0.00)')
  })

  t.test('one owner named, in any case', async (t) => {
    const ben = await send({ owner: 'Ben@Example.com', allowed_domains: DOMAINS })
    t.strictSame([ben.body.data.sent, ben.body.data.recipients, ben.body.data.skipped], [1, ['ben@example.com'], []])
    t.strictSame([...(await fresh()).keys()], ['ben@example.com'], 'only theirs')
    const nobody = await send({ owner: 'nobody@ccoe.example', allowed_domains: DOMAINS })
    t.strictSame(
      [nobody.body.data.sent, nobody.body.data.skipped],
      [0, [{ owner: 'nobody@ccoe.example', reason: SKIPPED.noCostCenter }]],
      'a contact owning no cost center gets none, and is told so',
    )
    const out = await send({ owner: 'out@partner.org', allowed_domains: DOMAINS })
    t.strictSame(out.body.data.skipped, [{ owner: 'out@partner.org', reason: SKIPPED.outside }])
    t.strictSame([...(await fresh()).keys()], [])
  })

  t.test('without the allowed domains (only the gateway sends them), nobody is mailed', async (t) => {
    const answer = await send({})
    t.strictSame(
      [answer.status, answer.body.data.sent, answer.body.data.skipped.map((s: { reason: string }) => s.reason)],
      [200, 0, [SKIPPED.outside, SKIPPED.outside, SKIPPED.terminated, SKIPPED.outside, SKIPPED.outside]],
    )
    t.strictSame([...(await fresh()).keys()], [])
  })

  t.test("an owner's anomalies, budgets and resources that cannot be charged, each a section after the spend", async (t) => {
    // CC-C's six months before October: USD 100 each, so October's 1,234.50 is an anomaly (factor 1.5, floor 1000)
    await db.execute(sql`INSERT INTO cloud_bills (date, provider, identifier, amount, currency, account, line_item)
      SELECT make_date(2026, m, 9), 'gcp', 'CC-C', 100, 'USD', '6000', 'compute' FROM generate_series(4, 9) AS m`)
    await db.execute(sql`INSERT INTO cost_center_budgets (cost_center_id, amount, currency, thresholds)
      SELECT id, 1000, 'USD', '80, 100' FROM cost_centers WHERE identifier = 'CC-C'`)
    await db.execute(sql`INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id, approved)
      SELECT 'CC-G', (SELECT id FROM cloud_contacts WHERE email = 'ben@example.com'), (SELECT min(id) FROM companies),
             (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments), false`)
    await db.execute(sql`INSERT INTO virtual_machines (resource_id, provider_type, name, default_cost_center_id)
      SELECT 'i-ben', 'aws', 'build box', id FROM cost_centers WHERE identifier = 'CC-G'`)
    const answer = await send({ owner: 'ben@example.com', allowed_domains: DOMAINS })
    t.strictSame(answer.body.data.recipients, ['ben@example.com'])
    const ben = (await fresh()).get('ben@example.com')!
    t.equal(
      ben.text?.trimEnd(),
      [
        'Hello,',
        '',
        'this is the monthly digest of the cost centers you own, for October 2026.',
        '',
        'Spend in October 2026',
        '---------------------',
        '',
        'USD',
        '- CC-C, gcp: USD 1,234.50 (September 2026: USD 100.00)',
        'Total: USD 1,234.50 (September 2026: USD 100.00)',
        '',
        'Without a currency',
        '- CC-C, gcp: 5.00 (September 2026: 0.00)',
        'Total: 5.00 (September 2026: 0.00)',
        '',
        'Spend anomalies in October 2026',
        '-------------------------------',
        '',
        '- CC-C: USD 1,234.50 against a median of USD 100.00 over 6 months; grew most: provider gcp 100 %, GL account (none) 100 %, line (none) 100 %',
        '',
        'Budgets in October 2026',
        '-----------------------',
        '',
        '- CC-C: USD 1,234.50 of USD 1,000.00 (123.5 %), crossed 80 %, 100 %',
        '',
        'Resources that cannot be charged, as of 2026-11-15',
        '--------------------------------------------------',
        '',
        '- virtual machine i-ben (build box), cost center CC-G: not approved',
        '',
        'CCoE Portal',
      ].join('\n'),
      "the sections in order, each only with what is the owner's",
    )
    const html = String(ben.html)
    t.strictSame(
      [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]),
      [
        'Spend in October 2026',
        'Spend anomalies in October 2026',
        'Budgets in October 2026',
        'Resources that cannot be charged, as of 2026-11-15',
      ],
    )
    const ann = await send({ owner: 'ann@ccoe.example', allowed_domains: DOMAINS })
    t.strictSame(ann.body.data.recipients, ['ann@ccoe.example'])
    t.notMatch((await fresh()).get('ann@ccoe.example')!.text, /anomalies|Budgets|cannot be charged/, "none of Ben's in Ann's")
  })

  t.test('a body it cannot use is refused naming the field, and nothing is sent', async (t) => {
    const refused = async (body: unknown) => {
      const answer = await api('POST', PATH, body)
      return [answer.status, Object.keys(answer.body.fields ?? {})]
    }
    t.strictSame(await refused({ cost_center: { month: '2026-13' } }), [400, ['month']])
    t.strictSame(await refused({ cost_center: { owner: 'not an address' } }), [422, ['owner']], 'as every email field')
    t.strictSame((await api('POST', PATH, { cost_center: { x: 1 } })).status, 400)
    t.strictSame((await api('POST', PATH, {})).status, 400)
    t.strictSame([...(await fresh()).keys()], [])
  })
})
