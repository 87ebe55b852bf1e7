/**
 * Issue 42 item 4: GET /chargeability lists the cloud parents and virtual machines whose cost center
 * is missing, unknown, expired, not approved or has a terminated owner (each reason, and several at
 * once), counts them per kind, business unit and provider, keeps this month's counts and answers last
 * month's as kept; filters, paging, 400s naming the parameter, and the CSV of the same list.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import type { Database } from '../../../../server/upstream/db/client.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

async function fill(database: Database) {
  const { db } = database
  await db.execute(sql`INSERT INTO business_units (id, name, abbreviation) VALUES (1, 'Retail', 'GAM'), (2, 'Online', 'LOT')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(
    sql`INSERT INTO cloud_contacts (id, email, terminated) VALUES (1, 'ann@ccoe.example', false), (2, 'tom@ccoe.example', true)`,
  )
  await db.execute(sql`
    INSERT INTO cost_centers (id, identifier, cloud_contact_id, companies_id, business_units_id, departments_id, approved, active_at, expired_at)
    SELECT id, identifier, owner, (SELECT min(id) FROM companies), 1, (SELECT min(id) FROM departments), approved,
           '2024-01-01T00:00:00Z', expired_at::timestamptz
    FROM (VALUES (1, 'CC-OK', 1, true, NULL), (2, 'CC-OLD', 1, true, '2026-10-31T23:59:59Z'), (3, 'CC-NEW', 1, false, NULL),
                 (4, 'CC-TOM', 2, true, NULL), (5, 'CC-LATER', 1, true, '2027-01-31T23:59:59Z'), (6, 'CC-WORST', 2, false, '2026-01-31T00:00:00Z'))
      AS v (id, identifier, owner, approved, expired_at)`)
  await db.execute(sql`
    INSERT INTO cloud_parents (id, provider_type, identifier, name, business_unit_name, cost_center, terminated) VALUES
      (1, 'AwsCloudParent', '111', 'ok', 'GAM', 'cc-ok', false),
      (2, 'AwsCloudParent', '222', 'none', 'GAM', NULL, false),
      (3, 'GcpCloudParent', 'gcp-blank', 'blank', 'LOT', '  ', false),
      (4, 'AzureCloudParent', 'sub-ghost', 'ghost', NULL, 'CC-GHOST', false),
      (5, 'AwsCloudParent', '555', 'old', 'GAM', 'CC-OLD', false),
      (6, 'AwsCloudParent', '666', 'closed', 'GAM', NULL, true),
      (7, 'GcpCloudParent', 'gcp-later', 'later', 'LOT', 'CC-LATER', false),
      (8, 'GcpCloudParent', 'gcp-worst', 'worst', 'LOT', 'CC-WORST', false)`)
  await db.execute(sql`
    INSERT INTO virtual_machines (id, resource_id, provider_type, name, business_units_id, default_cost_center_id) VALUES
      (1, 'i-ok', 'aws', 'vm ok', 1, 1),
      (2, 'i-none', 'aws', 'vm none', 2, NULL),
      (3, 'i-new', 'azure', 'vm new', 2, 3),
      (4, 'i-tom', 'aws', 'vm tom', NULL, 4)`)
}

const resource = (
  kind: string,
  id: number,
  res: string,
  name: string,
  provider: string,
  bu: [number, string] | null,
  cc: [string | null, number | null],
  owner: string | null,
  reasons: string[],
) => ({
  kind,
  id,
  resource: res,
  name,
  provider,
  business_units_id: bu ? bu[0] : null,
  business_unit_name: bu ? bu[1] : null,
  cost_center: cc[0],
  cost_center_id: cc[1],
  owner,
  reasons,
})
const RETAIL: [number, string] = [1, 'Retail']
const ONLINE: [number, string] = [2, 'Online']
const counts = (missing: number, unknown: number, expired: number, not_approved: number, terminated_owner: number, total: number) => ({
  missing,
  unknown,
  expired,
  not_approved,
  terminated_owner,
  total,
})

t.test('each reason, several at once, the counts, and last month as kept', async (t) => {
  let now = new Date('2026-10-15T12:00:00Z')
  const { api, database } = await serveUpstream(t, { seed: false, clock: () => now })
  await fill(database)

  // in October, CC-OLD has not expired yet
  const october = await api('GET', '/chargeability')
  t.equal(october.status, 200)
  t.strictSame(
    october.body.data.map((r: { resource: string; reasons: string[] }) => [r.resource, r.reasons]),
    [
      ['222', ['missing']],
      ['gcp-blank', ['missing']],
      ['gcp-worst', ['expired', 'not_approved', 'terminated_owner']],
      ['sub-ghost', ['unknown']],
      ['i-new', ['not_approved']],
      ['i-none', ['missing']],
      ['i-tom', ['terminated_owner']],
    ],
  )
  t.equal(october.body.meta.previous, null, 'no September counts were kept')

  now = new Date('2026-11-20T10:00:00Z')
  const november = await api('GET', '/chargeability')
  t.equal(november.status, 200)
  t.strictSame(november.body.data, [
    resource('cloud_parents', 2, '222', 'none', 'aws', RETAIL, [null, null], null, ['missing']),
    resource('cloud_parents', 5, '555', 'old', 'aws', RETAIL, ['CC-OLD', 2], 'ann@ccoe.example', ['expired']),
    resource('cloud_parents', 3, 'gcp-blank', 'blank', 'gcp', ONLINE, [null, null], null, ['missing']),
    resource('cloud_parents', 8, 'gcp-worst', 'worst', 'gcp', ONLINE, ['CC-WORST', 6], 'tom@ccoe.example', [
      'expired',
      'not_approved',
      'terminated_owner',
    ]),
    resource('cloud_parents', 4, 'sub-ghost', 'ghost', 'azure', null, ['CC-GHOST', null], null, ['unknown']),
    resource('virtual_machines', 3, 'i-new', 'vm new', 'azure', ONLINE, ['CC-NEW', 3], 'ann@ccoe.example', ['not_approved']),
    resource('virtual_machines', 2, 'i-none', 'vm none', 'aws', ONLINE, [null, null], null, ['missing']),
    resource('virtual_machines', 4, 'i-tom', 'vm tom', 'aws', null, ['CC-TOM', 4], 'tom@ccoe.example', ['terminated_owner']),
  ])
  const novemberCounts = [
    { kind: 'cloud_parents', business_units_id: 2, business_unit_name: 'Online', provider: 'gcp', counts: counts(1, 0, 1, 1, 1, 2) },
    { kind: 'cloud_parents', business_units_id: 1, business_unit_name: 'Retail', provider: 'aws', counts: counts(1, 0, 1, 0, 0, 2) },
    { kind: 'cloud_parents', business_units_id: null, business_unit_name: null, provider: 'azure', counts: counts(0, 1, 0, 0, 0, 1) },
    { kind: 'virtual_machines', business_units_id: 2, business_unit_name: 'Online', provider: 'aws', counts: counts(1, 0, 0, 0, 0, 1) },
    { kind: 'virtual_machines', business_units_id: 2, business_unit_name: 'Online', provider: 'azure', counts: counts(0, 0, 0, 1, 0, 1) },
    { kind: 'virtual_machines', business_units_id: null, business_unit_name: null, provider: 'aws', counts: counts(0, 0, 0, 0, 1, 1) },
  ]
  t.strictSame(november.body.meta, {
    month: '2026-11',
    count: 8,
    page: 1,
    per_page: 50,
    counts: novemberCounts,
    previous: {
      month: '2026-10',
      taken_at: '2026-10-15T12:00:00.000Z',
      counts: [
        { kind: 'cloud_parents', business_units_id: 2, business_unit_name: 'Online', provider: 'gcp', counts: counts(1, 0, 1, 1, 1, 2) },
        { kind: 'cloud_parents', business_units_id: 1, business_unit_name: 'Retail', provider: 'aws', counts: counts(1, 0, 0, 0, 0, 1) },
        { kind: 'cloud_parents', business_units_id: null, business_unit_name: null, provider: 'azure', counts: counts(0, 1, 0, 0, 0, 1) },
        ...novemberCounts.slice(3),
      ],
    },
  })

  // a later reading in October replaces the October counts; an earlier one finishing late does not
  now = new Date('2026-10-30T08:00:00Z')
  await database.db.execute(sql`UPDATE cost_centers SET approved = true WHERE identifier = 'CC-NEW'`)
  t.equal((await api('GET', '/chargeability')).status, 200)
  now = new Date('2026-10-02T08:00:00Z')
  t.equal((await api('GET', '/chargeability')).status, 200)
  now = new Date('2026-11-21T08:00:00Z')
  const kept = await api('GET', '/chargeability?kind=virtual_machines')
  t.equal(kept.body.meta.previous.taken_at, '2026-10-30T08:00:00.000Z')
  t.strictSame(
    kept.body.meta.previous.counts
      .filter((g: { kind: string }) => g.kind === 'virtual_machines')
      .map((g: { provider: string }) => g.provider),
    ['aws', 'aws'],
    'the machine of CC-NEW was chargeable once CC-NEW was approved',
  )
  t.strictSame(
    kept.body.data.map((r: { resource: string }) => r.resource),
    ['i-none', 'i-tom'],
  )
})

t.test('filters, paging, refusals naming the parameter, and the CSV', async (t) => {
  const { api, url, database } = await serveUpstream(t, { seed: false, clock: () => new Date('2026-11-20T10:00:00Z') })
  await fill(database)
  const resources = async (query: string) => {
    const answer = await api('GET', `/chargeability?${query}`)
    t.equal(answer.status, 200, query)
    return [answer.body.meta.count, answer.body.data.map((r: { resource: string }) => r.resource)]
  }

  t.strictSame(await resources('reason=missing'), [3, ['222', 'gcp-blank', 'i-none']])
  t.strictSame(await resources('reason=unknown'), [1, ['sub-ghost']])
  t.strictSame(await resources('reason=expired'), [2, ['555', 'gcp-worst']])
  t.strictSame(await resources('reason=not_approved'), [2, ['gcp-worst', 'i-new']])
  t.strictSame(await resources('reason=terminated_owner'), [2, ['gcp-worst', 'i-tom']])
  t.strictSame(await resources('business_unit=2&provider=aws'), [1, ['i-none']])
  t.strictSame(await resources('kind=cloud_parents&provider=gcp'), [2, ['gcp-blank', 'gcp-worst']])
  t.strictSame(await resources('per_page=3&page=2'), [8, ['gcp-worst', 'sub-ghost', 'i-new']])
  t.strictSame(await resources('page=9'), [0, []])

  const filtered = await api('GET', '/chargeability?reason=unknown')
  t.equal(filtered.body.meta.counts.length, 6, 'the counts are the whole estate whatever the list shows')

  for (const [query, field] of [
    ['reason=lost', 'reason'],
    ['business_unit=x', 'business_unit'],
    ['business_unit=0', 'business_unit'],
    ['provider=ibm', 'provider'],
    ['provider=AwsCloudParent', 'provider'],
    ['kind=cloud_projects', 'kind'],
    ['page=0', 'page'],
    ['per_page=1001', 'per_page'],
  ]) {
    const refused = await api('GET', `/chargeability?${query}`)
    t.equal(refused.status, 400, query)
    t.strictSame(Object.keys(refused.body.fields ?? {}), [field], `${query}: names ${field}`)
  }
  const unknown = await api('GET', '/chargeability?colour=red')
  t.strictSame([unknown.status, Object.keys(unknown.body.fields ?? {})], [400, ['colour']], 'an unknown parameter')
  const csvPaged = await api('GET', '/chargeability/csv?page=2')
  t.strictSame([csvPaged.status, Object.keys(csvPaged.body.fields ?? {})], [400, ['page']], 'the CSV has no pages')

  const csv = await fetch(`${url}/chargeability/csv?provider=gcp`, { headers: { authorization: `Bearer ${TOKEN}` } })
  t.equal(csv.status, 200)
  t.match(csv.headers.get('content-type'), /^text\/csv/)
  t.equal(csv.headers.get('content-disposition'), 'attachment; filename="unchargeable_resources_2026-11.csv"')
  t.strictSame((await csv.text()).split('\r\n'), [
    'Kind,Resource,Name,Provider,Business Unit,Cost Center,Owner,Reasons',
    'cloud_parents,gcp-blank,blank,gcp,Online,,,Missing',
    'cloud_parents,gcp-worst,worst,gcp,Online,CC-WORST,tom@ccoe.example,Expired; Not approved; Terminated owner',
    '',
  ])
})
