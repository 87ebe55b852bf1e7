/** Spec 000 §9: the posture page's environment groups, one test per rule. */
import t from 'tap'
import { environmentGroup, groupEnvironments, NO_ENVIRONMENT } from '../../shared/rules/posture.js'
import { isDormant, shownInlinePolicy } from '../../shared/schemas/active-directory.js'

t.test('AWS: production includes root', async (t) => {
  t.equal(environmentGroup('AwsCloudParent', 'root'), 'production')
  t.equal(environmentGroup('AwsCloudParent', 'production'), 'production')
})

t.test('AWS: Security and shared-services are counted separately', async (t) => {
  t.equal(environmentGroup('AwsCloudParent', 'Security'), 'Security')
  t.equal(environmentGroup('AwsCloudParent', 'security'), 'Security', 'whatever the case the inventory wrote')
  t.equal(environmentGroup('AwsCloudParent', 'shared-services'), 'shared-services')
})

t.test('AWS: the other OUs are rows of their own', async (t) => {
  t.same(
    ['sandbox', 'development', 'test'].map((e) => environmentGroup('AwsCloudParent', e)),
    ['sandbox', 'development', 'test'],
  )
})

t.test('GCP: production includes sites and env', async (t) => {
  t.same(
    ['production', 'sites', 'env'].map((e) => environmentGroup('GcpCloudParent', e)),
    ['production', 'production', 'production'],
  )
})

t.test('GCP: test includes staging', async (t) => {
  t.same(
    ['test', 'staging'].map((e) => environmentGroup('GcpCloudParent', e)),
    ['test', 'test'],
  )
})

t.test('Azure: production includes online, github, igt, landingzones, platform', async (t) => {
  t.same(
    ['production', 'online', 'github', 'igt', 'landingzones', 'platform'].map((e) => environmentGroup('AzureCloudParent', e)),
    Array(6).fill('production'),
  )
})

t.test('Azure: test includes decommissioned', async (t) => {
  t.same(
    ['test', 'decommissioned'].map((e) => environmentGroup('AzureCloudParent', e)),
    ['test', 'test'],
  )
})

t.test('Azure: development includes none', async (t) => {
  t.same(
    ['development', 'none'].map((e) => environmentGroup('AzureCloudParent', e)),
    ['development', 'development'],
  )
})

t.test('a rule of one cloud does not apply to another', async (t) => {
  t.equal(environmentGroup('GcpCloudParent', 'root'), 'root')
  t.equal(environmentGroup('AwsCloudParent', 'staging'), 'staging')
  t.equal(environmentGroup('GcpCloudParent', 'none'), 'none')
  t.equal(environmentGroup('AzureCloudParent', 'sites'), 'sites')
})

t.test('a missing environment has its own row', async (t) => {
  t.equal(environmentGroup('AwsCloudParent', null), NO_ENVIRONMENT)
  t.equal(environmentGroup('AzureCloudParent', '  '), NO_ENVIRONMENT)
})

t.test('groupEnvironments: the named groups in order (zero when empty), then the others by name', async (t) => {
  t.same(
    groupEnvironments('AwsCloudParent', [
      { environment: 'root', count: 2 },
      { environment: 'production', count: 5 },
      { environment: 'Security', count: 1 },
      { environment: 'zeta', count: 4 },
      { environment: 'alpha', count: 3 },
      { environment: null, count: 1 },
    ]),
    [
      { environment: 'production', count: 7 },
      { environment: 'development', count: 0 },
      { environment: 'test', count: 0 },
      { environment: 'sandbox', count: 0 },
      { environment: 'Security', count: 1 },
      { environment: 'shared-services', count: 0 },
      { environment: 'alpha', count: 3 },
      { environment: 'not set', count: 1 },
      { environment: 'zeta', count: 4 },
    ],
  )
  t.same(
    groupEnvironments('AzureCloudParent', [
      { environment: 'none', count: 2 },
      { environment: 'decommissioned', count: 3 },
      { environment: 'igt', count: 4 },
    ]),
    [
      { environment: 'production', count: 4 },
      { environment: 'development', count: 2 },
      { environment: 'test', count: 3 },
    ],
  )
})

t.test('an inline policy is shown only from 5 characters (spec 000 §3)', async (t) => {
  t.same(['', '{}', 'abcd', 'abcde', null].map(shownInlinePolicy), [null, null, null, 'abcde', null])
})

t.test('a group is dormant when it grants no permission set', async (t) => {
  t.equal(isDormant({ ad_permission_set_id: null, gcp_ad_permission_set_mappings: [] }), true)
  t.equal(isDormant({ ad_permission_set_id: 3, gcp_ad_permission_set_mappings: [] }), false)
  const set = { id: 1, name: 'x', arn: null, description: null, duration: null, managed_policy: null, inline_policy: null, relay: null }
  t.equal(
    isDormant({ ad_permission_set_id: null, gcp_ad_permission_set_mappings: [{ id: 1, ad_permission_set_id: 1, permission_set: set }] }),
    false,
  )
})
