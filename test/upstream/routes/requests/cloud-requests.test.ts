/**
 * Issue 9 item 7 over HTTP, through the gateway against the real upstream: the Cloud Factory calls of
 * spec 000 §7 validate their bodies (a 400 naming the field, a 422 for a group or folder that does
 * not exist), keep each request with who asked and when, and the team lists them (issue 39 item 5: an
 * AWS request's Missing Tags Email takes addresses separated by commas); the Azure groups
 * and GCP folders come from their tables.
 */
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import {
  missingTagsEmailsProblem,
  subscriptionTypeOf,
  splitRegions,
  hyphenate,
  usersProblem,
} from '../../../../shared/rules/cloud-requests.js'
import { startPortal } from '../../../helper.js'
import { signedInApi } from '../../../lib/sign-in.js'

const AWS = {
  accountEmail: 'aws-lottery-data@ccoe.example',
  accountName: 'lottery-data',
  ou: 'sandbox',
  costCenterTag: '2000-LOT-12',
  departmentTag: 'Cloud Engineering',
  projectNameTag: 'lottery-data',
  businessUnitTag: 'LOT',
  ownerTag: 'alice@ccoe.example',
  // one address or more, separated by commas as the regions are typed
  missingTagsEmails: 'tags@ccoe.example, finops@ccoe.example',
  billingContact: 'billing@ccoe.example',
  securityContact: 'security@ccoe.example',
  operationsContact: 'ops@ccoe.example',
  regions: ['us-east-1', 'eu-west-1'],
}
const AZURE = {
  subscription_name: 'lottery-analytics-2',
  group_id: 'online',
  subscription_type: 'Production',
  cost_center_tag: '2000-LOT-12',
  owner_tag: 'alice@ccoe.example',
  project_name_tag: 'lottery-analytics',
}
const GCP = {
  project_name: 'gaming-ml',
  folder_id: '402234567890',
  cost_center_tag: '3000-GAM-01',
  owner_tag: 'bob@ccoe.example',
  project_name_tag: 'gaming-ml',
}

t.test('the rules the forms and the upstream share', async (t) => {
  t.same(['corp', 'online', 'Corp', ' online '].map(subscriptionTypeOf), ['Production', 'Production', 'Production', 'Production'])
  t.same(['sandbox', 'development', 'corporate', ''].map(subscriptionTypeOf), ['DevTest', 'DevTest', 'DevTest', 'DevTest'])
  t.same(splitRegions(' us-east-1,eu-west-1 ,, ap-southeast-2'), ['us-east-1', 'eu-west-1', 'ap-southeast-2'])
  t.equal(hyphenate('my new\tproject  x'), 'my-new-project--x')
  t.equal(usersProblem(' ; '), 'At least one user address is required')
  t.equal(usersProblem('a@ccoe.example; nope'), 'Users: "nope" is not an email address')
  t.equal(usersProblem('a@ccoe.example; b@ccoe.example;'), undefined)
  t.equal(missingTagsEmailsProblem('a@ccoe.example, b@ccoe.example,'), undefined)
  t.equal(
    missingTagsEmailsProblem('a@ccoe.example; b@ccoe.example'),
    'Missing Tags Email: "a@ccoe.example; b@ccoe.example" is not an email address',
  )
  t.equal(missingTagsEmailsProblem(' ,'), 'Missing Tags Email is required')
})

