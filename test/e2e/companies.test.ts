/**
 * Companies (spec 001 §2, §5): typing the company code fills the GL accounts and RI/Reno; the add
 * and edit forms ask before saving, and say so when the save fails.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('companies', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const gl = async () => ({
    aws: await page.getByLabel('AWS GL').inputValue(),
    gcp: await page.getByLabel('GCP GL').inputValue(),
    azure: await page.getByLabel('Azure GL').inputValue(),
    riOrReno: await page.getByLabel('RI/Reno').inputValue(),
  })

  await t.test('the company code fills the GL accounts', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/companies')
    await expect(
      page.getByRole('table', { name: 'Companies Table' }).getByRole('cell', { name: '3100', exact: true }).first(),
    ).toBeVisible()
    await screenshot(page, 'companies-list')
    await page.getByRole('link', { name: 'Add New Company' }).click()
    await page.getByRole('heading', { name: 'Add New Company' }).waitFor()
    const code = page.getByLabel('Company Code')
    await code.fill('3100')
    t.same(await gl(), { aws: '784031', gcp: '784033', azure: '784032', riOrReno: 'Reno' }, '3100 is a Reno company')
    await code.fill('9999')
    t.same(await gl(), { aws: '520084', gcp: '520110', azure: '520109', riOrReno: 'RI' }, '9999 is an RI company')
    await code.fill('1000')
    t.same(await gl(), { aws: '784031', gcp: '784033', azure: '784032', riOrReno: 'Reno' }, '1000 is a Reno company')
    await code.fill('9999')
    await page.getByLabel('Location').fill('Testland')
    await page.getByLabel('GL Type').selectOption('Other')
    await screenshot(page, 'companies-create')
  })

  await t.test('Submit asks first, then adds', async (t) => {
    await page.getByRole('button', { name: 'Submit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your new company has been added!').first()).toBeVisible()
    await page.waitForURL('**/auth/view/companies')
    await expect(page.getByRole('cell', { name: 'Testland', exact: true }).first()).toBeVisible()
    const stored = await upstreamJson(portal, '/companies?by_code=9999')
    t.equal(stored.data.length, 1, 'one company')
    t.hasStrict(
      stored.data[0],
      { code: '9999', country: 'Testland', aws_gl: '520084', gcp_gl: '520110', azure_gl: '520109', riOrReno: 'RI', gl_type: 'Other' },
      'stored with the derived GL accounts',
    )
  })

  await t.test('edit: a new code refills the GL accounts; confirm; updated', async (t) => {
    await page.getByRole('button', { name: 'Actions for 9999' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit Company' }).waitFor()
    const code = page.getByLabel('Company Code')
    await expect(code).toHaveValue('9999')
    await code.fill('3500')
    t.same(await gl(), { aws: '784031', gcp: '784033', azure: '784032', riOrReno: 'Reno' }, '3500 is a Reno company')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your company has been updated!').first()).toBeVisible()
    const stored = await upstreamJson(portal, '/companies?by_code=3500')
    const edited = stored.data.filter((r) => r.country === 'Testland')
    t.equal(edited.length, 1, 'one company')
    t.hasStrict(
      edited[0],
      { code: '3500', country: 'Testland', aws_gl: '784031', gcp_gl: '784033', azure_gl: '784032', riOrReno: 'Reno', gl_type: 'Other' },
      'stored',
    )
  })

  // spec 001 §8 'Page submit' (the inline table says 'adding this company record' instead)
  const submitFailed = 'There was a problem submitting this company. Please try again.'
  const failedToast = async () => {
    const failed = toast(page, submitFailed)
    await expect(failed.first()).toBeVisible()
    return (await failed.last().innerText()).trim()
  }

  await t.test('a taken code: the add page says it could not submit, and stays', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/companies')
    const code = page.getByLabel('Company Code')
    await code.fill('3100')
    // the GL accounts follow the code: the form has taken the value before it is submitted
    await expect(page.getByLabel('AWS GL')).toHaveValue('784031')
    await page.getByRole('button', { name: 'Submit' }).click()
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/companies'))
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    t.equal((await refused).status(), 409, 'the server refuses the taken code')
    t.equal(await failedToast(), `${submitFailed}\nReason: Company Code "3100" already exists`, 'the page-submit text, the reason beneath')
    t.match(page.url(), /\/auth\/create\/companies$/, 'the form stays')
    t.equal((await upstreamJson(portal, '/companies?by_code=3100')).data.length, 1, 'no second 3100')
  })

  await t.test('a taken code: the edit page says the same', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/companies')
    await page.getByRole('button', { name: 'Actions for 3500' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const code = page.getByLabel('Company Code')
    await expect(code).toHaveValue('3500')
    await code.fill('3100')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    t.equal(await failedToast(), `${submitFailed}\nReason: Company Code "3100" already exists`, 'the page-submit text, the reason beneath')
    t.match(page.url(), /\/auth\/edit\/companies\/\d+$/, 'the form stays')
  })
})
