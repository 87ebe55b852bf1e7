/**
 * Issue 9 items 2–5 over HTTP, through the gateway against the real upstream and its demo data: the
 * dashboard meta of GET cloud_parents, GET cloud_parents/posture with the spec 000 §9 groups, the
 * membership requests list, GET /ad/groups (?aws, ?azure, GCP) with its toggles and paging, and
 * GET /ad/permission_sets.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { openTestDatabase } from '../../lib/test-database.js'
import { rows } from '../../../server/upstream/db/records/rows.js'
import { DEMO_AD_GROUPS } from '../../../server/upstream/db/seed/active-directory.js'
import { seedDemoData } from '../../../server/upstream/db/seed/index.js'
import { BUSINESS_UNIT_OPTIONS } from '../../../shared/constants.js'
import { shownInlinePolicy } from '../../../shared/schemas/active-directory.js'
import { environmentGroup, groupEnvironments, POSTURE_PROVIDERS } from '../../../shared/rules/posture.js'
import { startPortal } from '../../helper.js'
import { signedInApi } from '../../lib/sign-in.js'

t.test('dashboards, posture, membership requests and the directory', async (t) => {
  const portal = await startPortal(t, { seed: true })
  const api = await signedInApi(portal.baseUrl)
  const get = async (path: string) => {
    const answer = await api('GET', path)
    return { status: answer.status, body: answer.json() }
  }

  // a full page also carries `next`, the keyset cursor for the rows after it (opaque), and each row's version
  const pagingOf = ({ next: _next, versions: _versions, ...meta }: Record<string, unknown>) => meta

  t.test('GET cloud_parents: the dashboard meta beside the list meta, counted in SQL', async (t) => {
    const { status, body } = await get('cloud_parents?per_page=1')
    t.equal(status, 200)
    t.equal(body.data.length, 1)
    t.type(body.meta.next, 'string', 'a full page carries its cursor')
    t.same(pagingOf(body.meta), {
      total: 360,
      page: 1,
      per_page: 1,
      valid_cost_center_count: 4,
      account_count: 360,
      member_count: 4,
      project_count: 28,
      cloud_deployments_count: { production: 181, development: 73, test: 69, sandbox: 13, Security: 12, 'shared-services': 12 },
      cloud_form_count: { 'AWS Account Request': 10, 'Azure Subscription Request': 9, 'GCP Project Request': 9 },
      cloud_provider_count: { AwsCloudParent: 150, AzureCloudParent: 120, GcpCloudParent: 90 },
    })
    // the counts agree with the lists they summarise
    // Team Members: the team's Members Table (spec 000 §2, the Members menu's), issue 39 item 12
    t.equal((await get('dcoe/members?per_page=1')).body.meta.total, body.meta.member_count)
    t.equal((await get('cloud_projects?per_page=1')).body.meta.total, body.meta.project_count)
    const costCenters = (await get('cost_centers?per_page=1000')).body.data
    const valid = costCenters.filter((c: any) => c.expired_at === null || Date.parse(c.expired_at) > Date.now())
    t.equal(valid.length, body.meta.valid_cost_center_count, 'valid: not expired')
    t.ok(costCenters.length > valid.length, 'an expired cost center is not counted')

    const filtered = await get('cloud_parents?per_page=1&by_provider_type=GcpCloudParent')
    t.same(pagingOf(filtered.body.meta), { total: 90, page: 1, per_page: 1 }, 'a filtered list pays only for its own total')
    const later = await get('cloud_parents?per_page=1&page=2')
    t.same(pagingOf(later.body.meta), { total: 360, page: 2, per_page: 1 }, 'so does a later page (the CSV walks every page)')
  })

  t.test('GET cloud_parents/posture: the cloud parents in use, by business unit, cloud and environment group', async (t) => {
    const all = (await get('cloud_parents?per_page=1000')).body.data as {
      provider_type: (typeof POSTURE_PROVIDERS)[number]
      business_unit_name: string
      environment: string | null
      terminated: boolean
    }[]
    t.equal(all.length, 360)
    /** the same counts from the list's rows and the shared rule */
    const expected = (units: readonly string[]) =>
      POSTURE_PROVIDERS.map((provider) => {
        const mine = all.filter((p) => p.provider_type === provider && !p.terminated && units.includes(p.business_unit_name))
        const counts = mine.map((p) => ({ environment: p.environment, count: 1 }))
        return { provider_type: provider, total: mine.length, environments: groupEnvironments(provider, counts) }
      })

    const everyUnit = await get('cloud_parents/posture')
    t.equal(everyUnit.status, 200)
    t.same(everyUnit.body, { data: { business_units: [...BUSINESS_UNIT_OPTIONS], clouds: expected(BUSINESS_UNIT_OPTIONS) } })
    t.same(everyUnit.body.data.clouds, [
      {
        provider_type: 'AzureCloudParent',
        total: 106,
        environments: [
          { environment: 'production', count: 69 },
          { environment: 'development', count: 22 },
          { environment: 'test', count: 15 },
        ],
      },
      {
        provider_type: 'AwsCloudParent',
        total: 132,
        environments: [
          { environment: 'production', count: 53 },
          { environment: 'development', count: 25 },
          { environment: 'test', count: 19 },
          { environment: 'sandbox', count: 13 },
          { environment: 'Security', count: 10 },
          { environment: 'shared-services', count: 12 },
        ],
      },
      {
        provider_type: 'GcpCloudParent',
        total: 79,
        environments: [
          { environment: 'production', count: 43 },
          { environment: 'development', count: 15 },
          { environment: 'test', count: 21 },
        ],
      },
    ])
    t.equal(all.filter((p) => p.terminated).length, 360 - 106 - 132 - 79, 'terminated cloud parents are not counted')
    const rawAws = all.filter((p) => p.provider_type === 'AwsCloudParent' && !p.terminated)
    t.equal(rawAws.filter((p) => ['production', 'root'].includes(p.environment ?? '')).length, 53, 'AWS production = production + root')
    t.equal(
      all.filter(
        (p) => p.provider_type === 'GcpCloudParent' && !p.terminated && environmentGroup('GcpCloudParent', p.environment) === 'test',
      ).length,
      21,
    )

    const two = await get('cloud_parents/posture?business_units=GAM,CCOE')
    t.same(two.body, { data: { business_units: ['CCOE', 'GAM'], clouds: expected(['CCOE', 'GAM']) } }, 'the units in their spec order')
    t.same(
      two.body.data.clouds.map((c: { total: number }) => c.total),
      [35, 44, 27],
    )

    const none = await get('cloud_parents/posture?business_units=')
    t.same(none.body.data, {
      business_units: [],
      clouds: POSTURE_PROVIDERS.map((provider) => ({ provider_type: provider, total: 0, environments: groupEnvironments(provider, []) })),
    })

    const unknown = await get('cloud_parents/posture?business_units=CCOE,NOPE')
    t.equal(unknown.status, 400)
    t.same(unknown.body.fields, { business_units: 'Unknown business unit "NOPE": one of CCOE, CORP, GAM, LOT, BET, CIO' })
  })

  t.test('GET team_membership_tickets: the Membership Requests rows, newest first', async (t) => {
    const { status, body } = await get('team_membership_tickets')
    t.equal(status, 200)
    t.same(
      body.data.map(({ id, requested_date, ...row }: any) => (t.match(requested_date, /^\d{4}-\d\d-\d\dT/), row)),
      [
        { requesting_principal_user_id: 'ivan.petrov@example.com', department: 'Cloud Operations', business_unit: 'GAM', completed: false },
        {
          requesting_principal_user_id: 'grace.lindqvist@example.com',
          department: 'Marketing Technology',
          business_unit: 'BET',
          completed: false,
        },
        {
          requesting_principal_user_id: 'farid.haddad@example.com',
          department: 'Information Security',
          business_unit: 'CIO',
          completed: true,
        },
      ],
    )
    t.same(pagingOf(body.meta), { total: 3, page: 1, per_page: 25 })
  })

  t.test('GET /ad/groups: one cloud per call, toggles and paging in SQL', async (t) => {
    const names = async (query: string) => {
      const { status, body } = await get(`ad/groups?${query}`)
      t.equal(status, 200, query)
      return body.data.map((g: { name: string }) => g.name)
    }
    t.same(await names('aws'), [
      'APP_AWS_Billing_Viewers',
      'APP_AWS_Developers_Gaming',
      'APP_AWS_Legacy_Operations',
      'APP_AWS_PIM_Admin_Gaming',
      'APP_AWS_PIM_Admin_Lottery',
      'APP_AWS_PIM_BreakGlass',
      'APP_AWS_ReadOnly_Corporate',
    ])
    t.same(await names('aws&dormant=true'), ['APP_AWS_Legacy_Operations', 'APP_AWS_PIM_BreakGlass'], 'dormant: no permission set')
    t.same(
      await names('aws&dormant=false'),
      [
        'APP_AWS_Billing_Viewers',
        'APP_AWS_Developers_Gaming',
        'APP_AWS_PIM_Admin_Gaming',
        'APP_AWS_PIM_Admin_Lottery',
        'APP_AWS_ReadOnly_Corporate',
      ],
      'not dormant: with a permission set',
    )
    t.same(await names('aws&privileged=true'), ['APP_AWS_PIM_Admin_Gaming', 'APP_AWS_PIM_Admin_Lottery', 'APP_AWS_PIM_BreakGlass'])
    t.same(await names('aws&privileged=true&dormant=true'), ['APP_AWS_PIM_BreakGlass'])
    t.same(await names('aws&by_name=gaming'), ['APP_AWS_Developers_Gaming', 'APP_AWS_PIM_Admin_Gaming'])
    t.same(await names('azure'), ['APP_AZ_Contributors_Digital', 'APP_AZ_Readers_Corporate', 'APP_AZ_Sandbox_Retired'])
    t.same(await names('azure&dormant=true'), ['APP_AZ_Sandbox_Retired'])
    t.same(await names(''), ['APP_GCP_Analytics_Team', 'APP_GCP_Old_Sites', 'APP_GCP_Viewers_Lottery'], 'no flag: GCP')
    t.same(await names('dormant=true'), ['APP_GCP_Old_Sites'], 'a GCP group without mappings is dormant')
    t.same(await names('dormant=false'), ['APP_GCP_Analytics_Team', 'APP_GCP_Viewers_Lottery'])

    const page2 = await get('ad/groups?aws&per_page=3&page=2')
    t.same(
      page2.body.data.map((g: { name: string }) => g.name),
      ['APP_AWS_PIM_Admin_Gaming', 'APP_AWS_PIM_Admin_Lottery', 'APP_AWS_PIM_BreakGlass'],
    )
    t.same(page2.body.meta, { total: 7, page: 2, per_page: 3 })
    t.same((await get('ad/groups?aws&per_page=3&page=3')).body.meta, { total: 7, page: 3, per_page: 3 }, 'the short last page')
    t.same((await get('ad/groups?aws&per_page=3&page=9')).body, { data: [], meta: { total: 7, page: 9, per_page: 3 } })

    const developers = (await get('ad/groups?aws&by_name=Developers')).body.data
    t.same(developers, [
      {
        id: developers[0].id,
        name: 'APP_AWS_Developers_Gaming',
        members: ['alice.martin@example.com', 'bruno.rossi@example.com', 'david.okafor@example.com'],
        owners: ['alice.martin@example.com'],
        cloud_parents: [{ name: 'gam-payments-production', id: '402117530000' }],
        ad_permission_set_id: developers[0].permission_set.id,
        permission_set: {
          id: developers[0].permission_set.id,
          name: 'AWSPowerUserAccess',
          arn: 'arn:aws:sso:::permissionSet/ssoins-7223a1b2c3d4e5f6/ps-1b2c3d4e5f6a7b8c',
          description: 'Build and run workloads; no identity or organization changes',
          duration: 'PT8H',
          managed_policy: 'arn:aws:iam::aws:policy/PowerUserAccess',
          inline_policy:
            '{"Version":"2012-10-17","Statement":[{"Sid":"DenyIdentityChanges","Effect":"Deny","Action":["iam:*","organizations:*"],"Resource":"*"}]}',
          relay: 'https://console.aws.amazon.com/console/home',
        },
        gcp_ad_permission_set_mappings: [],
      },
    ])

    const [analytics] = (await get('ad/groups?by_name=Analytics')).body.data
    t.equal(analytics.ad_permission_set_id, null)
    t.equal(analytics.permission_set, null)
    t.same(
      analytics.gcp_ad_permission_set_mappings.map((m: any) => [m.ad_permission_set_id === m.permission_set.id, m.permission_set.name]),
      [
        [true, 'GCP BigQuery Data Editor'],
        [true, 'GCP Project Viewer'],
      ],
    )
    t.same(analytics.cloud_parents, [
      { name: 'gam-payments-production', id: 'gam-payments-production-000' },
      { name: 'lot-identity-development', id: 'lot-identity-development-001' },
    ])

    const both = await get('ad/groups?aws&azure')
    t.equal(both.status, 400)
    t.same(both.body.fields, { azure: 'Ask for the groups of one cloud: aws or azure' })
    const privilegedGcp = await get('ad/groups?privileged=true')
    t.equal(privilegedGcp.status, 400)
    t.same(privilegedGcp.body.fields, { privileged: 'Privileged access groups are AWS groups' })
    const badToggle = await get('ad/groups?aws&dormant=maybe')
    t.equal(badToggle.status, 400)
    t.equal((await api('POST', 'ad/groups', { name: 'x' })).status, 404, 'only reading is let through')
  })

  t.test('GET /ad/permission_sets: the registry list, read only', async (t) => {
    const { status, body } = await get('ad/permission_sets?per_page=100')
    t.equal(status, 200)
    t.same(
      body.data.map((s: { name: string; inline_policy: string | null }) => [
        s.name,
        s.inline_policy === null ? null : shownInlinePolicy(s.inline_policy) !== null,
      ]),
      [
        ['AWSAdministratorAccess', true],
        ['AWSBillingViewer', null],
        ['AWSPowerUserAccess', true],
        ['AWSReadOnlyAccess', false],
        ['Azure Contributor', null],
        ['Azure Reader', null],
        ['GCP BigQuery Data Editor', true],
        ['GCP Project Viewer', null],
      ],
      'the demo data has inline policies to show, one too short to show, and none',
    )
    t.same(pagingOf((await get('ad/permission_sets?by_name=azure')).body.meta), { total: 2, page: 1, per_page: 25 })
    t.equal((await api('POST', 'ad/permission_sets', { name: 'x' })).status, 404)
  })
})