t.test('the Cloud Factory calls', async (t) => {
  const portal = await startPortal(t, { seed: true })
  const api = await signedInApi(portal.baseUrl)
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await api(method, path, body)
    return { status: answer.status, body: answer.text ? answer.json() : undefined }
  }
  const requests = async () => (await call('GET', 'cloud_requests?per_page=100')).body.data as Record<string, unknown>[]
  const refused = (status: number, field: string, message: string) => ({
    status,
    body: { error: message, statusCode: status, fields: { [field]: message } },
  })

  t.test('GET /azure-groups and /gcp-folders', async (t) => {
    t.same(await call('GET', 'azure-groups'), {
      status: 200,
      body: { data: ['corp', 'decommissioned', 'development', 'online', 'sandbox', 'test'] },
    })
    t.same(await call('GET', 'gcp-folders'), {
      status: 200,
      body: {
        data: [
          {
            label: 'Non-production',
            options: [
              { label: 'dev', value: '402234567890' },
              { label: 'staging', value: '402234567891' },
            ],
          },
          {
            label: 'Production',
            options: [
              { label: 'prod-apps', value: '401234567890' },
              { label: 'prod-data', value: '401234567891' },
            ],
          },
          { label: 'Sandbox', options: [{ label: 'sandbox', value: '403234567890' }] },
        ],
      },
    })
  })

  t.test('each request is kept with who asked, when and what', async (t) => {
    const before = await requests()
    const sent: [string, unknown, string, string, string][] = [
      ['account/create', AWS, 'AWS account', 'lottery-data', MESSAGES.requestSubmitted],
      ['azure-subscriptions/create', AZURE, 'Azure subscription', 'lottery-analytics-2', MESSAGES.requestSubmitted],
      ['gcp-project/create', GCP, 'GCP project', 'gaming-ml', MESSAGES.requestSubmitted],
      [
        'spinco_sgs/add',
        { securityGroupName: 'SG-SPINCO-OPS', users: 'a@ccoe.example; b@ccoe.example' },
        'Spinco SG add',
        'SG-SPINCO-OPS',
        MESSAGES.usersAdded,
      ],
      [
        'spinco_sgs/remove',
        { securityGroupName: 'SG-SPINCO-OPS', users: 'a@ccoe.example' },
        'Spinco SG remove',
        'SG-SPINCO-OPS',
        MESSAGES.usersRemoved,
      ],
    ]
    for (const [path, body, type, name, message] of sent) {
      const answer = await call('POST', path, body)
      t.equal(answer.status, 201, path)
      t.same(answer.body, { data: { id: answer.body.data.id, request_type: type, name, message } }, `${path} answers`)
      const [stored] = (await requests()).filter((r) => r.id === answer.body.data.id)
      t.same(
        { ...stored, created_at: undefined, details: JSON.parse(String(stored.details)) },
        { id: answer.body.data.id, request_type: type, name, requested_by: 'alice@ccoe.example', details: body, created_at: undefined },
        `${path} stored`,
      )
      t.ok(Date.parse(String(stored.created_at)) > 0, 'with its time')
    }
    t.equal((await requests()).length, before.length + 5)
    t.equal((await call('POST', 'cloud_requests', { name: 'x' })).status, 404, 'the list is read-only through the gateway')
    const filtered = (await call('GET', 'cloud_requests?by_request_type=GCP%20project')).body.data
    t.same(
      filtered.map((r: Record<string, unknown>) => r.name),
      ['gaming-ml'],
      'filtered by request type',
    )
  })

  t.test('bad input is refused with the field, and nothing is stored', async (t) => {
    const before = await requests()
    const cases: [string, unknown, ReturnType<typeof refused>][] = [
      ['account/create', { ...AWS, accountEmail: 'not-an-email' }, refused(422, 'accountEmail', 'Account Email must be an email address')],
      ['account/create', { ...AWS, billingContact: '' }, refused(400, 'billingContact', 'Billing Contact is required')],
      ['account/create', { ...AWS, ou: 'root' }, refused(400, 'ou', 'OU must be one of sandbox, development, test, production')],
      ['account/create', { ...AWS, regions: [] }, refused(400, 'regions', 'Regions needs at least 1 item')],
      [
        'account/create',
        { ...AWS, regions: ['us-east-1', 'mars'] },
        refused(400, 'regions', 'Regions must be AWS region names such as us-east-1'),
      ],
      ['account/create', { ...AWS, regions: 'us-east-1,eu-west-1' }, refused(400, 'regions', 'Regions must be array')],
      ['account/create', { ...AWS, extra: 1 }, refused(400, 'extra', 'Unknown field "extra"')],
      [
        'account/create',
        { ...AWS, missingTagsEmails: 'tags@ccoe.example, nope' },
        refused(400, 'missingTagsEmails', 'Missing Tags Email: "nope" is not an email address'),
      ],
      ['account/create', { ...AWS, missingTagsEmails: ' , ' }, refused(400, 'missingTagsEmails', 'Missing Tags Email is required')],
      [
        'azure-subscriptions/create',
        { ...AZURE, subscription_name: 'has space' },
        refused(400, 'subscription_name', 'Subscription Name must not contain spaces'),
      ],
      ['azure-subscriptions/create', { ...AZURE, group_id: 'nowhere' }, refused(422, 'group_id', 'Group "nowhere" does not exist')],
      [
        'azure-subscriptions/create',
        { ...AZURE, group_id: 'sandbox', subscription_type: 'Production' },
        refused(422, 'subscription_type', 'Subscription Type must be DevTest for the group sandbox'),
      ],
      ['gcp-project/create', { ...GCP, folder_id: '999' }, refused(422, 'folder_id', 'Folder "999" does not exist')],
      ['gcp-project/create', { ...GCP, owner_tag: 'bob smith' }, refused(400, 'owner_tag', 'Owner Tag must not contain spaces')],
      ['spinco_sgs/add', { securityGroupName: 'SG-X', users: ' ; ' }, refused(400, 'users', 'At least one user address is required')],
      [
        'spinco_sgs/remove',
        { securityGroupName: 'SG-X', users: 'a@ccoe.example;bob' },
        refused(400, 'users', 'Users: "bob" is not an email address'),
      ],
      ['spinco_sgs/add', { users: 'a@ccoe.example' }, refused(400, 'securityGroupName', 'Security Group Name is required')],
    ]
    for (const [path, body, expected] of cases) t.same(await call('POST', path, body), expected, `${path}: ${expected.body.error}`)
    t.same(await requests(), before, 'nothing stored')
  })
})
