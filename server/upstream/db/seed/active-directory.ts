import { sql } from 'drizzle-orm'
import type { AdCloud } from '../../../../shared/schemas/active-directory.js'
import { rows, type Executor } from '../records/rows.js'
import { demoCloudParents } from './cloud-parents.js'
import type { ModelSeed } from './types.js'

const POWER_USER_INLINE = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Sid: 'DenyIdentityChanges', Effect: 'Deny', Action: ['iam:*', 'organizations:*'], Resource: '*' }],
})
const BREAK_GLASS_INLINE = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Sid: 'DenyLeavingOrganization', Effect: 'Deny', Action: 'organizations:LeaveOrganization', Resource: '*' }],
})
const sso = (ps: string) => `arn:aws:sso:::permissionSet/ssoins-7223a1b2c3d4e5f6/ps-${ps}`

/**
 * The permission sets the demo groups grant: AWS ones with an inline policy long enough to show and
 * one with '{}' (shorter than 5 characters: not shown), Azure roles and GCP roles.
 */
export const adPermissionSetsSeed: ModelSeed = {
  model: 'ad_permission_sets',
  rows: [
    {
      name: 'AWSAdministratorAccess',
      arn: sso('0a1b2c3d4e5f6a7b'),
      description: 'Full access to the account, granted for one hour through privileged identity management',
      duration: 'PT1H',
      managed_policy: 'arn:aws:iam::aws:policy/AdministratorAccess',
      inline_policy: BREAK_GLASS_INLINE,
      relay: 'https://console.aws.amazon.com/',
    },
    {
      name: 'AWSPowerUserAccess',
      arn: sso('1b2c3d4e5f6a7b8c'),
      description: 'Build and run workloads; no identity or organization changes',
      duration: 'PT8H',
      managed_policy: 'arn:aws:iam::aws:policy/PowerUserAccess',
      inline_policy: POWER_USER_INLINE,
      relay: 'https://console.aws.amazon.com/console/home',
    },
    {
      name: 'AWSReadOnlyAccess',
      arn: sso('2c3d4e5f6a7b8c9d'),
      description: 'Read-only access to every service',
      duration: 'PT8H',
      managed_policy: 'arn:aws:iam::aws:policy/ReadOnlyAccess',
      inline_policy: '{}',
      relay: null,
    },
    {
      name: 'AWSBillingViewer',
      arn: sso('3d4e5f6a7b8c9d0e'),
      description: 'Bills, cost explorer and budgets',
      duration: 'PT4H',
      managed_policy: 'arn:aws:iam::aws:policy/job-function/Billing',
      inline_policy: null,
      relay: 'https://console.aws.amazon.com/billing/home',
    },
    {
      name: 'Azure Contributor',
      arn: '/providers/Microsoft.Authorization/roleDefinitions/b24988ac-6180-42a0-ab88-20f7382dd24c',
      description: 'Manage every resource of the subscription, but not access to it',
      duration: 'PT8H',
      managed_policy: 'Contributor',
      inline_policy: null,
      relay: 'https://portal.azure.com/',
    },
    {
      name: 'Azure Reader',
      arn: '/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7',
      description: 'View every resource of the subscription',
      duration: 'PT8H',
      managed_policy: 'Reader',
      inline_policy: null,
      relay: 'https://portal.azure.com/',
    },
    {
      name: 'GCP Project Viewer',
      arn: 'roles/viewer',
      description: 'Read access to the project',
      duration: 'PT12H',
      managed_policy: 'roles/viewer',
      inline_policy: null,
      relay: 'https://console.cloud.google.com/',
    },
    {
      name: 'GCP BigQuery Data Editor',
      arn: 'roles/bigquery.dataEditor',
      description: 'Read and change the datasets of the project',
      duration: 'PT8H',
      managed_policy: 'roles/bigquery.dataEditor',
      inline_policy: JSON.stringify({ condition: { title: 'Business hours', expression: 'request.time.getHours("UTC") < 20' } }),
      relay: null,
    },
  ],
}

interface DemoGroup {
  cloud: AdCloud
  name: string
  /** AWS and Azure: the one set the group grants; GCP: its mappings. None: a dormant group */
  sets: readonly string[]
  members: readonly string[]
  owners: readonly string[]
  /** indexes into the demo cloud parents of the group's cloud */
  parents: readonly number[]
}

const ALICE = 'alice.martin@example.com'
const BRUNO = 'bruno.rossi@example.com'
const CHLOE = 'chloe.nguyen@example.com'
const DAVID = 'david.okafor@example.com'
const FARID = 'farid.haddad@example.com'
const GRACE = 'grace.lindqvist@example.com'

/**
 * Each page's toggles have rows on both sides: on AWS privileged (APP_AWS_PIM…) and other groups,
 * each with and without a permission set; on Azure and GCP dormant and granting groups.
 */
