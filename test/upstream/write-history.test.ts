/**
 * Issue 37 item 3: every write besides the generic CRUD leaves change-log entries as the CRUD's do,
 * in the write's own transaction, naming its route as the source: the three uploads, the billing
 * automation, the account requests and the member self-service update. Each path: the rows it
 * changed are exactly the entries written (a row whose values did not change has none).
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../server/upstream/db/records/repository.js'
import { LOGGED_PER_STATEMENT } from '../../server/upstream/db/records/logged-writes.js'
import { demoInvoiceId, monthBefore } from '../../server/upstream/db/seed/provider-invoices.js'
import { makeZip } from '../lib/zip.js'
import { serveUpstream, TOKEN } from './fixtures/serve.js'

const ANN = 'ann@ccoe.example'
const AT = '2030-03-01T12:00:00.000Z'
const csvUrl = (lines: readonly string[]) => `data:text/csv;base64,${Buffer.from(lines.join('\r\n')).toString('base64')}`

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
    const created = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, to]) => [k, { from: null, to }]))
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
})
