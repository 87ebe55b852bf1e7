/**
 * A person's round trip in Debian's chromium: sign in through the IdP form, add, edit and delete
 * a department, sign out. On the way: the form's own checks and the server's refusals under the
 * field they concern, and a refused delete that closes its question (7k).
 */
import { resolve } from 'node:path'
import t from 'tap'
import { getResource } from '../../shared/resources/index.js'
import { startPortal } from '../helper.js'
import { launchBrowser, signIn } from './browser.js'
import { expect } from './expect.js'

t.test('sign in, add, edit and delete a department, sign out', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const page = await browser.newPage()
  page.setDefaultTimeout(15_000)

  await signIn(page, portal.baseUrl)
  await expect(page.getByRole('heading', { name: 'Reference data' }).first()).toBeVisible()
  t.pass('home after sign-in')

  await page.goto(portal.baseUrl + '/auth/view/departments')
  await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  await page.getByRole('link', { name: 'Add New Department' }).click()
  await page.getByRole('heading', { name: 'Add New Department' }).waitFor()
  await page.getByLabel('Name').fill('Cloud Platform')
  await page.getByLabel('Abbreviation').fill('CPL')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Your new department has been added!').first()).toBeVisible()
  await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  await expect(page.getByRole('cell', { name: 'Cloud Platform', exact: true }).first()).toBeVisible()
  const stored = async (name: string) =>
    (
      (await (
        await fetch(`${portal.upstreamUrl}/departments?by_name=${encodeURIComponent(name)}`, {
          headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example' },
        })
      ).json()) as { data: { name: string; abbreviation: string | null }[] }
    ).data.map(({ name, abbreviation }) => ({ name, abbreviation }))
  t.same(await stored('Cloud Platform'), [{ name: 'Cloud Platform', abbreviation: 'CPL' }], 'stored as typed')

  await page.getByRole('button', { name: 'Actions for Cloud Platform' }).click()
  await page.getByRole('menuitem', { name: 'Edit' }).click()
  await page.getByRole('heading', { name: 'Edit Department' }).waitFor()
  const name = page.getByLabel('Name')
  await expect(name).toHaveValue('Cloud Platform')
  await name.fill('Cloud Platforms')
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your department has been updated!').first()).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Cloud Platforms', exact: true }).first()).toBeVisible()
  t.same(await stored('Cloud Platform'), [{ name: 'Cloud Platforms', abbreviation: 'CPL' }], 'stored as edited')

  await page.getByRole('button', { name: 'Actions for Cloud Platforms' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await expect(page.getByText('Sure to delete?').first()).toBeVisible()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('The department has been deleted!').first()).toBeVisible()
  await page.getByRole('cell', { name: 'Cloud Platforms', exact: true }).waitFor({ state: 'detached' })

  t.same(await stored('Cloud Platform'), [], 'the database no longer has it')

  const group = (label: string) => page.locator('.bp6-form-group').filter({ has: page.getByLabel(label) })
  await t.test('an empty name is refused by the form, a taken one by the server: both under Name', async (t) => {
    await page.getByRole('link', { name: 'Add New Department' }).click()
    await page.getByRole('heading', { name: 'Add New Department' }).waitFor()
    await page.getByLabel('Name').fill('   ')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(group('Name').getByText('Please Input Name!').first()).toBeVisible()
    const limit = getResource('departments').fields.find((f) => f.name === 'name')?.maxLength
    t.equal(await page.getByLabel('Name').getAttribute('maxlength'), String(limit), 'the input carries the registry maxLength')
    await page.getByLabel('Name').fill('Cloud Engineering')
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/departments')
    await page.getByRole('button', { name: 'Submit' }).click()
    const refused = await answer
    const body = (await refused.json()) as { error: string; fields?: Record<string, string> }
    t.equal(refused.status(), 409, 'a duplicate name')
    const taken = 'Name "Cloud Engineering" already exists'
    t.same(body, { error: taken, statusCode: 409, fields: { name: taken } }, 'the server names the field')
    await expect(group('Name').getByText(taken, { exact: true }).first()).toBeVisible()
    t.pass('the server reason is under Name')
    t.match(page.url(), /\/auth\/create\/departments$/, 'the form stays')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  })

  await t.test("a refused delete closes 'Sure to delete?' and says why", async (t) => {
    const used = (await (
      await fetch(`${portal.upstreamUrl}/cost_centers?per_page=1`, {
        headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example' },
      })
    ).json()) as { data: { department_name: string }[] }
    const name = used.data[0]?.department_name ?? ''
    t.not(name, '', 'a department a cost center uses')
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const question = page.getByRole('dialog', { name: 'Sure to delete?' })
    await question.waitFor()
    const answer = page.waitForResponse((r) => r.request().method() === 'DELETE')
    await question.getByRole('button', { name: 'Delete', exact: true }).click()
    const refused = await answer
    t.equal(refused.status(), 409, 'the server refuses: the department is in use')
    const { error } = (await refused.json()) as { error: string }
    await expect(page.getByRole('alert').filter({ hasText: error }).first()).toBeVisible()
    await question.waitFor({ state: 'detached' })
    t.pass('the question is closed, the toast says why')
    await expect(page.getByRole('cell', { name, exact: true }).first()).toBeVisible()
  })

  await page.getByRole('link', { name: 'Log Out' }).click()
  await expect(page.getByText('Logging You Out...').first()).toBeVisible()
  await page.waitForURL('**/unauth/home', { timeout: 15_000 })
  const session = await page.evaluate(async () => (await fetch('/api/session')).status)
  t.equal(session, 401, 'signed out')
})
