import { sql } from 'drizzle-orm'
import t from 'tap'
import { MESSAGES } from '../../../shared/messages.js'
import { csvColumns, getResource } from '../../../shared/resources/index.js'
import { rows } from '../../../server/upstream/db/records/rows.js'
import { nameFromEmail } from '../../../server/upstream/routes/cloud-contacts/by-email.js'
import { readOutbox } from '../fixtures/outbox.js'
import { serveUpstream } from '../fixtures/serve.js'
import { startSmtp } from '../../lib/smtp.js'

/** The calls of spec §7 that are more than CRUD, over real HTTP on the seeded demo data. */
t.test('special routes', async (t) => {
  const { api, app, database, outboxDir } = await serveUpstream(t, { seed: true })
  const count = async (table: string) =>
    (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n

  t.test('send_report emails the whole cost center inventory as CSV, paged through SQL', async (t) => {
    // past two 1000-row pages, and one identifier that a spreadsheet would run as a formula
    await database.db.execute(sql`INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
      SELECT 'BULK-' || lpad(g::text, 5, '0'), (SELECT min(id) FROM cloud_contacts), (SELECT min(id) FROM companies),
             (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
      FROM generate_series(1, 2100) AS g`)
    const ids = (await api('GET', '/cost_centers?by_identifier=BULK-00001')).body.data[0]
    t.equal((await api('PUT', `/cost_centers/${ids.id}`, { identifier: '=HYPERLINK("http://x")' })).status, 200)
    const total = await count('cost_centers')

    const answer = await api('POST', '/cost_centers/send_report', { cost_center: { email: true, send_to: 'finance.lead@example.com' } })
    t.same(answer, { status: 200, body: { data: { message: MESSAGES.reportEmailed } } })
    await app.mail.idle()
    const [mail, ...more] = readOutbox(outboxDir)
    t.equal(more.length, 0, 'one message')
    t.equal(mail.headers.to, 'finance.lead@example.com')
    t.equal(mail.headers.from, 'CCoE Portal <noreply@ccoe.example>')
    t.equal(mail.headers.subject, 'Cost center inventory')
    t.match(mail.text, /cost center inventory/)
    t.equal(mail.attachments.length, 1)
    const [csv] = mail.attachments
    t.match(csv.filename, /^cost_centers_\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\.csv$/)
    t.match(csv.contentType, /^text\/csv/)
    const lines = csv.content.split('\r\n')
    t.equal(lines.pop(), '', 'every line ends in CRLF')
    t.equal(
      lines[0],
      csvColumns(getResource('cost_centers')!)
        .map((c) => c.header)
        .join(','),
    )
    t.equal(lines.length - 1, total, 'every cost center, across pages')
    t.equal(new Set(lines).size, lines.length, 'no row twice')
    t.ok(
      lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"")"`)),
      'a formula is defused and quoted',
    )
    t.ok(lines.some((l) => l.startsWith('1000-CCOE-01,1000,784031,784033,784032,alice.martin@example.com,true,false,')))
    t.ok(lines.includes(lines.find((l) => l.startsWith('BULK-02100,'))!), 'the last page is there')
  })

  t.test('send_report refuses a bad address (422) or body (400), and sends nothing', async (t) => {
    const before = readOutbox(outboxDir).length
    const bad = await api('POST', '/cost_centers/send_report', { cost_center: { email: true, send_to: 'not-an-email' } })
    t.same(bad.body, {
      error: 'Send to must be an email address',
      statusCode: 422,
      fields: { send_to: 'Send to must be an email address' },
    })
    t.equal((await api('POST', '/cost_centers/send_report', { cost_center: { email: true } })).status, 400)
    t.equal((await api('POST', '/cost_centers/send_report', { send_to: 'a@example.com' })).status, 400)
    t.equal((await api('POST', '/cost_centers/send_report', { cost_center: { send_to: 'a@example.com', x: 1 } })).status, 400)
    await app.mail.idle()
    t.equal(readOutbox(outboxDir).length, before)
  })

  t.test('cloud_contacts/by_email creates a contact named after the address', async (t) => {
    t.equal(nameFromEmail('jane.doe@example.com'), 'Jane Doe')
    t.equal(nameFromEmail('JOHN_smith-jr+cloud@example.com'), 'John Smith Jr')
    const made = await api('POST', '/cloud_contacts/by_email', { cloud_contact: { email: 'jane.doe@example.com' } })
    t.equal(made.status, 201)
    t.hasStrict(made.body.data, { email: 'jane.doe@example.com', name: 'Jane Doe', terminated: false })
    t.type(made.body.data.id, 'number')
    t.same((await api('GET', `/cloud_contacts/${made.body.data.id}`)).body, made.body)
    const again = await api('POST', '/cloud_contacts/by_email', { cloud_contact: { email: 'jane.doe@example.com' } })
    t.same(again.body, {
      error: 'Email "jane.doe@example.com" already exists',
      statusCode: 409,
      fields: { email: 'Email "jane.doe@example.com" already exists' },
    })
    // an email is one key whatever its case
    const shouted = await api('POST', '/cloud_contacts/by_email', { cloud_contact: { email: ' Jane.DOE@Example.com ' } })
    t.same(shouted.body, {
      error: 'Email "Jane.DOE@Example.com" already exists',
      statusCode: 409,
      fields: { email: 'Email "Jane.DOE@Example.com" already exists' },
    })
    const bad = await api('POST', '/cloud_contacts/by_email', { cloud_contact: { email: 'jane.doe' } })
    t.equal(bad.status, 422)
    t.equal(bad.body.fields.email, 'Email must be an email address')
    t.equal((await api('POST', '/cloud_contacts/by_email', { email: 'x@example.com' })).status, 400)
  })

  t.test('blacklist toggles with PUT /dcoe/members/:id and PUT /members/:id', async (t) => {
    const dcoe = (await api('GET', '/dcoe/members?by_email=bruno.rossi')).body.data[0]
    t.equal(dcoe.blacklist, false)
    const on = await api('PUT', `/dcoe/members/${dcoe.id}`, { blacklist: true })
    t.same(on.body.data, { ...dcoe, blacklist: true })
    t.equal((await api('PUT', `/dcoe/members/${dcoe.id}`, { member: { blacklist: false } })).body.data.blacklist, false)
    const member = (await api('GET', '/members?by_email=chloe')).body.data[0]
    const put = await api('PUT', `/members/${member.id}`, { blacklist: true })
    t.same(put.body.data, { ...member, blacklist: true })
    t.equal((await api('PUT', `/members/${member.id}`, { blacklist: 'yes' })).status, 400)
  })

  t.test("a member with department 'Other' needs 'If Other, Department' (7c): a 400 naming the field", async (t) => {
    const before = await count('dcoe_members')
    const refusal = {
      status: 400,
      body: {
        error: 'Please Input If Other, Department!',
        statusCode: 400,
        fields: { other_department: 'Please Input If Other, Department!' },
      },
    }
    const member = { name: 'Olga Other', email: 'olga.other@example.com', department: 'Other', business_unit: 'CCOE' }
    t.same(await api('POST', '/dcoe/members', { member }), refusal, 'nothing typed')
    t.same(await api('POST', '/dcoe/members', { member: { ...member, other_department: '   ' } }), refusal, 'only spaces')
    t.same(await api('POST', '/dcoe/members', { ...member, other_department: null }), refusal, 'null, flat body')
    t.equal(await count('dcoe_members'), before, 'nothing stored')
    const dcoe = (await api('GET', '/dcoe/members?by_email=bruno.rossi')).body.data[0]
    t.same(await api('PUT', `/dcoe/members/${dcoe.id}`, { department: 'Other', other_department: '' }), refusal, 'an edit too')

    const saved = await api('POST', '/dcoe/members', { member: { ...member, other_department: 'Guild' } })
    t.equal(saved.status, 201, 'with the department typed')
    t.strictSame(
      { department: saved.body.data.department, other_department: saved.body.data.other_department },
      { department: 'Other', other_department: 'Guild' },
    )
  })

  t.test('team_membership_tickets: created by POST, stamped and open', async (t) => {
    // the stamp is the server's time of the request: between the moments before and after it (no elapsed-time guess)
    const sent = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString()
    const made = await api('POST', '/team_membership_tickets', {
      requesting_principal_user_id: 'new.joiner@example.com',
      department: 'Finance',
      business_unit: 'CORP',
      requested_date: '1999-01-01T00:00:00.000Z',
    })
    t.equal(made.status, 201, JSON.stringify(made.body))
    t.hasStrict(made.body.data, {
      requesting_principal_user_id: 'new.joiner@example.com',
      department: 'Finance',
      business_unit: 'CORP',
      completed: false,
    })
    t.not(made.body.data.requested_date, '1999-01-01T00:00:00.000Z', 'the server stamps the date')
    const answered = new Date(Math.ceil(Date.now() / 1000) * 1000).toISOString()
    const stamp = new Date(made.body.data.requested_date).toISOString()
    t.ok(sent <= stamp && stamp <= answered, `stamped ${stamp}, sent ${sent}, answered ${answered}`)
    const list = (await api('GET', '/team_membership_tickets')).body
    t.equal(list.data[0].id, made.body.data.id, 'newest first')
    t.equal(list.meta.total, 4, 'three demo requests and this one')
    t.equal((await api('POST', '/team_membership_tickets', { department: 'x' })).status, 400)
  })

  t.test('exact filters on a joined boolean (owner terminated)', async (t) => {
    const list = async (query: string) => (await api('GET', `/cost_centers?${query}`)).body
    const terminated = await list('by_owner_terminated=true')
    t.same(
      terminated.data.map((r: { identifier: string }) => r.identifier),
      ['WBS-CORP-2024-01'],
      "Emma's cost center",
    )
    t.equal(terminated.data[0].owner_terminated, true)
    const total = await count('cost_centers')
    t.equal((await list('by_owner_terminated=false')).meta.total, total - 1)
    t.equal((await list('by_owner_terminated=FALSE&by_identifier=GAM')).data[0].identifier, '3100-GAM-07', 'with other filters')
    t.equal((await list('by_owner_terminated=All')).meta.total, total)
    const bad = await api('GET', '/cost_centers?by_owner_terminated=maybe')
    t.same(bad.body.fields, { by_owner_terminated: 'Owner terminated must be true or false' })
  })

  t.test("a duplicate identifier is refused with the spec's text", async (t) => {
    const seeded = (await api('GET', '/cost_centers?by_identifier=1000-CCOE-01')).body.data[0]
    const { id, created_at, ...copy } = seeded
    for (const key of Object.keys(copy)) if (getResource('cost_centers')!.fields.find((f) => f.name === key)?.readOnly) delete copy[key]
    t.same((await api('POST', '/cost_centers', { cost_center: copy })).body, {
      error: MESSAGES.duplicateIdentifier,
      statusCode: 409,
      fields: { identifier: MESSAGES.duplicateIdentifier },
    })
    const sap = (await api('GET', '/sap_cost_centers')).body.data
    const clash = await api('PUT', `/sap_cost_centers/${sap[1].id}`, { identifier: sap[0].identifier })
    t.same(clash.body, { error: MESSAGES.duplicateIdentifier, statusCode: 409, fields: { identifier: MESSAGES.duplicateIdentifier } })
    t.equal(
      (await api('POST', '/departments', { name: 'Finance' })).body.error,
      'Name "Finance" already exists',
      'others keep the generic text',
    )
  })
})