export const DEMO_AD_GROUPS: readonly DemoGroup[] = [
  {
    cloud: 'aws',
    name: 'APP_AWS_PIM_Admin_Gaming',
    sets: ['AWSAdministratorAccess'],
    members: [ALICE, DAVID],
    owners: [CHLOE],
    parents: [0, 3],
  },
  { cloud: 'aws', name: 'APP_AWS_PIM_Admin_Lottery', sets: ['AWSAdministratorAccess'], members: [BRUNO], owners: [CHLOE], parents: [1] },
  { cloud: 'aws', name: 'APP_AWS_PIM_BreakGlass', sets: [], members: [], owners: [CHLOE, FARID], parents: [] },
  {
    cloud: 'aws',
    name: 'APP_AWS_Billing_Viewers',
    sets: ['AWSBillingViewer'],
    members: [GRACE, FARID],
    owners: [ALICE],
    parents: [2, 4, 5],
  },
  {
    cloud: 'aws',
    name: 'APP_AWS_Developers_Gaming',
    sets: ['AWSPowerUserAccess'],
    members: [ALICE, BRUNO, DAVID],
    owners: [ALICE],
    parents: [0],
  },
  { cloud: 'aws', name: 'APP_AWS_ReadOnly_Corporate', sets: ['AWSReadOnlyAccess'], members: [GRACE], owners: [BRUNO], parents: [2] },
  { cloud: 'aws', name: 'APP_AWS_Legacy_Operations', sets: [], members: [DAVID], owners: [BRUNO], parents: [6] },
  {
    cloud: 'azure',
    name: 'APP_AZ_Contributors_Digital',
    sets: ['Azure Contributor'],
    members: [BRUNO, GRACE],
    owners: [DAVID],
    parents: [0, 1],
  },
  { cloud: 'azure', name: 'APP_AZ_Readers_Corporate', sets: ['Azure Reader'], members: [FARID], owners: [DAVID], parents: [2] },
  { cloud: 'azure', name: 'APP_AZ_Sandbox_Retired', sets: [], members: [ALICE], owners: [], parents: [] },
  {
    cloud: 'gcp',
    name: 'APP_GCP_Analytics_Team',
    sets: ['GCP Project Viewer', 'GCP BigQuery Data Editor'],
    members: [CHLOE, GRACE],
    owners: [ALICE],
    parents: [0, 1],
  },
  { cloud: 'gcp', name: 'APP_GCP_Viewers_Lottery', sets: ['GCP Project Viewer'], members: [DAVID], owners: [CHLOE], parents: [2] },
  { cloud: 'gcp', name: 'APP_GCP_Old_Sites', sets: [], members: [BRUNO], owners: [CHLOE], parents: [] },
]

const PROVIDER: Record<AdCloud, string> = { aws: 'AwsCloudParent', azure: 'AzureCloudParent', gcp: 'GcpCloudParent' }

/**
 * The demo directory groups (not a registry model: their members, owners and cloud parents are rows
 * of their own). Seeded once, when there are none yet and the permission sets are there; a cloud
 * parent or permission set people have since removed is left out rather than stopping start-up.
 */
export async function seedActiveDirectoryGroups(db: Executor): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ad_groups`)
  if (n > 0) return
  const sets = new Map(
    (await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM ad_permission_sets`)).map((s) => [s.name, s.id]),
  )
  const parents = demoCloudParents()
  for (const group of DEMO_AD_GROUPS) {
    const setIds = group.sets.map((name) => sets.get(name)).filter((id): id is number => id !== undefined)
    const single = group.cloud === 'gcp' ? null : (setIds[0] ?? null)
    const [{ id }] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO ad_groups (cloud, name, ad_permission_set_id) VALUES (${group.cloud}, ${group.name}, ${single}) RETURNING id`,
    )
    for (const [role, emails] of [
      ['member', group.members],
      ['owner', group.owners],
    ] as const) {
      for (const email of emails)
        await db.execute(sql`INSERT INTO ad_group_people (ad_group_id, role, email) VALUES (${id}, ${role}, ${email})`)
    }
    const ofCloud = parents.filter((p) => p.provider_type === PROVIDER[group.cloud])
    for (const index of group.parents) {
      await db.execute(
        sql`INSERT INTO ad_group_cloud_parents (ad_group_id, cloud_parent_id)
            SELECT ${id}, c.id FROM cloud_parents c WHERE c.identifier = ${ofCloud[index].identifier}`,
      )
    }
    if (group.cloud === 'gcp') {
      for (const setId of setIds) {
        await db.execute(sql`INSERT INTO gcp_ad_permission_set_mappings (ad_group_id, ad_permission_set_id) VALUES (${id}, ${setId})`)
      }
    }
  }
}
