/**
 * Issue 29 item 5: every upload (cloud bills, SAP .csv.zip, networks, and project IDs through the
 * networks upload) answers `?dry_run=true` with the lines it would add, update and refuse (line
 * numbers and reasons) and writes nothing; the upload after it answers what the spec says, as before.
 * Through the gateway's multipart route, as the web sends them, on PGlite or DATABASE_URL's PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { UPLOAD_PLAN_LISTED } from '../../../../shared/calls/answers.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { startPortal } from '../../../helper.js'
import { signIn } from '../../../lib/sign-in.js'
import { makeZip } from '../../../lib/zip.js'

const line = (row: number, identifier: string, detail: string) => ({ row, identifier, detail })
const list = (...lines: ReturnType<typeof line>[]) => ({ total: lines.length, rows: lines })
const plan = (parts: {
  add?: ReturnType<typeof list>
  update?: ReturnType<typeof list>
  unchanged?: number
  refuse?: ReturnType<typeof list>
}) => ({
  status: 200,
  body: {
    data: {
      dry_run: true,
      add: parts.add ?? list(),
      update: parts.update ?? list(),
      unchanged: parts.unchanged ?? 0,
      refuse: parts.refuse ?? list(),
    },
  },
})
const refusal = (error: string) => ({ status: 422, body: { error, statusCode: 422 } })

t.test('upload dry runs', async (t) => {
  const portal = await startPortal(t)
  const db = portal.database.db
  const cookie = await signIn(portal.baseUrl, 'bob@ccoe.example', 'bob')
  const send = async (target: string, file: { content: Buffer | string; name: string }, query = '', as = cookie) => {
    const form = new FormData()
    if (target === 'sap_cost_centers') form.set('email', 'bob@ccoe.example')
    form.set('file', new Blob([new Uint8Array(Buffer.from(file.content))]), file.name)
    const response = await fetch(`${portal.baseUrl}/api/upload/${target}${query}`, { method: 'POST', headers: { cookie: as }, body: form })
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n)
  const one = async (query: ReturnType<typeof sql>) => (await rows(db, query))[0]

  t.test('networks: lines to add, update and refuse; nothing written until the upload', async (t) => {
    const csv = (lines: string[]) => ({
      content: ['cost_center,network,project,sap_project_name,ppm_project_name', ...lines].join('\r\n'),
      name: 'n.csv',
    })
    const file = csv([
      '1000-CCOE-01,NET-DRY-1,P-DRY-1,Dry SAP,Dry PPM',
      '2000-LOT-12,NET-3100-07,,,',
      '2000-LOT-12,NET-2000-12,P-200012,Lottery Draw Platform,PPM-LOT-DRAW',
      'NO-SUCH-CC,NET-DRY-2,,,',
      '1000-CCOE-01,,,,',
    ])
    const network = sql`SELECT c.identifier FROM cost_center_networks n JOIN cost_centers c ON c.id = n.cost_center_id WHERE n.identifier = 'NET-3100-07'`
    const before = { networks: await count('cost_center_networks'), projects: await count('project_ids'), moved: await one(network) }
    t.same(
      await send('cost_center_networks', file, '?dry_run=true'),
      plan({
        add: list(line(2, 'NET-DRY-1 / P-DRY-1', 'adds network NET-DRY-1 to 1000-CCOE-01; adds project P-DRY-1 to NET-DRY-1')),
        update: list(line(3, 'NET-3100-07', 'network NET-3100-07 moves from 3100-GAM-07 to 2000-LOT-12')),
        unchanged: 1,
        refuse: list(line(5, 'NET-DRY-2', 'cost center NO-SUCH-CC does not exist'), line(6, '', 'network is empty')),
      }),
    )
    t.same(
      { networks: await count('cost_center_networks'), projects: await count('project_ids'), moved: await one(network) },
      { ...before, moved: { identifier: '3100-GAM-07' } },
      'nothing written',
    )
    // the upload names the first bad shape before any unknown cost center, as it always did
    t.same(await send('cost_center_networks', file), refusal('Row 6: network is empty'))
    const good = csv(['1000-CCOE-01,NET-DRY-1,P-DRY-1,Dry SAP,Dry PPM', '2000-LOT-12,NET-3100-07,,,'])
    t.same(await send('cost_center_networks', good, '?dry_run=true'), {
      ...plan({
        add: list(line(2, 'NET-DRY-1 / P-DRY-1', 'adds network NET-DRY-1 to 1000-CCOE-01; adds project P-DRY-1 to NET-DRY-1')),
        update: list(line(3, 'NET-3100-07', 'network NET-3100-07 moves from 3100-GAM-07 to 2000-LOT-12')),
      }),
    })
    t.same(await send('cost_center_networks', good), {
      status: 200,
      body: {
        data: {
          cost_centers_added: [],
          networks_added: ['NET-DRY-1'],
          projects_added: ['P-DRY-1'],
          networks_updated: ['NET-3100-07'],
          projects_updated: [],
        },
      },
    })
    t.same(await one(network), { identifier: '2000-LOT-12' }, 'written on the upload')
    t.same(await send('cost_center_networks', good, '?dry_run=true'), plan({ unchanged: 2 }), 'the same file again changes nothing')
  })

  t.test('project IDs (the same upload): a new project, a renamed one, a project twice', async (t) => {
    const csv = (lines: string[]) => ({ content: ['cost_center,network,project,sap_project_name', ...lines].join('\n'), name: 'p.csv' })
    const file = csv([
      '1000-CCOE-01,NET-1000-01,P-DRY-2,Dry project',
      '1000-CCOE-01,NET-1000-02,P-100002,CCoE Portal v2',
      '1000-CCOE-01,NET-1000-01,P-DRY-2,',
    ])
    const renamed = sql`SELECT sap_project_name FROM project_ids WHERE identifier = 'P-100002'`
    const before = { projects: await count('project_ids'), renamed: await one(renamed) }
    t.same(
      await send('cost_center_networks', file, '?dry_run=true'),
      plan({
        add: list(line(2, 'NET-1000-01 / P-DRY-2', 'adds project P-DRY-2 to NET-1000-01')),
        update: list(line(3, 'NET-1000-02 / P-100002', 'project P-100002: sap_project_name CCoE Portal → CCoE Portal v2')),
        refuse: list(line(4, 'NET-1000-01', 'project P-DRY-2 already appears on row 2')),
      }),
    )
    t.same(
      { projects: await count('project_ids'), renamed: await one(renamed) },
      { ...before, renamed: { sap_project_name: 'CCoE Portal' } },
    )
    t.same(await send('cost_center_networks', file), refusal('Row 4: project P-DRY-2 already appears on row 2'))
    t.same(
      await send(
        'cost_center_networks',
        csv(['1000-CCOE-01,NET-1000-01,P-DRY-2,Dry project', '1000-CCOE-01,NET-1000-02,P-100002,CCoE Portal v2']),
      ),
      {
        status: 200,
        body: {
          data: {
            cost_centers_added: [],
            networks_added: [],
            projects_added: ['P-DRY-2'],
            networks_updated: [],
            projects_updated: ['P-100002'],
          },
        },
      },
    )
    t.same(await one(renamed), { sap_project_name: 'CCoE Portal v2' })
  })

  t.test('SAP .csv.zip: added, updated, unchanged (counted as such, not rewritten), refused', async (t) => {
    const zip = async (lines: string[]) => ({
      content: await makeZip([{ name: 'sap.csv', content: ['identifier,company_code,owner_email', ...lines].join('\n') }]),
      name: 'sap.csv.zip',
    })
    const file = await zip([
      'SAP-1000-4711,3100,bruno.rossi@example.com',
      'SAP-DRY-1,6200,chloe.nguyen@example.com',
      'SAP-DRY-2,9999,chloe.nguyen@example.com',
      'SAP-2000-1802,2000,chloe.nguyen@example.com',
    ])
    const moved = sql`SELECT c.code FROM sap_cost_centers s JOIN companies c ON c.id = s.companies_id WHERE s.identifier = 'SAP-1000-4711'`
    const before = { sap: await count('sap_cost_centers'), moved: await one(moved) }
    t.same(
      await send('sap_cost_centers', file, '?dry_run=true'),
      plan({
        add: list(line(3, 'SAP-DRY-1', 'company 6200, owner chloe.nguyen@example.com')),
        update: list(line(2, 'SAP-1000-4711', 'company 1000 → 3100, owner alice.martin@example.com → bruno.rossi@example.com')),
        unchanged: 1,
        refuse: list(line(4, 'SAP-DRY-2', 'company code 9999 does not exist')),
      }),
    )
    t.same({ sap: await count('sap_cost_centers'), moved: await one(moved) }, { ...before, moved: { code: '1000' } }, 'nothing written')
    t.same(await send('sap_cost_centers', file), refusal('Row 4 (SAP-DRY-2): company code 9999 does not exist'))
    const good = await zip([
      'SAP-1000-4711,3100,bruno.rossi@example.com',
      'SAP-DRY-1,6200,chloe.nguyen@example.com',
      'SAP-2000-1802,2000,chloe.nguyen@example.com',
    ])
    t.same(await send('sap_cost_centers', good), {
      status: 200,
      body: { data: { added: 1, updated: 1, unchanged: 1, message: MESSAGES.sapUploaded } },
    })
    t.same(await one(moved), { code: '3100' }, 'written on the upload')
  })

  t.test('cloud bills: every good bill is added, bad cells and unknown names refused', async (t) => {
    const csv = (lines: string[]) => ({
      content: ['date,provider,identifier,amount,reference,business_unit', ...lines].join('\n'),
      name: 'b.csv',
    })
    const file = csv([
      '2024-05-01,aws,DRY-1,12.5,INV-DRY,Gaming',
      '2024-05-01,oracle,DRY-2,1,INV-DRY,',
      '2024-05-02,gcp,DRY-3,7,INV-DRY,No Such Unit',
    ])
    const dry = sql`SELECT count(*)::int AS n FROM cloud_bills WHERE reference = 'INV-DRY'`
    const before = await count('cloud_bills')
    t.same(
      await send('cloud_bills', file, '?dry_run=true'),
      plan({
        add: list(line(2, 'DRY-1', '2024-05-01 aws 12.50 INV-DRY')),
        refuse: list(
          line(3, 'DRY-2', 'provider oracle is not one of aws, azure, gcp'),
          line(4, 'DRY-3', 'no business unit named No Such Unit'),
        ),
      }),
    )
    t.same({ all: await count('cloud_bills'), dry: await one(dry) }, { all: before, dry: { n: 0 } }, 'nothing written')
    t.same(await send('cloud_bills', file), refusal('Row 3: provider oracle is not one of aws, azure, gcp'))
    t.same(
      await send('cloud_bills', csv(['2024-05-01,aws,DRY-1,12.5,INV-DRY,Gaming', '2024-05-02,gcp,DRY-3,7,INV-DRY,No Such Unit'])),
      refusal('Row 3: no business unit named No Such Unit'),
    )
    const good = csv(['2024-05-01,aws,DRY-1,12.5,INV-DRY,Gaming', '2024-05-02,gcp,DRY-3,7,INV-DRY,'])
    t.same(await send('cloud_bills', good), { status: 200, body: { data: { inserted: 2, updated: 0, unchanged: 0 } } })
    t.same({ all: await count('cloud_bills'), dry: await one(dry) }, { all: before + 2, dry: { n: 2 } }, 'written on the upload')
    // issue 39 item 1: the same file again stores nothing twice
    t.same(await send('cloud_bills', good, '?dry_run=true'), plan({ unchanged: 2 }), 'the same file again changes nothing')
    t.same(await send('cloud_bills', good), { status: 200, body: { data: { inserted: 0, updated: 0, unchanged: 2 } } })
    t.same({ all: await count('cloud_bills'), dry: await one(dry) }, { all: before + 2, dry: { n: 2 } }, 'nothing stored twice')
  })

  t.test('a big file answers its first lines of each list and the totals', async (t) => {
    const lines = Array.from({ length: 250 }, (_, i) => `1000-CCOE-01,NET-BIG-${String(i).padStart(3, '0')}`)
    const answer = (await send(
      'cost_center_networks',
      { content: ['cost_center,network', ...lines].join('\n'), name: 'big.csv' },
      '?dry_run=true',
    )) as {
      body: { data: { add: { total: number; rows: { row: number }[] } } }
    }
    t.equal(answer.body.data.add.total, 250)
    t.same(
      answer.body.data.add.rows.map((r) => r.row),
      Array.from({ length: UPLOAD_PLAN_LISTED }, (_, i) => i + 2),
    )
  })

  t.test('the dry run is the upload: the same role, a file refused as a whole, a bad value', async (t) => {
    const vera = await signIn(portal.baseUrl, 'vera@ccoe.example', 'vera')
    const file = { content: 'cost_center,network\n1000-CCOE-01,NET-VERA\n', name: 'v.csv' }
    t.equal((await send('cost_center_networks', file, '?dry_run=true', vera)).status, 403, 'a viewer may not')
    t.same(
      await send('cost_center_networks', { content: 'network\nNET-X\n', name: 'x.csv' }, '?dry_run=true'),
      refusal('The CSV header must name cost_center, network; missing: cost_center'),
    )
    t.equal((await send('cost_center_networks', file, '?dry_run=maybe')).status, 400, 'dry_run is true or false')
    t.equal(
      (await count('cost_center_networks')) > 0 &&
        (await one(sql`SELECT count(*)::int AS n FROM cost_center_networks WHERE identifier = 'NET-VERA'`)).n,
      0,
    )
  })
})
