/** The survey add form's fill from the chosen cloud parent (web/src/features/cloud-survey-responses/prefill.ts). */
import t from 'tap'
import { SURVEY_COMPARISON } from '../../shared/resources/cloud-survey-responses.js'
import { prefill, referenceValues } from '../../web/src/features/cloud-survey-responses/prefill.js'

const PARENT = {
  id: 7,
  provider_type: 'AzureCloudParent',
  identifier: 'abc',
  name: 'gam-web',
  email: 'azure+gam-web@example.com',
  cloud_contact_email: 'alice.martin@example.com',
  business_unit_name: 'GAM',
  department: 'Cloud Engineering',
  environment: 'production',
  cost_center: null,
  terminated: false,
  billing_contact: 'finops@example.com',
  security_contact: 'security@example.com',
  operations_contact: 'ops-gam@example.com',
}

t.test("a cloud parent in the survey's terms", async (t) => {
  t.strictSame(referenceValues(SURVEY_COMPARISON, PARENT), {
    provider: 'azure',
    project_name: 'gam-web',
    distribution_list: 'azure+gam-web@example.com',
    account_owner: 'alice.martin@example.com',
    business_unit: 'GAM',
    department: 'Cloud Engineering',
    cloud_environment: 'production',
    cost_center: '',
    billing_contact: 'finops@example.com',
    security_contact: 'security@example.com',
    operations_contact: 'ops-gam@example.com',
  })
})

t.test('empty fields and the previous fill take the new values; what the person typed stays', async (t) => {
  const first = prefill(SURVEY_COMPARISON, PARENT, { identifier: 'abc', provider: '', department: 'Finance', still_in_use: 'Yes' })
  t.equal(first.values.provider, 'azure')
  t.equal(first.values.department, 'Finance', 'typed by the person')
  t.equal(first.values.still_in_use, 'Yes', 'not a cloud parent field')
  t.equal(first.filled.department, undefined)
  const other = { ...PARENT, provider_type: 'GcpCloudParent', name: 'lot-data', environment: 'test' }
  const second = prefill(SURVEY_COMPARISON, other, { ...first.values, cloud_environment: 'staging' }, first.filled)
  t.strictSame(
    [second.values.provider, second.values.project_name, second.values.cloud_environment, second.values.department],
    ['gcp', 'lot-data', 'staging', 'Finance'],
    'the previous fill is replaced, the person’s changes since are kept',
  )
})
