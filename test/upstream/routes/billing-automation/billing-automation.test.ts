/**
 * The Billing Automation calls (spec 000 §2, §7; issue 10 item 5): processing an Azure or Google
 * invoice turns its lines into bills once; the GCP trigger loads every waiting Google invoice;
 * finalizing parses a file, stores its bills when asked, emails each cost center owner their lines
 * (a real SMTP server receives them), and records every step as a billing job. Refused calls store
 * nothing and record no job.
 */
import { sql } from 'drizzle-orm'
import type { AddressObject } from 'mailparser'
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { demoInvoiceId, monthBefore } from '../../../../server/upstream/db/seed/provider-invoices.js'
import { startSmtp } from '../../../lib/smtp.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

const AS_ANN = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', uid: 'ann@ccoe.example' }
const csvData = (lines: string[]) => `data:text/csv;base64,${Buffer.from(lines.join('\r\n')).toString('base64')}`
const HEADER = 'Date,Provider,Company Code,Currency,Reference,GL Account,Identifier,Amount,Line Item Txt'

t.test('billing automation', async (t) => {
  const inbox = await startSmtp(t)
  const { api, app, database } = await serveUpstream(t, { seed: true, smtpUrl: inbox.url })
  const db = database.db
  const post = (path: string, body: unknown) => api('POST', `/cloud_bills/${path}`, body, AS_ANN)
  const bills = (reference: string) =>
    rows<{ identifier: string; amount: string; provider: string; business_unit: string | null }>(
      db,
      sql`SELECT b.identifier, b.amount::text AS amount, b.provider, u.name AS business_unit
          FROM cloud_bills b LEFT JOIN business_units u ON u.id = b.business_units_id
          WHERE b.reference = ${reference} ORDER BY b.id`,
    )
  const jobs = () =>
    rows<{ kind: string; provider: string | null; reference: string | null; details: string; requested_by: string }>(
      db,
      sql`SELECT kind, provider, reference, details, requested_by FROM billing_jobs ORDER BY id`,
    )
  const invoiceLines = (invoiceId: string) =>
    rows<{ identifier: string; amount: string }>(
      db,
      sql`SELECT l.identifier, l.amount::text AS amount FROM provider_invoice_lines l
          JOIN provider_invoices i ON i.id = l.provider_invoices_id WHERE i.invoice_id = ${invoiceId} ORDER BY l.id`,
    )
  const lastMonth = monthBefore(new Date(), 1)

  t.test('an Azure invoice becomes bills once, with a job naming who and what', async (t) => {
    const id = demoInvoiceId('azure', lastMonth)
    const lines = await invoiceLines(id)
    t.equal(lines.length, 5, 'the demo invoice has a line per demo cost center')
    const answer = await post('process_azure_invoice', { cloud_bill: { data: id } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.dataSubmitted, inserted: 5, invoices: 1 } } })
    const stored = await bills(id)
    t.same(
      stored.map((b) => [b.identifier, b.amount, b.provider]),
      lines.map((l) => [l.identifier, l.amount, 'azure']),
    )
    t.equal(stored.find((b) => b.identifier === '3100-GAM-07')?.business_unit, 'Gaming', 'the cost center’s business unit')
    const total = lines.reduce((sum, l) => sum + Number(l.amount), 0)
    t.same(await jobs(), [
      {
        kind: 'process_invoice',
        provider: 'azure',
        reference: id,
        // the demo invoices are in USD (the invoices' default currency)
        details: `5 lines turned into cloud bills, total USD ${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        requested_by: 'ann@ccoe.example',
      },
    ])

    const again = await post('process_azure_invoice', { cloud_bill: { data: id } })
    t.equal(again.status, 409, 'a second time is refused')
    t.match(again.body.fields.data, /was processed on \d{4}-\d{2}-\d{2}/)
    t.equal((await bills(id)).length, 5, 'no bill twice')
    t.equal((await jobs()).length, 1, 'and no second job')
  })

  t.test('unknown invoices and wrong months are refused under the field, changing nothing', async (t) => {
    const before = await jobs()
    const unknown = await post('process_azure_invoice', { cloud_bill: { data: 'G-NOPE' } })
    t.same(unknown, {
      status: 404,
      body: {
        error: 'No Azure invoice G-NOPE is waiting to be processed',
        statusCode: 404,
        fields: { data: 'No Azure invoice G-NOPE is waiting to be processed' },
      },
    })
    const google = demoInvoiceId('gcp', lastMonth)
    const wrongMonth = await post('process_google_invoice', { cloud_bill: { data: google, date: '200001' } })
    t.equal(wrongMonth.status, 404)
    t.equal(wrongMonth.body.fields.data, `No Google invoice ${google} for 200001 is waiting to be processed`)
    const badMonth = await post('process_google_invoice', { cloud_bill: { data: google, date: '2022-04' } })
    t.equal(badMonth.status, 400)
    t.same(Object.keys(badMonth.body.fields), ['date'], 'a month not like 202204 is refused under Date')
    const noId = await post('process_azure_invoice', { cloud_bill: { data: '  ' } })
    t.equal(noId.status, 400)
    t.same(Object.keys(noId.body.fields), ['data'])
    t.same(await jobs(), before)
    t.same(await bills(google), [], 'the Google invoice is still waiting')
  })

  t.test('a Google invoice of its month, then the GCP trigger loads the rest', async (t) => {
    const google = demoInvoiceId('gcp', lastMonth)
    const answer = await post('process_google_invoice', { cloud_bill: { data: google, date: lastMonth } })
    t.same(answer.body, { data: { message: MESSAGES.dataSubmitted, inserted: 5, invoices: 1 } })
    const waiting = [demoInvoiceId('gcp', monthBefore(new Date(), 3)), demoInvoiceId('gcp', monthBefore(new Date(), 2))]
    const load = await post('update_dashboard', { cloud_bill: { provider: 'gcp' } })
    t.same(load.body, { data: { message: MESSAGES.dataSubmitted, inserted: 10, invoices: 2 } })
    for (const id of waiting) t.equal((await bills(id)).length, 5, `${id} loaded`)
    const last = (await jobs()).at(-1)!
    t.same([last.kind, last.reference], ['gcp_data_load', waiting.join(', ')])
    t.match(last.details, /^2 Google invoices loaded: 10 lines turned into cloud bills, total USD [\d,]+\.\d\d$/)

    const nothing = await post('update_dashboard', { cloud_bill: { provider: 'gcp' } })
    t.same(nothing.body, { data: { message: MESSAGES.dataSubmitted, inserted: 0, invoices: 0 } }, 'nothing left to load')
    t.equal((await jobs()).at(-1)!.kind, 'gcp_data_load')
    t.equal((await jobs()).filter((j) => j.kind === 'gcp_data_load').length, 1, 'an empty load records no job')
    t.equal((await post('update_dashboard', {})).status, 400, 'the trigger names its provider')
  })

  t.test('finalize: a bad file stores nothing and records no job', async (t) => {
    const before = { jobs: await jobs(), bills: await bills('INV-FIN-1') }
    const input = {
      provider: 'gcp',
      send_nalo_nagi_invoices: true,
      populate_cloud_bills: true,
      update_bigquery: true,
      email_cost_center_owners: true,
    }
    const bad = await post('parse_pre_ap', {
      cloud_bill: {
        input,
        data: csvData([
          HEADER,
          '2026-10-01,gcp,1000,USD,INV-FIN-1,650300,1000-CCOE-01,10.00,a',
          '2026-10-01,aws,1000,USD,INV-FIN-1,650100,1000-CCOE-01,5,b',
        ]),
      },
    })
    t.same(bad, { status: 422, body: { error: 'Row 3: provider aws, not gcp', statusCode: 422 } })
    const broken = await post('parse_pre_ap', {
      cloud_bill: { input, data: csvData([HEADER, 'not-a-day,gcp,1000,USD,INV-FIN-1,650300,X,abc,a']) },
    })
    t.equal(broken.status, 422)
    t.equal(broken.body.error, 'Row 2: date not-a-day is not a day (yyyy-MM-dd), amount abc is not a number with at most two decimals')
    t.same({ jobs: await jobs(), bills: await bills('INV-FIN-1') }, before)
    t.same(inbox.messages, [], 'no email')
  })

  t.test('finalize with every flag: bills, jobs, and one email per cost center owner', async (t) => {
    const owners = await rows<{ identifier: string; email: string }>(
      db,
      sql`SELECT cc.identifier, lower(c.email) AS email FROM cost_centers cc JOIN cloud_contacts c ON c.id = cc.cloud_contact_id
          WHERE cc.identifier IN ('1000-CCOE-01', '3100-GAM-07') ORDER BY cc.identifier`,
    )
    t.equal(owners.length, 2)
    const file = csvData([
      HEADER,
      '2026-10-01,gcp,1000,USD,INV-FIN-2,650300,1000-CCOE-01,100.50,BigQuery',
      '2026-10-01,gcp,1000,USD,INV-FIN-2,650300,1000-CCOE-01,20.25,Storage',
      '2026-10-01,gcp,3100,USD,INV-FIN-2,650300,3100-GAM-07,-5.00,Credit',
      '2026-09-01,gcp,3100,EUR,INV-FIN-2,650300,NO-SUCH-CC,7.00,Stray',
    ])
    const input = {
      provider: 'gcp',
      send_nalo_nagi_invoices: true,
      populate_cloud_bills: true,
      update_bigquery: true,
      email_cost_center_owners: true,
    }
    const answer = await post('parse_pre_ap', { cloud_bill: { input, data: file } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.dataSubmitted, lines: 4, inserted: 4, owners_emailed: 2 } } })
    t.same(
      (await bills('INV-FIN-2')).map((b) => [b.identifier, b.amount]),
      [
        ['1000-CCOE-01', '100.50'],
        ['1000-CCOE-01', '20.25'],
        ['3100-GAM-07', '-5.00'],
        ['NO-SUCH-CC', '7.00'],
      ],
    )
    const recorded = (await jobs()).filter((j) => j.reference === 'INV-FIN-2')
    t.same(
      recorded.map((j) => [j.kind, j.provider, j.details, j.requested_by]),
      [
        // amounts of two currencies are not added together: one total per currency
        ['finalize_invoice', 'gcp', '4 lines, total USD 115.75 and EUR 7.00; 4 cloud bills added', 'ann@ccoe.example'],
        [
          'nalo_nagi_invoices',
          'gcp',
          'Invoices per company code: 1000: 2 lines, USD 120.75; 3100: 2 lines, -USD 5.00 and EUR 7.00',
          'ann@ccoe.example',
        ],
        ['bigquery_update', 'gcp', 'Billing rows per month: 2026-10: 3 rows, USD 115.75; 2026-09: 1 row, EUR 7.00', 'ann@ccoe.example'],
        ['owner_emails', 'gcp', '2 owners emailed; no cost center owner for NO-SUCH-CC', 'ann@ccoe.example'],
      ],
    )

    await app.mail.idle()
    const mails = await inbox.received(2)
    const byRecipient = new Map(mails.map((m) => [(m.to as AddressObject).value[0].address!, m]))
    t.same([...byRecipient.keys()].sort(), owners.map((o) => o.email).sort(), 'one email per owner')
    const first = byRecipient.get(owners[0].email)!
    t.equal(first.subject, 'Cloud charges of your cost centers (INV-FIN-2)')
    t.equal(first.attachments.length, 1)
    t.equal(first.attachments[0].filename, 'cloud_charges_gcp.csv')
    t.same(first.attachments[0].content.toString('utf8').split('\r\n'), [
      'Date,Provider,Company Code,Currency,Reference,GL Account,Identifier,Amount,Line Item Txt',
      '2026-10-01,gcp,1000,USD,INV-FIN-2,650300,1000-CCOE-01,100.50,BigQuery',
      '2026-10-01,gcp,1000,USD,INV-FIN-2,650300,1000-CCOE-01,20.25,Storage',
      '',
    ])
    t.match(first.text, /books 2 charge lines to cost centers you own, USD 120\.75 in all/)

    // issue 39 item 1: finalizing it again is refused as processing an invoice again is; nothing is added, sent or recorded
    const jobsBefore = await jobs()
    const [{ on }] = await rows<{ on: string }>(
      db,
      sql`SELECT finalized_at::text AS on FROM finalized_invoices WHERE provider = 'gcp' AND reference = 'INV-FIN-2'`,
    )
    const message = `The GCP invoice INV-FIN-2 was finalized on ${on.slice(0, 10)}`
    t.same(await post('parse_pre_ap', { cloud_bill: { input, data: file } }), {
      status: 409,
      body: { error: message, statusCode: 409, fields: { data: message } },
    })
    const lowerCase = csvData([HEADER, '2026-10-01,gcp,1000,USD,inv-fin-2,650300,1000-CCOE-01,1.00,Other'])
    t.same((await post('parse_pre_ap', { cloud_bill: { input, data: lowerCase } })).status, 409, 'the invoice number in any case')
    t.equal((await bills('INV-FIN-2')).length, 4, 'no bill twice')
    t.same(await jobs(), jobsBefore, 'no job twice')
    await app.mail.idle()
    t.equal(inbox.messages.length, 2, 'no email twice')
  })

  t.test('finalize: lines without an invoice number are refused; bills uploaded before are not doubled', async (t) => {
    const input = {
      provider: 'aws',
      send_nalo_nagi_invoices: false,
      populate_cloud_bills: true,
      update_bigquery: false,
      email_cost_center_owners: false,
    }
    const unnamed = await post('parse_pre_ap', {
      cloud_bill: { input, data: csvData([HEADER, '2026-10-01,aws,1000,USD,,650100,1000-CCOE-01,3.00,EC2']) },
    })
    t.same(unnamed, {
      status: 422,
      body: { error: 'Row 2: reference is empty (the invoice number names the invoice to finalize)', statusCode: 422 },
    })
    const lines = [
      HEADER,
      '2026-10-01,aws,1000,USD,INV-FIN-4,650100,1000-CCOE-01,3.00,EC2',
      '2026-10-01,aws,1000,USD,INV-FIN-4,650100,1000-CCOE-01,4.00,S3',
    ]
    const uploaded = await api('POST', '/cloud_bills/upload', { cloud_bill: { data: csvData(lines.slice(0, 2)) } }, AS_ANN)
    t.same(uploaded.body, { data: { inserted: 1, updated: 0, unchanged: 0 } })
    const answer = await post('parse_pre_ap', { cloud_bill: { input, data: csvData(lines) } })
    t.same(answer.body, { data: { message: MESSAGES.dataSubmitted, lines: 2, inserted: 1, owners_emailed: 0 } })
    t.same(
      (await bills('INV-FIN-4')).map((b) => [b.identifier, b.amount]),
      [
        ['1000-CCOE-01', '3.00'],
        ['1000-CCOE-01', '4.00'],
      ],
    )
    t.same(
      (await jobs()).filter((j) => j.reference === 'INV-FIN-4').map((j) => j.details),
      ['2 lines, total USD 7.00; 1 cloud bill added, 1 unchanged'],
    )
  })

  t.test('finalize: an invoice of 100,000 lines is grouped per company code and month', async (t) => {
    // the groups were copied per line (quadratic): grouping this file took 4.5 minutes, past the test's timeout
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `2026-${i % 2 ? '10' : '09'}-01,gcp,1000,USD,INV-BIG,650300,CC-${i % 50},1.00,x`,
    )
    const input = {
      provider: 'gcp',
      send_nalo_nagi_invoices: true,
      populate_cloud_bills: false,
      update_bigquery: true,
      email_cost_center_owners: false,
    }
    const answer = await post('parse_pre_ap', { cloud_bill: { input, data: csvData([HEADER, ...lines]) } })
    t.same(answer.body, { data: { message: MESSAGES.dataSubmitted, lines: 100_000, inserted: 0, owners_emailed: 0 } })
    t.same(
      (await jobs()).filter((j) => j.reference === 'INV-BIG').map((j) => j.details),
      [
        '100,000 lines, total USD 100,000.00; cloud bills table not populated',
        'Invoices per company code: 1000: 100,000 lines, USD 100,000.00',
        'Billing rows per month: 2026-09: 50,000 rows, USD 50,000.00; 2026-10: 50,000 rows, USD 50,000.00',
      ],
    )
  })

  t.test('finalize with no flag: the lines are checked and the finalization recorded, nothing else', async (t) => {
    const before = inbox.messages.length
    const input = {
      provider: 'azure',
      send_nalo_nagi_invoices: false,
      populate_cloud_bills: false,
      update_bigquery: false,
      email_cost_center_owners: false,
    }
    const answer = await post('parse_pre_ap', {
      cloud_bill: { input, data: csvData([HEADER, '2026-10-01,azure,1000,USD,INV-FIN-3,650200,1000-CCOE-01,9.99,x']) },
    })
    t.same(answer.body, { data: { message: MESSAGES.dataSubmitted, lines: 1, inserted: 0, owners_emailed: 0 } })
    t.same(await bills('INV-FIN-3'), [])
    t.same(
      (await jobs()).filter((j) => j.reference === 'INV-FIN-3').map((j) => [j.kind, j.details]),
      [['finalize_invoice', '1 line, total USD 9.99; cloud bills table not populated']],
    )
    await app.mail.idle()
    t.equal(inbox.messages.length, before, 'no email')
    const wrong = await post('parse_pre_ap', { cloud_bill: { input: { ...input, provider: 'oracle' }, data: csvData([HEADER]) } })
    t.equal(wrong.status, 400)
    t.same(Object.keys(wrong.body.fields), ['provider'])
  })
})
