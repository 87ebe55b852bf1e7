/**
 * The Cloud Factory forms as a person uses them (spec 000 §3, §4, §5, §8): the Azure subscription form
 * loads its groups, turns typed spaces into hyphens and derives the subscription type; the AWS form
 * starts on sandbox (no empty choice beside it) and splits its regions and Missing Tags addresses on commas; the security group form refuses a bad address and says
 * the spec's texts. Each request is checked in the upstream's list.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('Cloud Factory forms', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), seed: true })
  const page = await signedInPage(t, portal)
  const latest = async () => (await upstreamJson(portal, '/cloud_requests?per_page=1&sort=-created_at')).data[0]

  await t.test('Azure: hyphens, the derived type, the request stored', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create-azure-subscription')
    await page.getByRole('heading', { name: 'Create Azure Subscription' }).waitFor()
    await page.getByLabel('Subscription Name').fill('lottery data lake')
    t.equal(await page.getByLabel('Subscription Name').inputValue(), 'lottery-data-lake', 'spaces become hyphens')
    const type = page.getByLabel('Subscription Type')
    t.equal((await page.getByLabel('Group').locator('option').allInnerTexts())[0], 'Select…', 'no group chosen yet: the prompt')
    await page.getByLabel('Group').selectOption('online')
    t.equal(await type.inputValue(), 'Production', 'online: Production')
    await page.getByLabel('Group').selectOption('sandbox')
    t.equal(await type.inputValue(), 'DevTest', 'sandbox: DevTest')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Cost Center Tag is required', { exact: true }).first()).toBeVisible()
    await page.getByLabel('Cost Center Tag').fill('2000 LOT 12')
    await page.getByLabel('Owner Tag').fill('alice')
    await page.getByLabel('Project Name Tag').fill('data lake')
    await screenshot(page, 'request-azure')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, MESSAGES.requestSubmitted).first()).toBeVisible()
    const stored = await latest()
    t.same(
      { ...stored, details: JSON.parse(String(stored.details)), id: undefined, created_at: undefined },
      {
        id: undefined,
        created_at: undefined,
        request_type: 'Azure subscription',
        name: 'lottery-data-lake',
        requested_by: 'alice@ccoe.example',
        details: {
          subscription_name: 'lottery-data-lake',
          group_id: 'sandbox',
          cost_center_tag: '2000-LOT-12',
          owner_tag: 'alice',
          project_name_tag: 'data-lake',
          subscription_type: 'DevTest',
        },
      },
    )
    t.equal(await page.getByLabel('Subscription Name').inputValue(), '', 'the form starts again')
  })

  await t.test('AWS: sandbox by default, regions and Missing Tags addresses split on commas', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create-aws-account')
    await page.getByRole('heading', { name: 'Create AWS Account' }).waitFor()
    t.equal(await page.getByLabel('OU', { exact: true }).inputValue(), 'sandbox')
    t.same(
      await page.getByLabel('OU', { exact: true }).locator('option').allInnerTexts(),
      ['sandbox', 'development', 'test', 'production'],
      'the four OUs, no empty prompt beside the default',
    )
    const fill: [string, string][] = [
      ['Account Email', 'aws-e2e@ccoe.example'],
      ['Account Name', 'e2e-account'],
      ['Cost Center Tag', '1000-CCOE-01'],
      ['Department Tag', 'Cloud Engineering'],
      ['Project Name Tag', 'e2e'],
      ['Business Unit Tag', 'CCOE'],
      ['Owner Tag', 'alice@ccoe.example'],
      ['Missing Tags Email', 'tags@ccoe.example, nope'],
      ['Billing Contact', 'billing@ccoe.example'],
      ['Security Contact', 'not an address'],
      ['Operations Contact', 'ops@ccoe.example'],
      ['Regions', 'us-east-1, eu-west-1'],
    ]
    for (const [label, value] of fill) await page.getByLabel(label, { exact: true }).fill(value)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Security Contact must be an email address', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('Missing Tags Email: "nope" is not an email address', { exact: true }).first()).toBeVisible()
    await screenshot(page, 'request-aws')
    await page.getByLabel('Security Contact', { exact: true }).fill('security@ccoe.example')
    await page.getByLabel('Missing Tags Email', { exact: true }).fill('tags@ccoe.example,finops@ccoe.example , ')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, MESSAGES.requestSubmitted).first()).toBeVisible()
    const details = JSON.parse(String((await latest()).details))
    t.same(
      [details.ou, details.regions, details.missingTagsEmails],
      ['sandbox', ['us-east-1', 'eu-west-1'], 'tags@ccoe.example, finops@ccoe.example'],
    )
  })

  await t.test('Spinco security groups: a bad address, then added', async (t) => {
    await page.goto(portal.baseUrl + '/auth/spinco-sg-modification')
    await page.getByLabel('Security Group Name').fill('SG-SPINCO-E2E')
    await page.getByLabel('Users').fill('a@ccoe.example; bob')
    await page.getByRole('button', { name: 'Add Users' }).click()
    await expect(page.getByText('Users: "bob" is not an email address', { exact: true }).first()).toBeVisible()
    await page.getByLabel('Users').fill('a@ccoe.example; bob@ccoe.example')
    await page.getByRole('button', { name: 'Remove Users' }).click()
    await expect(toast(page, MESSAGES.usersRemoved).first()).toBeVisible()
    await screenshot(page, 'request-spinco')
    t.same(await latest().then((r) => [r.request_type, r.name]), ['Spinco SG remove', 'SG-SPINCO-E2E'])
  })

  await t.test('the team lists the requests', async () => {
    await page.goto(portal.baseUrl + '/auth/view/cloud_requests')
    await expect(page.getByRole('cell', { name: 'SG-SPINCO-E2E' }).first()).toBeVisible()
    await screenshot(page, 'request-list')
  })
})