t.test('with SMTP_URL the report goes to the SMTP server (smtp-server, parsed by mailparser), not the outbox', async (t) => {
  const inbox = await startSmtp(t)
  const { api, outboxDir } = await serveUpstream(t, { seed: true, smtpUrl: inbox.url })
  const answer = await api('POST', '/cost_centers/send_report', { cost_center: { email: true, send_to: 'owner@example.com' } })
  t.equal(answer.status, 200)
  const [mail] = await inbox.received(1)
  t.same(inbox.envelopes, [{ from: 'noreply@ccoe.example', to: ['owner@example.com'] }])
  t.equal(mail.subject, 'Cost center inventory')
  t.same(
    mail.attachments.map((a) => a.contentType),
    ['text/csv'],
  )
  t.match(mail.attachments[0].filename, /^cost_centers_.*\.csv$/)
  t.equal(mail.attachments[0].content.toString('utf8').split('\r\n')[0].split(',')[0], 'identifier', 'the CSV header')
  t.same(readOutbox(outboxDir), [], 'nothing written to the outbox')
})

t.test('the upstream routes exactly the calls shared/calls declares, each as declared', async (t) => {
  const { default: Fastify } = await import('fastify')
  const { CALL_LIST } = await import('../../../shared/calls/index.js')
  const { RESOURCES } = await import('../../../shared/resources/index.js')
  const { specialRoutes } = await import('../../../server/upstream/routes/special.js')
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } })
  const routed: string[] = []
  const bodies = new Map<string, unknown>()
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      routed.push(`${method} ${route.url}`)
      bodies.set(`${method} ${route.url}`, route.schema?.body)
    }
  })
  await app.register(specialRoutes, { resources: RESOURCES })
  await app.ready()
  t.teardown(() => app.close())
  const declared = CALL_LIST.map(({ call }) => `${call.method} /${call.path}`)
  t.same(routed.toSorted(), declared.toSorted(), 'every declared call has a route, and no route is undeclared')
  for (const { domain, name, call } of CALL_LIST) {
    // a declared body is the one the route validates
    if (call.body && call.body !== 'none') t.equal(bodies.get(`${call.method} /${call.path}`), call.body, `${domain}.${name}: its body`)
  }

  // a test's upstream that serves fewer models routes fewer calls
  const few = Fastify()
  const fewRouted: string[] = []
  few.addHook('onRoute', (route) => void (route.method !== 'HEAD' && fewRouted.push(`${String(route.method)} ${route.url}`)))
  await few.register(specialRoutes, { resources: RESOURCES.filter((r) => r.key === 'cost_centers') })
  await few.ready()
  t.teardown(() => few.close())
  t.same(fewRouted.toSorted(), [
    // a person's saved views belong to no model
    'DELETE /list_layouts',
    'DELETE /list_views/:id',
    'GET /auth/validate_token',
    // the chargeability view is of several models (cloud parents, machines), none its own
    'GET /chargeability',
    'GET /chargeability/csv',
    'GET /list_views',
    // the search of every model this upstream serves
    'GET /search',
    'POST /cost_centers/send_expired_cost_centers_report',
    'POST /cost_centers/send_owner_digest',
    'POST /cost_centers/send_report',
    'POST /db_dump/dump_db',
    'POST /list_views',
    'PUT /list_layouts',
    'PUT /list_views/:id',
  ])
})
