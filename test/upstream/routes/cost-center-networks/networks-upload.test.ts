/**
 * POST /cost_center_networks/upload (spec 001 §4, §7): a CSV of networks and project IDs as a base64
 * data URL; the answer's five lists; a bad row refuses the whole file; duplicates refused with 001 §5.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream } from '../../fixtures/serve.js'

const dataUrl = (csv: string) => `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`

t.test('POST /cost_center_networks/upload', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: true })
  const upload = (csv: string) => api('POST', '/cost_center_networks/upload', { cost_center_network: { file: dataUrl(csv) } })
  const networks = () =>
    rows(
      database.db,
      sql`SELECT n.identifier, c.identifier AS cost_center FROM cost_center_networks n
          JOIN cost_centers c ON c.id = n.cost_center_id ORDER BY n.identifier`,
    )
  const projects = () =>
    rows(
      database.db,
      sql`SELECT p.identifier, n.identifier AS network, p.sap_project_name, p.ppm_project_name FROM project_ids p
          JOIN cost_center_networks n ON n.id = p.cost_center_network_id ORDER BY p.identifier`,
    )

  t.test('a bad row refuses the whole file, with its row number; nothing is stored', async (t) => {
    const before = { networks: await networks(), projects: await projects() }
    const refusals: [string, string][] = [
      ['network\nNET-X', 'The CSV header must name cost_center, network; missing: cost_center'],
      ['cost_center,network\n', 'The CSV file has a header but no rows'],
      ['cost_center,network,project\n1000-CCOE-01,NET-NEW-1,P-1\n,NET-NEW-2,P-2\n', 'Row 3: cost_center is empty'],
      [
        'cost_center,network\n1000-CCOE-01,NET-NEW-1\n3100-GAM-07,NET-NEW-1\n',
        'Row 3: network NET-NEW-1 already belongs to cost center 1000-CCOE-01 on row 2',
      ],
      [
        'cost_center,network,project\n1000-CCOE-01,NET-NEW-1,P-1\n1000-CCOE-01,NET-NEW-1,P-1\n',
        'Row 3: project P-1 already appears on row 2',
      ],
      [
        'cost_center,network,project\n1000-CCOE-01,NET-NEW-1,P-1\nNO-SUCH-CC,NET-NEW-2,P-2\n',
        'Row 3 (NET-NEW-2): cost center NO-SUCH-CC does not exist',
      ],
      [`cost_center,network\n1000-CCOE-01,${'N'.repeat(51)}\n`, `Row 2: network ${'N'.repeat(51)} is longer than 50 characters`],
      ['cost_center,network,sap_project_name\n1000-CCOE-01,NET-NEW-1,Orphan name\n', 'Row 2: project names without a project'],
      // issue 39 item 2: a file that names the columns, separated by semicolons; a row with a field too many
      ['cost_center;network\n1000-CCOE-01;NET-NEW-1\n', 'The separator must be a comma, not ";"'],
      [
        'cost_center,network,project,sap_project_name\n1000-CCOE-01,NET-NEW-1,P-1,Payments, Europe\n',
        'Row 2: 5 fields, but the header has 4 (a value with a comma must be in double quotes)',
      ],
    ]
    for (const [csv, error] of refusals) {
      t.same(await upload(csv), { status: 422, body: { error, statusCode: 422 } }, error)
    }
    t.same(await api('POST', '/cost_center_networks/upload', { cost_center_network: { file: 'not base64!' } }), {
      status: 422,
      body: { error: 'The file is not base64 encoded', statusCode: 422 },
    })
    t.equal((await api('POST', '/cost_center_networks/upload', { cost_center_network: {} })).status, 400, 'no file: 400')
    t.same({ networks: await networks(), projects: await projects() }, before, 'the tables are unchanged')
  })

  t.test('adds and updates, and answers the five lists', async (t) => {
    const csv = [
      'Network,COST_CENTER,project,sap_project_name,ppm_project_name',
      'NET-NEW-1,4100-BET-03,P-NEW-1,New SAP,New PPM', // a cost center that had a network: not 'added'
      'NET-NEW-2,WBS-CORP-2024-01,,,',
      'NET-3100-07,2000-LOT-12,P-310007,,', // moves to another cost center; the project keeps its names
      'NET-2000-12,2000-LOT-12,P-200012,Lottery Draw Platform,PPM-LOT-DRAW', // unchanged
      'NET-1000-01,1000-CCOE-01,P-100002,,', // the project moves to another network
    ].join('\r\n')
    // a cost center without any network: delete the seeded one of WBS-CORP-2024-01 first (and the demo bills booked on it)
    await database.db.execute(
      sql`DELETE FROM cloud_bills WHERE cost_center_networks_id IN (SELECT id FROM cost_center_networks WHERE identifier = 'NET-WBS-CORP-01')`,
    )
    await database.db.execute(sql`DELETE FROM cost_center_networks WHERE identifier = 'NET-WBS-CORP-01'`)
    t.same(await upload(csv), {
      status: 200,
      body: {
        data: {
          cost_centers_added: ['WBS-CORP-2024-01'],
          networks_added: ['NET-NEW-1', 'NET-NEW-2'],
          projects_added: ['P-NEW-1'],
          networks_updated: ['NET-3100-07'],
          projects_updated: ['P-100002'],
        },
      },
    })
    const stored = await networks()
    t.same(
      stored.filter((n) => ['NET-NEW-1', 'NET-NEW-2', 'NET-3100-07'].includes(n.identifier as string)),
      [
        { identifier: 'NET-3100-07', cost_center: '2000-LOT-12' },
        { identifier: 'NET-NEW-1', cost_center: '4100-BET-03' },
        { identifier: 'NET-NEW-2', cost_center: 'WBS-CORP-2024-01' },
      ],
    )
    const byId = new Map((await projects()).map((p) => [p.identifier, p]))
    t.same(byId.get('P-NEW-1'), { identifier: 'P-NEW-1', network: 'NET-NEW-1', sap_project_name: 'New SAP', ppm_project_name: 'New PPM' })
    t.same(byId.get('P-100002'), {
      identifier: 'P-100002',
      network: 'NET-1000-01',
      sap_project_name: 'CCoE Portal',
      ppm_project_name: 'PPM-PORTAL-2025',
    })
    t.same(
      await upload(csv),
      {
        status: 200,
        body: { data: { cost_centers_added: [], networks_added: [], projects_added: [], networks_updated: [], projects_updated: [] } },
      },
      'the same file again changes nothing',
    )
  })

  t.test('a duplicate identifier is refused with the spec text (001 §5)', async (t) => {
    const [cc] = await rows<{ id: number }>(database.db, sql`SELECT id FROM cost_centers WHERE identifier = '1000-CCOE-01'`)
    const answer = await api('POST', '/cost_center_networks', { identifier: 'NET-1000-01', cost_center_id: Number(cc.id) })
    t.equal(answer.status, 409)
    t.equal(answer.body.error, MESSAGES.duplicateIdentifier)
    const [network] = await rows<{ id: number }>(database.db, sql`SELECT id FROM cost_center_networks WHERE identifier = 'NET-1000-01'`)
    const project = await api('POST', '/project_ids', { identifier: 'P-100001', cost_center_network_id: Number(network.id) })
    t.equal(project.status, 409)
    t.equal(project.body.error, MESSAGES.duplicateIdentifier)
  })

  t.test('a network that projects point at cannot be deleted', async (t) => {
    const [network] = await rows<{ id: number }>(database.db, sql`SELECT id FROM cost_center_networks WHERE identifier = 'NET-1000-01'`)
    const answer = await api('DELETE', `/cost_center_networks/${Number(network.id)}`)
    t.equal(answer.status, 409)
    t.equal((await networks()).filter((n) => n.identifier === 'NET-1000-01').length, 1, 'still there')
  })
})
