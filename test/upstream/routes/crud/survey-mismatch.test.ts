/**
 * Cloud survey responses against their cloud parents (spec 001 §2, issue 8 items 6 and 9): each
 * answer of the upstream lists the fields that differ from the cloud parent of the same identifier,
 * computed in SQL on reads, writes, every page and the record; blank text and an email's case are
 * no difference; no cloud parent, no difference; a cloud parent added later is found at once.
 */
import { sql } from 'drizzle-orm'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import t from 'tap'
import { serveUpstream } from '../../fixtures/serve.js'

const PARENT = {
  provider_type: 'AzureCloudParent',
  identifier: 'ab12cd34-0000-4000-8000-00000000abcd',
  name: 'gam-payments-production',
  email: 'azure+gam-payments@example.com',
  cloud_contact_email: 'alice.martin@example.com',
  business_unit_name: 'GAM',
  department: 'Cloud Engineering',
  environment: 'production',
  cost_center: '3100-GAM-07',
  billing_contact: 'finops@example.com',
  security_contact: 'security@example.com',
  operations_contact: 'ops-gam@example.com',
}

/** An answer that agrees with PARENT on every compared field. */
const AGREEING = {
  provider: 'azure',
  identifier: PARENT.identifier,
  project_name: PARENT.name,
  distribution_list: PARENT.email,
  account_owner: PARENT.cloud_contact_email,
  business_unit: 'GAM',
  department: PARENT.department,
  cloud_environment: PARENT.environment,
  cost_center: PARENT.cost_center,
  still_in_use: 'Yes',
  can_be_removed: 'No',
  billing_contact: PARENT.billing_contact,
  security_contact: PARENT.security_contact,
  operations_contact: PARENT.operations_contact,
  project_summary: 'Payments',
}

