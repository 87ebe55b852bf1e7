/**
 * A person's round trip in Debian's chromium: sign in through the IdP form, add, edit and delete
 * a department, sign out.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { startPortal } from '../helper.js'
import { launchBrowser, signIn } from './browser.js'
import { expect } from './expect.js'

t.test('sign in, add, edit and delete a department, sign out', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const page = await browser.newPage()
  page.setDefaultTimeout(15_000)

  await signIn(page, portal.baseUrl)
  await expect(page.getByRole('heading', { name: 'Reference data' }))
  t.pass('home after sign-in')

  await page.goto(portal.baseUrl + '/auth/view/departments')
  await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  await page.getByRole('link', { name: 'Add New Department' }).click()
  await page.getByRole('heading', { name: 'Add New Department' }).waitFor()
  await page.getByLabel('Name').fill('Cloud Platform')
  await page.getByLabel('Abbreviation').fill('CPL')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Your new department has been added!'))
  await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  await expect(page.getByRole('cell', { name: 'Cloud Platform', exact: true }))

  await page.getByRole('button', { name: 'Actions for Cloud Platform' }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  await page.getByRole('heading', { name: 'Edit Department' }).waitFor()
  const name = page.getByLabel('Name')
  await expect(name, async () => (await name.inputValue()) === 'Cloud Platform')
  await name.fill('Cloud Platforms')
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your department has been updated!'))
  await expect(page.getByRole('cell', { name: 'Cloud Platforms', exact: true }))

  await page.getByRole('button', { name: 'Actions for Cloud Platforms' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await expect(page.getByText('Sure to delete?'))
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('The department has been deleted!'))
  await page.getByRole('cell', { name: 'Cloud Platforms', exact: true }).waitFor({ state: 'detached' })

  const rows = (await (await fetch(`${portal.upstreamUrl}/departments?by_name=Cloud%20Platform`, {
    headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example' },
  })).json()) as { data: unknown[] }
  t.same(rows.data, [], 'the database no longer has it')

  await page.getByRole('link', { name: 'Log Out' }).click()
  await expect(page.getByText('Logging You Out...'))
  await page.waitForURL('**/unauth/home', { timeout: 15_000 })
  const session = await page.evaluate(async () => (await fetch('/api/session')).status)
  t.equal(session, 401, 'signed out')
})
