/**
 * Spec 001 §7's cloud bills calls as a script and a person make them through the gateway (issue 26):
 * GET /cloud_bills?key=…&startDate=…&endDate=… filters the list and the CSV of the same list, a
 * malformed value is a 400 naming its parameter; POST /cloud_bills/send_all mails the caller (a real
 * SMTP server receives it): a script at its registered contact (issue 39 item 7, the spec's body as
 * written), and a script without one is told to name an address.
 */
import { sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { NO_RECIPIENT } from '../../server/upstream/mail/recipient.js'
import { SCRIPT_CLIENTS } from '../../server/idp/clients.js'
import { startPortal } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startSmtp } from '../lib/smtp.js'

t.test('cloud bills: the list filters of spec 001 §7 and send_all recipients', async (t) => {
  const inbox = await startSmtp(t)
  // the scripts' client has its demo contact; the automation client none here
  const [scripts, automation] = SCRIPT_CLIENTS
  const portal = await startPortal(t, {
    seed: false,
    smtpUrl: inbox.url,
    env: { OIDC_SCRIPT_CONTACTS: `${scripts.clientId}=${scripts.contacts[0]}` },
  })
  await portal.database.db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, line_item) VALUES
      ('2026-10-31', 'gcp', 'CC-1', 1, 'before'),
      ('2026-11-01', 'gcp', 'CC-1', 2, 'first day'),
      ('2026-11-15', 'aws', 'CC-2', 3, 'other identifier'),
      ('2026-11-30', 'aws', 'CC-1', 4, 'last day'),
      ('2026-12-01', 'gcp', 'CC-1', 5, 'after')`)
  const bearer = { authorization: `Bearer ${await scriptToken(portal.baseUrl)}` }
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const get = (path: string) => fetch(`${portal.baseUrl}/api/${path}`, { headers: bearer })
  const items = async (t: Test, query: string) => {
    const response = await get(`cloud_bills?${query}`)
    t.equal(response.status, 200, query)
    return ((await response.json()) as { data: { line_item: string }[] }).data.map((b) => b.line_item).sort()
  }

  t.test('key, startDate and endDate filter the list, both days included', async (t) => {
    t.strictSame(await items(t, 'key=CC-1&startDate=2026-11-01&endDate=2026-11-30'), ['first day', 'last day'])
    t.strictSame(await items(t, 'startDate=2026-11-15'), ['after', 'last day', 'other identifier'])
    t.strictSame(await items(t, 'endDate=2026-10-31'), ['before'])
    t.strictSame(await items(t, 'key=CC-2'), ['other identifier'])
    t.strictSame(await items(t, 'key=all&startDate=2026-11-01&endDate=2026-11-30'), ['first day', 'last day', 'other identifier'])
    t.strictSame(await items(t, 'key=CC-9'), [])
  })

  t.test('the CSV of the same list passes them on', async (t) => {
    const response = await get('csv/cloud_bills?key=CC-1&startDate=2026-11-01&endDate=2026-11-30')
    t.equal(response.status, 200)
    const lines = (await response.text()).split('\r\n')
    t.strictSame(
      lines.slice(1).map((line) => line.split(',').at(-1)),
      ['last day', 'first day', ''],
      'newest first, the window only',
    )
  })

  t.test('a malformed value is a 400 naming its parameter', async (t) => {
    for (const [query, param, message] of [
      ['startDate=2026-13-01', 'startDate', 'Start date must be a date (yyyy-MM-dd)'],
      ['endDate=30-11-2026', 'endDate', 'End date must be a date (yyyy-MM-dd)'],
      ['startDate=2026-02-30', 'startDate', 'Start date must be a date (yyyy-MM-dd)'],
    ]) {
      for (const path of [`cloud_bills?${query}`, `csv/cloud_bills?${query}`]) {
        const response = await get(path)
        t.equal(response.status, 400, path)
        t.strictSame(((await response.json()) as { fields: unknown }).fields, { [param]: message }, path)
      }
    }
    const long = await get(`cloud_bills?key=${'x'.repeat(501)}`)
    t.equal(long.status, 400)
    t.strictSame(Object.keys(((await long.json()) as { fields: object }).fields), ['key'])
  })

  t.test('send_all: a person gets the report at their own address', async (t) => {
    const response = await fetch(`${portal.baseUrl}/api/cloud_bills/send_all`, {
      method: 'POST',
      headers: { cookie, origin: portal.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ cloud_bill: { start_date: '2026-11-01', end_date: '2026-11-30' } }),
    })
    t.equal(response.status, 200)
    t.strictSame(await response.json(), { data: { message: MESSAGES.reportEmailed } })
    const [mail] = await inbox.received(1)
    t.strictSame(inbox.envelopes[0].to, ['alice@ccoe.example'])
    t.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : undefined, 'alice@ccoe.example')
    t.equal(mail.attachments[0].content.toString('utf8').split('\r\n').length, 5, 'the header, three bills and the end')
  })

  t.test('send_all: a script gets the report at its registered contact, with the body of spec 001 §7', async (t) => {
    const response = await fetch(`${portal.baseUrl}/api/cloud_bills/send_all`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ cloud_bill: { start_date: '2026-11-01', end_date: '2026-11-30' } }),
    })
    t.strictSame([response.status, await response.json()], [200, { data: { message: MESSAGES.reportEmailed } }])
    const mails = await inbox.received(2)
    t.strictSame(inbox.envelopes[1].to, ['ccoe-scripts@ccoe.example'])
    t.equal(mails[1].attachments[0].content.toString('utf8').split('\r\n').length, 5, 'the same bills')
    const line = await portal.auditLine((l) => l.path === '/api/cloud_bills/send_all' && l.user === scripts.clientId)
    t.strictSame([line.status, line.recipients], [200, ['ccoe-scripts@ccoe.example']], 'its audit line names where it went')
  })

  t.test('send_all: a script without a contact names an address or is refused', async (t) => {
    const token = { authorization: `Bearer ${await scriptToken(portal.baseUrl, automation)}` }
    const send = (cloudBill: object) =>
      fetch(`${portal.baseUrl}/api/cloud_bills/send_all`, {
        method: 'POST',
        headers: { ...token, 'content-type': 'application/json' },
        body: JSON.stringify({ cloud_bill: cloudBill }),
      })
    const refused = await send({ start_date: '2026-11-01', end_date: '2026-11-30' })
    t.equal(refused.status, 400)
    t.strictSame(await refused.json(), { error: NO_RECIPIENT, statusCode: 400, fields: { email: NO_RECIPIENT } })
    const named = await send({ start_date: '2026-11-01', end_date: '2026-11-30', email: 'finance@example.com' })
    t.equal(named.status, 200)
    await inbox.received(3)
    t.strictSame(inbox.envelopes[2].to, ['finance@example.com'])
    await portal.upstream.mail.idle()
    t.equal(inbox.messages.length, 3, 'nothing was sent for the refused call')
  })
})