t.test('survey mismatches are the fields that differ from the cloud parent of the identifier', async (t) => {
  const { api, database } = await serveUpstream(t)
  const insertParent = async (row: Record<string, unknown>) => {
    const names = Object.keys(row)
    const [created] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO cloud_parents (${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )}) VALUES (${sql.join(
        names.map((n) => sql`${row[n]}`),
        sql`, `,
      )}) RETURNING id`,
    )
    return created.id
  }
  const parentId = await insertParent(PARENT)

  const post = (body: Record<string, unknown>) => api('POST', '/cloud_survey_responses', { cloud_survey_response: body })
  const same = await post(AGREEING)
  t.equal(same.status, 201)
  t.same(same.body.data.mismatches, [], 'an agreeing answer differs in nothing')
  t.equal(same.body.data.cloud_parent_id, parentId, 'paired with its cloud parent')

  // differences in four fields; the identifier in capitals, the owner's email in another case and
  // the project name with spaces around are still the same values
  const differing = await post({
    ...AGREEING,
    identifier: PARENT.identifier.toUpperCase(),
    provider: 'aws',
    account_owner: 'ALICE.Martin@example.com',
    project_name: `  ${PARENT.name} `,
    business_unit: 'LOT',
    cloud_environment: 'development',
    security_contact: null,
  })
  t.equal(differing.status, 201)
  t.same(differing.body.data.mismatches, ['provider', 'business_unit', 'cloud_environment', 'security_contact'])
  t.equal(differing.body.data.cloud_parent_id, parentId)

  const blankAgainstNull = await insertParent({ ...PARENT, identifier: 'gcp-blank-001', provider_type: 'GcpCloudParent', department: null })
  const blank = await post({ ...AGREEING, identifier: 'gcp-blank-001', provider: 'gcp', department: '' })
  t.same(blank.body.data.mismatches, [], 'a blank answer and no value agree')
  t.equal(blank.body.data.cloud_parent_id, blankAgainstNull)

  const orphan = await post({ ...AGREEING, identifier: '000011112222', provider: 'aws', business_unit: 'CIO' })
  t.equal(orphan.status, 201)
  t.same(orphan.body.data.mismatches, [], 'no cloud parent: nothing to differ from')
  t.equal(orphan.body.data.cloud_parent_id, null)

  // reads: the record, the list (its pages, a filter, a sort by the paired id) and an update
  const read = await api('GET', `/cloud_survey_responses/${differing.body.data.id}`)
  t.same(read.body.data, differing.body.data, 'the record reads as it was written')
  const list = await api('GET', '/cloud_survey_responses?per_page=10&sort=identifier')
  t.same(
    list.body.data.map((r: { identifier: string; mismatches: string[] }) => [r.identifier, r.mismatches]),
    [
      ['000011112222', []],
      [PARENT.identifier, []],
      [PARENT.identifier.toUpperCase(), ['provider', 'business_unit', 'cloud_environment', 'security_contact']],
      ['gcp-blank-001', []],
    ].sort((a, b) => String(a[0]).toLowerCase().localeCompare(String(b[0]).toLowerCase()) || 0),
  )
  const filtered = await api('GET', '/cloud_survey_responses?by_business_unit=LOT')
  t.same(
    filtered.body.data.map((r: { mismatches: string[] }) => r.mismatches),
    [['provider', 'business_unit', 'cloud_environment', 'security_contact']],
  )
  // the differences filter: the rows with a red cell, or those that agree (no cloud parent agrees: nothing differs)
  const differ = await api('GET', '/cloud_survey_responses?by_differences=true')
  t.same(
    differ.body.data.map((r: { identifier: string }) => r.identifier),
    [PARENT.identifier.toUpperCase()],
    'with differences: the one answer that differs',
  )
  t.equal(differ.body.meta.total, 1)
  const agree = await api('GET', '/cloud_survey_responses?by_differences=FALSE&by_identifier=1111')
  t.same(
    agree.body.data.map((r: { identifier: string }) => r.identifier),
    ['000011112222'],
    'without: filters combine',
  )
  const notFlag = await api('GET', '/cloud_survey_responses?by_differences=maybe')
  t.equal(notFlag.status, 400)
  t.same(notFlag.body.fields, { by_differences: 'Differs from cloud parent must be true or false' })
  const bySort = await api('GET', '/cloud_survey_responses?sort=-cloud_parent_id&per_page=2')
  t.equal(bySort.status, 200, 'sorted by the paired cloud parent')
  t.same(
    bySort.body.data.map((r: { cloud_parent_id: number | null }) => r.cloud_parent_id),
    [null, blankAgainstNull],
    'no cloud parent first when descending, as PostgreSQL orders NULLs',
  )

  const updated = await api('PUT', `/cloud_survey_responses/${differing.body.data.id}`, {
    cloud_survey_response: { provider: 'azure', business_unit: 'GAM', department: 'Finance' },
  })
  t.equal(updated.status, 200)
  t.same(updated.body.data.mismatches, ['department', 'cloud_environment', 'security_contact'], 'an update answers its own differences')

  // the inventories add the orphan's cloud parent later: the next read pairs them
  const late = await insertParent({ ...PARENT, identifier: '000011112222', provider_type: 'AwsCloudParent' })
  const again = await api('GET', `/cloud_survey_responses/${orphan.body.data.id}`)
  t.same(again.body.data.mismatches, ['business_unit'])
  t.equal(again.body.data.cloud_parent_id, late)
  // an exact spelling wins over another case of the same identifier
  const exact = await insertParent({ ...PARENT, identifier: PARENT.identifier.toUpperCase(), environment: 'development' })
  const paired = await api('GET', `/cloud_survey_responses/${differing.body.data.id}`)
  t.equal(paired.body.data.cloud_parent_id, exact)
  t.same(paired.body.data.mismatches, ['department', 'security_contact'])
  t.equal(
    (await api('GET', `/cloud_survey_responses/${same.body.data.id}`)).body.data.cloud_parent_id,
    parentId,
    'and the other keeps its own',
  )

  // refusals: a cloud that is not one, an answer that is not Yes or No
  const badCloud = await post({ ...AGREEING, provider: 'AwsCloudParent' })
  t.equal(badCloud.status, 400)
  t.match(badCloud.body, { fields: { provider: String } })
  const badAnswer = await post({ ...AGREEING, still_in_use: 'maybe' })
  t.equal(badAnswer.status, 400)
  t.match(badAnswer.body, { fields: { still_in_use: String } })
  // a record read and sent back: its mismatches are computed, never written
  const sentBack = await api('PUT', `/cloud_survey_responses/${same.body.data.id}`, { ...same.body.data, mismatches: ['department'] })
  t.equal(sentBack.status, 200)
  t.same(sentBack.body.data, same.body.data)
})

t.test('the demo answers: most agree, some differ, one has no cloud parent', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const { body } = await api('GET', '/cloud_survey_responses?per_page=100')
  const rows = body.data as { identifier: string; mismatches: string[]; cloud_parent_id: number | null }[]
  t.ok(rows.length >= 30, 'a few dozen answers')
  const differing = rows.filter((r) => r.mismatches.length > 0)
  t.ok(differing.length >= 10 && differing.length < rows.length / 2, `some differ (${differing.length})`)
  t.same([...new Set(differing.flatMap((r) => r.mismatches))].sort(), [
    'account_owner',
    'business_unit',
    'cloud_environment',
    'cost_center',
    'department',
  ])
  t.same(
    rows.filter((r) => r.cloud_parent_id === null).map((r) => r.identifier),
    ['999900001111'],
  )
  const filtered = await api('GET', '/cloud_survey_responses?per_page=100&by_differences=true')
  t.same(
    filtered.body.data.map((r: { identifier: string }) => r.identifier),
    differing.map((r) => r.identifier),
    'the differences filter answers exactly the differing rows, in the list order',
  )
})
