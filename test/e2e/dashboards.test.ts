/**
 * Issue 9 items 2–5 in the browser: the dash stats cards and pies (named charts and legends), the
 * posture page's Business Unit filter (kept in the URL), the Membership Requests list, and the
 * Active Directory toggles (dormant, AWS privileged access) kept in the URL.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, toggle } from './browser.js'
import { expect } from './expect.js'

t.test('dashboards, posture, membership requests and directory screens', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)

  await t.test('dash stats: four cards with View Details, three named pies with legends', async (t) => {
    await page.goto(portal.baseUrl + '/auth/dash-stats')
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor()
    const card = (name: string) => page.getByRole('region', { name, exact: true })
    await expect(card('Team Members').getByText('4', { exact: true }).first()).toBeVisible()
    t.equal(await card('Cloud Accounts').locator('.statistic__value').textContent(), '360')
    t.equal(await card('Cost Centers').locator('.statistic__value').textContent(), '4')
    t.equal(await card('Cloud Projects').locator('.statistic__value').textContent(), '28')
    t.equal(await card('Cloud Projects').getByRole('link', { name: 'View Details' }).getAttribute('href'), '/auth/view/cloud_projects')
    for (const chart of ['Cloud Deployments', 'Cloud Providers', 'Cloud Types']) {
      await expect(page.getByRole('img', { name: `${chart} chart` }).first()).toBeVisible()
    }
    const legend = (name: string) =>
      page
        .getByRole('list', { name: `${name} legend` })
        .getByRole('listitem')
        .allTextContents()
    t.same(await legend('Cloud Providers'), ['AWS150 (42%)', 'Azure120 (33%)', 'GCP90 (25%)'])
    t.same(await legend('Cloud Types'), ['AWS Account Request10 (36%)', 'Azure Subscription Request9 (32%)', 'GCP Project Request9 (32%)'])
    t.same(await legend('Cloud Deployments'), [
      'production181 (50%)',
      'development73 (20%)',
      'test69 (19%)',
      'sandbox13 (4%)',
      'Security12 (3%)',
      'shared-services12 (3%)',
    ])
    await screenshot(page, 'dash-stats')
  })

  await t.test('posture: all six units by default; the filter changes the counts and stays in the URL', async (t) => {
    await page.goto(portal.baseUrl + '/auth/account-details')
    await page.getByRole('heading', { name: 'Cloud Account Posture' }).waitFor()
    const total = (name: string) => page.getByRole('region', { name }).locator('.posture-total')
    await expect(total('AWS Accounts').getByText('132').first()).toBeVisible()
    t.equal(await total('Azure Subscriptions').textContent(), '106')
    t.equal(await total('GCP Projects').textContent(), '79')
    const rows = async (name: string) =>
      (await page.getByRole('table', { name }).locator('tbody tr').allTextContents()).map((r) => r.trim())
    t.same(await rows('AWS by environment'), ['production53', 'development25', 'test19', 'sandbox13', 'Security10', 'shared-services12'])
    t.same(await rows('GCP by environment'), ['production43', 'development15', 'test21'])
    t.same(await rows('Azure by environment'), ['production69', 'development22', 'test15'])
    await screenshot(page, 'posture-all')

    // keep CCOE and GAM: remove the other four tags
    for (const unit of ['CORP', 'LOT', 'BET', 'CIO']) {
      await page
        .locator('.bp6-tag', { hasText: new RegExp(`^${unit}$`) })
        .getByRole('button')
        .click()
    }
    await page.waitForURL('**/auth/account-details?business_units=CCOE%2CGAM')
    await expect(total('AWS Accounts').getByText('44', { exact: true }).first()).toBeVisible()
    t.equal(await total('Azure Subscriptions').textContent(), '35')
    t.equal(await total('GCP Projects').textContent(), '27')
    t.same(await rows('AWS by environment'), ['production18', 'development8', 'test6', 'sandbox4', 'Security4', 'shared-services4'])
    await screenshot(page, 'posture-ccoe-gam')

    await page.reload()
    await expect(total('AWS Accounts').getByText('44', { exact: true }).first()).toBeVisible()
    t.same(await page.locator('.bp6-tag').allTextContents(), ['CCOE', 'GAM'], 'the filter comes back from the URL')
    // choose CORP again from the menu
    await page.getByRole('textbox', { name: 'Business Unit' }).click()
    await page.getByRole('option', { name: 'CORP Corporate' }).click()
    await page.waitForURL('**/auth/account-details?business_units=CCOE%2CCORP%2CGAM')
  })

  await t.test('membership requests: email, department, business unit, long date, tick or cross', async (t) => {
    await page.goto(portal.baseUrl + '/auth/membership-requests')
    const table = page.getByRole('table', { name: 'Membership Requests' })
    await expect(table.getByRole('cell', { name: 'farid.haddad@example.com' }).first()).toBeVisible()
    const farid = table.getByRole('row').filter({ hasText: 'farid.haddad@example.com' })
    await expect(farid.getByLabel('Completed', { exact: true }).first()).toBeVisible()
    const ivan = table.getByRole('row').filter({ hasText: 'ivan.petrov@example.com' })
    await expect(ivan.getByLabel('Not completed').first()).toBeVisible()
    t.match(await ivan.textContent(), /Cloud OperationsGAM Gaming[A-Z][a-z]+ \d{1,2}, \d{4}/, 'requested date in long format')
    await screenshot(page, 'membership-requests')
  })

  await t.test('active directory: dormant and privileged toggles, kept in the URL', async (t) => {
    await page.goto(portal.baseUrl + '/auth/active-directory/groups-aws')
    const table = page.getByRole('table', { name: 'AWS Groups' })
    const names = async () => table.locator('tbody th').allTextContents()
    await expect(table.getByRole('rowheader', { name: 'APP_AWS_Billing_Viewers' }).first()).toBeVisible()
    t.same(await names(), [
      'APP_AWS_Billing_Viewers',
      'APP_AWS_Developers_Gaming',
      'APP_AWS_PIM_Admin_Gaming',
      'APP_AWS_PIM_Admin_Lottery',
      'APP_AWS_ReadOnly_Corporate',
    ])
    const admin = page.getByRole('group', { name: 'Permission set AWSAdministratorAccess' }).first()
    await expect(admin.getByText('Inline Policy').first()).toBeVisible()
    const readOnly = page.getByRole('group', { name: 'Permission set AWSReadOnlyAccess' })
    await expect(readOnly.getByText('Read-only access to every service').first()).toBeVisible()
    t.equal(await readOnly.getByText('Inline Policy').count(), 0, "an inline policy shorter than 5 characters ('{}') is not shown")
    await expect(
      table.getByRole('list', { name: 'Cloud parents of APP_AWS_Developers_Gaming' }).getByText('gam-payments-production').first(),
    ).toBeVisible()
    await screenshot(page, 'directory-aws')

    await toggle(page.getByRole('checkbox', { name: 'Privileged access only' }), true)
    await page.waitForURL('**/groups-aws?privileged=true')
    await expect(table.getByRole('rowheader', { name: 'APP_AWS_PIM_Admin_Lottery' }).first()).toBeVisible()
    await expect(table.locator('tbody th')).toHaveCount(2)
    t.same(await names(), ['APP_AWS_PIM_Admin_Gaming', 'APP_AWS_PIM_Admin_Lottery'])

    await toggle(page.getByRole('checkbox', { name: 'Dormant' }), true)
    await page.waitForURL('**/groups-aws?privileged=true&dormant=true')
    await expect(table.getByRole('rowheader', { name: 'APP_AWS_PIM_BreakGlass' }).first()).toBeVisible()
    t.same(await names(), ['APP_AWS_PIM_BreakGlass'])
    await expect(table.getByText('No permission set (dormant)').first()).toBeVisible()

    await page.reload()
    await expect(table.getByRole('rowheader', { name: 'APP_AWS_PIM_BreakGlass' }).first()).toBeVisible()
    t.ok(await page.getByRole('checkbox', { name: 'Dormant' }).isChecked(), 'the toggles come back from the URL')
    t.ok(await page.getByRole('checkbox', { name: 'Privileged access only' }).isChecked())

    await toggle(page.getByRole('checkbox', { name: 'Privileged access only' }), false)
    await page.waitForURL('**/groups-aws?dormant=true')
    await expect(table.getByRole('rowheader', { name: 'APP_AWS_Legacy_Operations' }).first()).toBeVisible()
    t.same(await names(), ['APP_AWS_Legacy_Operations', 'APP_AWS_PIM_BreakGlass'])

    await page.goto(portal.baseUrl + '/auth/active-directory/groups-gcp')
    const gcp = page.getByRole('table', { name: 'GCP Groups' })
    await expect(gcp.getByRole('rowheader', { name: 'APP_GCP_Analytics_Team' }).first()).toBeVisible()
    t.equal(await page.getByRole('checkbox', { name: 'Privileged access only' }).count(), 0, 'the privileged toggle is AWS only')
    const analytics = gcp.getByRole('row').filter({ hasText: 'APP_GCP_Analytics_Team' })
    await expect(analytics.getByRole('group', { name: 'Permission set GCP BigQuery Data Editor' }).first()).toBeVisible()
    await expect(analytics.getByRole('group', { name: 'Permission set GCP Project Viewer' }).first()).toBeVisible()
    await screenshot(page, 'directory-gcp')

    await page.goto(portal.baseUrl + '/auth/active-directory/groups-azure?dormant=true')
    const azure = page.getByRole('table', { name: 'Azure Groups' })
    await expect(azure.getByRole('rowheader', { name: 'APP_AZ_Sandbox_Retired' }).first()).toBeVisible()
    await screenshot(page, 'directory-azure-dormant')

    await page.goto(portal.baseUrl + '/auth/active-directory/groups-other')
    await expect(page.getByText('Not Found - 404').first()).toBeVisible()
  })
})