t.test('the directory demo data is seeded once, with every toggle on both sides', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  await seedDemoData(database)
  await seedDemoData(database)
  const sum = (of: (group: (typeof DEMO_AD_GROUPS)[number]) => number) => DEMO_AD_GROUPS.reduce((n, g) => n + of(g), 0)
  t.same(
    [sum((g) => g.members.length + g.owners.length), sum((g) => g.parents.length), sum((g) => (g.cloud === 'gcp' ? g.sets.length : 0))],
    [31, 15, 3],
  )
  const [counts] = await rows<Record<string, number>>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM ad_groups) AS groups,
               (SELECT count(*)::int FROM ad_groups WHERE cloud = 'aws' AND name LIKE 'APP\\_AWS\\_PIM%') AS privileged,
               (SELECT count(*)::int FROM ad_groups g WHERE ad_permission_set_id IS NULL
                  AND NOT EXISTS (SELECT 1 FROM gcp_ad_permission_set_mappings m WHERE m.ad_group_id = g.id)) AS dormant,
               (SELECT count(*)::int FROM ad_group_people) AS people,
               (SELECT count(*)::int FROM ad_group_cloud_parents) AS cloud_parents,
               (SELECT count(*)::int FROM gcp_ad_permission_set_mappings) AS mappings`,
  )
  t.same(
    counts,
    {
      groups: 13,
      privileged: 3,
      dormant: 4,
      people: sum((g) => g.members.length + g.owners.length),
      cloud_parents: sum((g) => g.parents.length),
      mappings: sum((g) => (g.cloud === 'gcp' ? g.sets.length : 0)),
    },
    'a second start adds nothing',
  )
})
