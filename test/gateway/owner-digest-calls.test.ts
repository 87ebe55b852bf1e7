/**
 * Issue 42 item 5 through the gateway: who may send the owners' digest, and to whom it goes. An admin
 * and a script with the `reports` scope send any owner's or all; an editor only their own (403 naming
 * `owner` otherwise); a viewer and a script without `reports` are refused. The allowed domains are the
 * gateway's, whatever the body says: owners outside them are skipped, a named one is a 422. The audit
 * line names the owners mailed, as the upstream's answer names them; a real SMTP server receives them.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { SCRIPT_CLIENTS } from '../../server/idp/clients.js'
import { SKIPPED } from '../../server/upstream/routes/cost-centers/owner-digest.js'
import { startPortal } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startSmtp } from '../lib/smtp.js'

const PATH = 'cost_centers/send_owner_digest'
const OUTSIDE = { owner: 'out@partner.org', reason: SKIPPED.outside }

t.test('the owners digest: roles, scopes and recipients', async (t) => {
  const inbox = await startSmtp(t)
  const portal = await startPortal(t, { seed: false, smtpUrl: inbox.url, clock: () => new Date('2026-11-15T10:00:00Z') })
  const db = portal.database.db
  await db.execute(sql`INSERT INTO companies (code) VALUES ('3100')`)
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Finance')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email, name) VALUES
    ('ann@ccoe.example', 'Ann'), ('bob@ccoe.example', 'Bob'), ('out@partner.org', 'Out')`)
  await db.execute(sql`INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT v.identifier, (SELECT id FROM cloud_contacts WHERE email = v.owner), (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
    FROM (VALUES ('CC-ANN', 'ann@ccoe.example'), ('CC-BOB', 'bob@ccoe.example'), ('CC-OUT', 'out@partner.org')) AS v (identifier, owner)`)
  await db.execute(sql`INSERT INTO cloud_bills (date, provider, identifier, amount, currency) VALUES
    ('2026-10-03', 'aws', 'CC-ANN', 10, 'EUR'), ('2026-10-04', 'aws', 'CC-BOB', 20, 'USD'), ('2026-10-05', 'aws', 'CC-OUT', 30, 'EUR')`)

  const people = {
    alice: { cookie: await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice'), origin: portal.baseUrl },
    bob: { cookie: await signIn(portal.baseUrl, 'bob@ccoe.example', 'bob'), origin: portal.baseUrl },
    vera: { cookie: await signIn(portal.baseUrl, 'vera@ccoe.example', 'vera'), origin: portal.baseUrl },
  }
  const [scripts, automation] = SCRIPT_CLIENTS
  const reports = { authorization: `Bearer ${await scriptToken(portal.baseUrl, scripts)}` }
  const noReports = { authorization: `Bearer ${await scriptToken(portal.baseUrl, automation, 'read write')}` }
  /** the call, its answer, and the audit line the gateway wrote for it */
  const send = async (who: Record<string, string>, body: unknown) => {
    const response = await fetch(`${portal.baseUrl}/api/${PATH}`, {
      method: 'POST',
      headers: { ...who, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = { status: response.status, body: (await response.json()) as any }
    const reqId = response.headers.get('x-request-id')
    // the call's line, or its refusal's
    const line = await portal.auditLine((l) => l.reqId === reqId && typeof l.status === 'number')
    await portal.upstream.mail.idle()
    return { ...answer, recipients: line.recipients }
  }
  let seen = 0
  const mailed = () => {
    const to = inbox.envelopes.slice(seen).flatMap((e) => e.to)
    seen = inbox.envelopes.length
    return to.sort()
  }

  t.test('an admin sends every owner theirs; an owner outside the domains is skipped', async (t) => {
    // what a caller says of the domains is replaced by the gateway's
    const sent = await send(people.alice, { cost_center: { allowed_domains: ['partner.org'] } })
    t.strictSame(sent, {
      status: 200,
      body: {
        data: {
          message: 'Your report will be emailed!',
          month: '2026-10',
          sent: 2,
          recipients: ['ann@ccoe.example', 'bob@ccoe.example'],
          skipped: [OUTSIDE],
        },
      },
      recipients: ['ann@ccoe.example', 'bob@ccoe.example'],
    })
    t.strictSame(mailed(), ['ann@ccoe.example', 'bob@ccoe.example'])
    const other = await send(people.alice, { cost_center: { owner: 'ann@ccoe.example', month: '2026-10' } })
    t.strictSame([other.status, other.body.data.recipients, other.recipients], [200, ['ann@ccoe.example'], ['ann@ccoe.example']])
    t.strictSame(mailed(), ['ann@ccoe.example'], "and any one owner's")
  })

  t.test('an editor sends only their own', async (t) => {
    const own = await send(people.bob, { cost_center: { owner: 'Bob@ccoe.example' } })
    t.strictSame([own.status, own.body.data.recipients, own.recipients], [200, ['bob@ccoe.example'], ['bob@ccoe.example']])
    t.strictSame(mailed(), ['bob@ccoe.example'])
    const error =
      'Not allowed: only an admin sends the digest of other owners or of all; name your own address, bob@ccoe.example, as owner.'
    const refusal = { status: 403, body: { error, statusCode: 403, fields: { owner: error } }, recipients: undefined }
    t.strictSame(await send(people.bob, { cost_center: { owner: 'ann@ccoe.example' } }), refusal, "another owner's")
    t.strictSame(await send(people.bob, { cost_center: {} }), refusal, 'every owner')
    t.strictSame(mailed(), [], 'nothing sent')
  })

  t.test('a viewer is refused', async (t) => {
    const refused = await send(people.vera, { cost_center: { owner: 'vera@ccoe.example' } })
    t.strictSame(
      [refused.status, refused.body.error],
      [403, 'Not allowed: this needs the editor role, and you are a viewer. Ask the CCoE team if you need it.'],
    )
  })

  t.test("a script with the reports scope sends everyone's, one without is refused", async (t) => {
    const sent = await send(reports, { cost_center: {} })
    t.strictSame(
      [sent.status, sent.body.data.recipients, sent.body.data.skipped],
      [200, ['ann@ccoe.example', 'bob@ccoe.example'], [OUTSIDE]],
    )
    t.strictSame(sent.recipients, ['ann@ccoe.example', 'bob@ccoe.example'], 'its audit line names them')
    t.strictSame(mailed(), ['ann@ccoe.example', 'bob@ccoe.example'])
    const refused = await send(noReports, { cost_center: {} })
    t.strictSame([refused.status, refused.body.error], [403, "Not allowed: this call needs a token with the scope 'reports'."])
    t.strictSame(mailed(), [])
  })

  t.test('/api/docs describes it for script authors: its role, scope, body and answer', async (t) => {
    const response = await fetch(`${portal.baseUrl}/api/docs/openapi.json`, { headers: reports })
    const document = (await response.json()) as { paths: Record<string, { post: Record<string, any> }> }
    const operation = document.paths[`/api/${PATH}`].post
    t.strictSame([operation['x-role'], operation['x-scope']], ['editor', 'reports'])
    t.match(operation.description, /^One email per cost center owner/)
    t.match(operation.description, /an editor names their own address as `owner` \(another's, or none: 403 naming `owner`\)/)
    t.strictSame(Object.keys(operation.requestBody.content['application/json'].schema.properties.cost_center.properties), [
      'month',
      'owner',
      'allowed_domains',
    ])
    t.strictSame(Object.keys(operation.responses['200'].content['application/json'].schema.properties.data.properties), [
      'message',
      'month',
      'sent',
      'recipients',
      'skipped',
    ])
  })

  t.test('a named owner outside the allowed domains is a 422 naming owner', async (t) => {
    const error = 'Reports go only to addresses of ccoe.example, example.com.'
    t.strictSame(await send(people.alice, { cost_center: { owner: 'out@partner.org' } }), {
      status: 422,
      body: { error, statusCode: 422, fields: { owner: error } },
      recipients: undefined,
    })
    t.strictSame(mailed(), [])
  })
})
