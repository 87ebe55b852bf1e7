/**
 * Issue 37 item 3: every write besides the generic CRUD leaves change-log entries as the CRUD's do,
 * in the write's own transaction, naming its route as the source: the three uploads, the billing
 * automation, the account requests and the member self-service update. Each path: the rows it
 * changed are exactly the entries written (a row whose values did not change has none).
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../server/upstream/db/records/rows.js'
import { LOGGED_PER_STATEMENT } from '../../../server/upstream/db/records/logged-writes.js'
import { demoInvoiceId, monthBefore } from '../../../server/upstream/db/seed/provider-invoices.js'
import { makeZip } from '../../lib/zip.js'
import { serveUpstream, TOKEN } from '../fixtures/serve.js'

const ANN = 'ann@ccoe.example'
const AT = '2030-03-01T12:00:00.000Z'
const csvUrl = (lines: readonly string[]) => `data:text/csv;base64,${Buffer.from(lines.join('\r\n')).toString('base64')}`

/** A create's changes: every value from nothing. */
const created = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, to]) => [k, { from: null, to }]))

interface Entry {
  model: string
  record_id: number
  action: string
  changed_by: string | null
  changed_at: string
  source: string | null
  changes: Record<string, unknown>
}

t.test('the writes besides the CRUD leave history', async (t) => {
  const { url, database } = await serveUpstream(t, { seed: true, clock: () => new Date(AT) })
  const db = database.db

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { uid: ANN }) {
    const response = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  /** The entries a source wrote, in the order written. */
  const logged = (source: string) =>
    rows<Entry>(
      db,
      sql`SELECT model, record_id, action, changed_by, to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_at,
                 source, changes
          FROM record_changes WHERE source = ${source} ORDER BY id`,
    )
  const ids = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(db, query)).map((r) => Number(r.id))
  /** What every entry of a path shares. */
  const entry = (source: string, by: string | null = ANN) => ({ changed_by: by, changed_at: AT, source })

  t.test('cost center networks upload: a create per new network and project, an update per moved or renamed one', async (t) => {
    const source = '/cost_center_networks/upload'
    const [project] = await rows<{ identifier: string; network: string; sap: string | null; ppm: string | null; id: number }>(
      db,
      sql`SELECT p.id, p.identifier, n.identifier AS network, p.sap_project_name AS sap, p.ppm_project_name AS ppm FROM project_ids p
          JOIN cost_center_networks n ON n.id = p.cost_center_network_id ORDER BY p.id LIMIT 1`,
    )
    const csv = [
      'cost_center,network,project,sap_project_name,ppm_project_name',
      '1000-CCOE-01,NET-HIST-1,P-HIST-1,SAP Hist,',
      `1000-CCOE-01,${project.network},${project.identifier},Renamed SAP,`,
    ]
    const answer = await call('POST', '/cost_center_networks/upload', { cost_center_network: { file: csvUrl(csv) } })
    t.equal(answer.status, 200)
    t.same(answer.body.data.networks_added, ['NET-HIST-1'])
    t.same(answer.body.data.projects_added, ['P-HIST-1'])
    t.same(answer.body.data.projects_updated, [project.identifier])
    const [network] = await ids(sql`SELECT id FROM cost_center_networks WHERE identifier = 'NET-HIST-1'`)
    const [added] = await ids(sql`SELECT id FROM project_ids WHERE identifier = 'P-HIST-1'`)
    const [center] = (await call('GET', '/cost_centers?by_identifier=1000-CCOE-01')).body.data
    t.strictSame(await logged(source), [
      {
        ...entry(source),
        model: 'cost_center_networks',
        record_id: network,
        action: 'create',
        changes: created({ identifier: 'NET-HIST-1', cost_center_id: center.id, cost_center_identifier: '1000-CCOE-01' }),
      },
      // the projects' entries in id order: the renamed (older) one first
      {
        ...entry(source),
        model: 'project_ids',
        record_id: project.id,
        action: 'update',
        changes: { sap_project_name: { from: project.sap, to: 'Renamed SAP' } },
      },
      {
        ...entry(source),
        model: 'project_ids',
        record_id: added,
        action: 'create',
        changes: created({
          active: true,
          identifier: 'P-HIST-1',
          sap_project_name: 'SAP Hist',
          cost_center_network_id: network,
          cost_center_network_identifier: 'NET-HIST-1',
        }),
      },
    ])

    const again = await call('POST', '/cost_center_networks/upload', { cost_center_network: { file: csvUrl(csv) } })
    t.equal(again.status, 200)
    t.equal((await logged(source)).length, 3, 'the same file again changes nothing and logs nothing')
  })

  t.test('SAP cost centers upload: a create per new one, an update per changed one, none for one the same', async (t) => {
    const source = '/sap_cost_centers/upload'
    const [moved, same] = await rows<{ id: number; identifier: string; code: string; company_id: number; email: string }>(
      db,
      sql`SELECT s.id, s.identifier, c.code, c.id AS company_id, o.email FROM sap_cost_centers s
          JOIN companies c ON c.id = s.companies_id JOIN cloud_contacts o ON o.id = s.cloud_contact_id ORDER BY s.identifier LIMIT 2`,
    )
    const [company] = await rows<{ id: number }>(db, sql`SELECT id FROM companies WHERE code = '6200'`)
    const [contact] = await rows<{ id: number }>(db, sql`SELECT id FROM cloud_contacts WHERE email = 'chloe.nguyen@example.com'`)
    const csv = [
      'identifier,company_code,owner_email',
      `${moved.identifier},6200,${moved.email}`,
      `${same.identifier},${same.code},${same.email}`,
      'SAP-HIST-0001,6200,chloe.nguyen@example.com',
    ].join('\n')
    const zip = await makeZip([{ name: 'cost_centers.csv', content: csv }])
    const answer = await call('POST', '/sap_cost_centers/upload', { sap_cost_center: { email: ANN, base_file: zip.toString('base64') } })
    t.same(
      answer.body.data,
      { added: 1, updated: 1, unchanged: 1, message: answer.body.data.message },
      'the unchanged one is counted as such',
    )
    const [added] = await ids(sql`SELECT id FROM sap_cost_centers WHERE identifier = 'SAP-HIST-0001'`)
    t.strictSame(await logged(source), [
      {
        ...entry(source),
        model: 'sap_cost_centers',
        record_id: moved.id,
        action: 'update',
        changes: { companies_id: { from: moved.company_id, to: company.id }, company_code: { from: moved.code, to: '6200' } },
      },
      {
        ...entry(source),
        model: 'sap_cost_centers',
        record_id: added,
        action: 'create',
        changes: created({
          identifier: 'SAP-HIST-0001',
          companies_id: company.id,
          company_code: '6200',
          cloud_contact_id: contact.id,
          cloud_contact_email: 'chloe.nguyen@example.com',
        }),
      },
    ])
  })

  t.test('cloud bills upload: a create per bill, a chunk of entries per chunk of bills', async (t) => {
    const source = '/cloud_bills/upload'
    const header =
      'Date,Provider,Company Code,Currency,Reference,GL Account,Identifier,Amount,Business Unit,CC Network,Activity,Line Item Txt'
    const bills = Array.from(
      { length: LOGGED_PER_STATEMENT + 2 },
      (_, i) => `2030-02-01,aws,1000,USD,INV-HIST,520084,1000-CCOE-01,${i}.50,,,,`,
    )
    const answer = await call('POST', '/cloud_bills/upload', { cloud_bill: { data: csvUrl([header, ...bills]) } })
    t.same(answer, { status: 200, body: { data: { inserted: LOGGED_PER_STATEMENT + 2, updated: 0, unchanged: 0 } } })
    const stored = await ids(sql`SELECT id FROM cloud_bills WHERE reference = 'INV-HIST' ORDER BY id`)
    const entries = await logged(source)
    t.equal(entries.length, stored.length, 'an entry per bill')
    t.strictSame(
      entries.map((e) => [e.model, e.record_id, e.action]),
      stored.map((id) => ['cloud_bills', id, 'create']),
    )
    t.strictSame(entries[1], {
      ...entry(source),
      model: 'cloud_bills',
      record_id: stored[1],
      action: 'create',
      changes: created({
        date: '2030-02-01',
        provider: 'aws',
        company_code: '1000',
        currency: 'USD',
        reference: 'INV-HIST',
        account: '520084',
        identifier: '1000-CCOE-01',
        amount: 1.5,
      }),
    })

    // issue 39 item 1: the same file again, one amount corrected: one bill updated, one entry more
    const corrected = bills.map((line, i) => (i === 1 ? line.replace(',1.50,', ',1.75,') : line))
    const again = await call('POST', '/cloud_bills/upload', { cloud_bill: { data: csvUrl([header, ...corrected]) } })
    t.same(again, { status: 200, body: { data: { inserted: 0, updated: 1, unchanged: LOGGED_PER_STATEMENT + 1 } } })
    t.strictSame(await ids(sql`SELECT id FROM cloud_bills WHERE reference = 'INV-HIST' ORDER BY id`), stored, 'no bill twice')
    const after = await logged(source)
    t.equal(after.length, entries.length + 1, 'rows changed = entries written')
    t.strictSame(after.at(-1), {
      ...entry(source),
      model: 'cloud_bills',
      record_id: stored[1],
      action: 'update',
      changes: { amount: { from: 1.5, to: 1.75 } },
    })
  })

  t.test('an upload whose entries the log refuses stores nothing', async (t) => {
    // a rule only this test's database has: the log refuses one author, as a full disk would fail the insert
    await db.execute(sql`ALTER TABLE record_changes ADD CONSTRAINT test_refused CHECK (changed_by <> 'refused@ccoe.example')`)
    t.teardown(() => db.execute(sql`ALTER TABLE record_changes DROP CONSTRAINT test_refused`))
    const header = 'Date,Provider,Identifier,Amount,Reference'
    const answer = await call(
      'POST',
      '/cloud_bills/upload',
      { cloud_bill: { data: csvUrl([header, '2030-02-02,gcp,1000-CCOE-01,1.00,INV-REFUSED']) } },
      { uid: 'refused@ccoe.example' },
    )
    t.equal(answer.status, 500)
    t.strictSame(await ids(sql`SELECT id FROM cloud_bills WHERE reference = 'INV-REFUSED'`), [], 'the bills were rolled back')
  })

  t.test('billing automation: the bills of an invoice or a finalized file, and each job', async (t) => {
    const azure = '/cloud_bills/process_azure_invoice'
    const invoice = demoInvoiceId('azure', monthBefore(new Date(), 1))
    const processed = await call('POST', azure, { cloud_bill: { data: invoice } })
    t.equal(processed.status, 200)
    const invoiceBills = await ids(sql`SELECT id FROM cloud_bills WHERE reference = ${invoice} ORDER BY id`)
    const [invoiceJob] = await ids(sql`SELECT id FROM billing_jobs WHERE kind = 'process_invoice'`)
    t.equal(invoiceBills.length, 5)
    const processedEntries = await logged(azure)
    t.strictSame(
      processedEntries.map((e) => [e.model, e.record_id, e.action, e.changed_by, e.source]),
      [...invoiceBills.map((id) => ['cloud_bills', id, 'create']), ['billing_jobs', invoiceJob, 'create']].map((e) => [...e, ANN, azure]),
      'a create per bill, and the job',
    )
    const bill = (await call('GET', `/cloud_bills/${invoiceBills[0]}`)).body.data
    t.strictSame(processedEntries[0].changes.reference, { from: null, to: invoice })
    t.strictSame(
      processedEntries[0].changes.business_unit_name,
      { from: null, to: bill.business_unit_name },
      'the lookup label as the record shows it',
    )
    t.strictSame(
      processedEntries.at(-1)!.changes,
      created({
        kind: 'process_invoice',
        details: '5 lines turned into cloud bills, total USD 3,310.00',
        provider: 'azure',
        reference: invoice,
        requested_by: ANN,
      }),
    )
    const finalize = '/cloud_bills/parse_pre_ap'
    const file = csvUrl([
      'Date,Provider,Company Code,Currency,Reference,GL Account,Identifier,Amount,Line Item Txt',
      '2030-02-03,gcp,1000,EUR,INV-FIN,520084,1000-CCOE-01,12.34,Compute',
    ])
    const input = {
      provider: 'gcp',
      send_nalo_nagi_invoices: false,
      populate_cloud_bills: true,
      update_bigquery: false,
      email_cost_center_owners: false,
    }
    const finalized = await call('POST', finalize, { cloud_bill: { input, data: file } })
    t.equal(finalized.status, 200)
    const [finalBill] = await ids(sql`SELECT id FROM cloud_bills WHERE reference = 'INV-FIN'`)
    const [finalJob] = await ids(sql`SELECT id FROM billing_jobs WHERE kind = 'finalize_invoice'`)
    t.strictSame(await logged(finalize), [
      {
        ...entry(finalize),
        model: 'cloud_bills',
        record_id: finalBill,
        action: 'create',
        changes: created({
          date: '2030-02-03',
          provider: 'gcp',
          company_code: '1000',
          currency: 'EUR',
          reference: 'INV-FIN',
          account: '520084',
          identifier: '1000-CCOE-01',
          amount: 12.34,
          line_item: 'Compute',
        }),
      },
      {
        ...entry(finalize),
        model: 'billing_jobs',
        record_id: finalJob,
        action: 'create',
        changes: created({
          kind: 'finalize_invoice',
          details: '1 line, total EUR 12.34; 1 cloud bill added',
          provider: 'gcp',
          reference: 'INV-FIN',
          requested_by: ANN,
        }),
      },
    ])
  })

  t.test('an account request', async (t) => {
    const source = '/gcp-project/create'
    const body = {
      project_name: 'hist-ml',
      folder_id: '402234567890',
      cost_center_tag: '3000-GAM-01',
      owner_tag: 'bob@ccoe.example',
      project_name_tag: 'hist-ml',
    }
    const answer = await call('POST', source, body)
    t.equal(answer.status, 201)
    t.strictSame(await logged(source), [
      {
        ...entry(source),
        model: 'cloud_requests',
        record_id: answer.body.data.id,
        action: 'create',
        changes: created({ name: 'hist-ml', details: JSON.stringify(body), request_type: 'GCP project', requested_by: ANN }),
      },
    ])
  })

  t.test('the member self-service update: an update naming the link, not a person', async (t) => {
    const [member] = (await call('GET', '/dcoe/members?per_page=1&sort=name')).body.data
    const issued = await call('POST', `/dcoe/members/${member.id}/credential`)
    t.equal(issued.status, 201)
    const body = { department: 'Cloud Engineering', other_department: '', business_unit: 'LOT' }
    const answer = await call(
      'POST',
      `/members/update-restricted/${member.id}?credential=${encodeURIComponent(issued.body.data.credential)}`,
      body,
      {},
    )
    t.equal(answer.status, 200)
    const source = '/members/update-restricted/:member_id'
    t.strictSame(await logged(source), [
      {
        ...entry(source, null),
        model: 'dcoe_members',
        record_id: member.id,
        action: 'update',
        changes: { business_unit: { from: member.business_unit, to: 'LOT' } },
      },
    ])
    t.equal(member.department, 'Cloud Engineering', 'the department it had: no change, no entry for it')
  })
})
