/**
 * No lost updates (If-Match): two people edit the same company; the second, stale save is refused
 * with the record-changed text and a Reload action, and nothing of it is stored.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { launchBrowser, screenshot, signIn, upstreamJson } from './browser.js'
import { expect } from './expect.js'

t.test('a stale save is refused and can be reloaded', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const person = async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(10_000)
    await signIn(page, portal.baseUrl)
    return page
  }
  const [first, second] = [await person(), await person()]
  const [company] = (await upstreamJson(portal, '/companies?by_code=3100')).data as { id: number; country: string }[]
  const open = async (page: Page) => {
    await page.goto(`${portal.baseUrl}/auth/edit/companies/${company.id}`)
    await expect(page.getByLabel('Location').first()).toBeVisible()
    await t.equal(await page.getByLabel('Location').inputValue(), company.country)
  }
  const save = async (page: Page, country: string) => {
    await page.getByLabel('Location').fill(country)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
  }
  await open(first)
  await open(second)

  await save(first, 'Firstland')
  await expect(first.getByRole('alert').filter({ hasText: 'Your company has been updated!' }).first()).toBeVisible()

  await save(second, 'Secondland')
  const refused = second.getByRole('alert').filter({ hasText: 'was changed by someone else since you loaded it' })
  await expect(refused.first()).toBeVisible()
  await screenshot(second, 'stale-edit-refused')
  const [stored] = (await upstreamJson(portal, `/companies?by_code=3100`)).data as { country: string }[]
  t.equal(stored.country, 'Firstland', 'the first save stands; nothing of the stale one is stored')

  await second.locator('.bp6-toast').filter({ hasText: 'was changed by someone else' }).getByText('Reload', { exact: true }).click()
  const location = await second.getByLabel('Location').elementHandle()
  await second
    .waitForFunction((input) => (input as HTMLInputElement).value === 'Firstland', location, { timeout: 5_000 })
    .catch(() => undefined)
  t.equal(await second.getByLabel('Location').inputValue(), 'Firstland', 'reloaded: the form shows the current version')
  await save(second, 'Secondland')
  await expect(second.getByRole('alert').filter({ hasText: 'Your company has been updated!' }).first()).toBeVisible()
  const [after] = (await upstreamJson(portal, `/companies?by_code=3100`)).data as { country: string }[]
  t.equal(after.country, 'Secondland', 'saved over the version it has seen')
})

t.test('an inline row saved over someone else’s change is refused too, and Reload shows the current row', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.setDefaultTimeout(10_000)
  await signIn(page, portal.baseUrl)
  const [department] = (await upstreamJson(portal, '/departments?by_name=Cloud%20Operations')).data as {
    id: number
    abbreviation: string
  }[]
  await page.goto(`${portal.baseUrl}/auth/crud/departments`)
  const records = page.getByRole('table', { name: 'Departments Table' })
  const row = records.getByRole('row').filter({ hasText: 'Cloud Operations' })
  await row.getByRole('button', { name: 'Edit' }).click()

  // meanwhile someone else saves the same department (a script, straight at the API)
  const other = await fetch(`${portal.upstreamUrl}/departments/${department.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'bob@ccoe.example', 'content-type': 'application/json' },
    body: JSON.stringify({ department: { abbreviation: 'BOB' } }),
  })
  t.equal(other.status, 200)

  await records.getByRole('textbox', { name: 'Abbreviation' }).fill('MINE')
  await records.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'was changed by someone else since you loaded it' }).first()).toBeVisible()
  const now = await upstreamJson<{ data: { abbreviation: string } }>(portal, `/departments/${department.id}`)
  t.equal(now.data.abbreviation, 'BOB', 'the other save stands; nothing of the stale one is stored')

  await page.locator('.bp6-toast').filter({ hasText: 'was changed by someone else' }).getByText('Reload', { exact: true }).click()
  await expect(
    records.getByRole('row').filter({ hasText: 'Cloud Operations' }).getByRole('cell', { name: 'BOB', exact: true }).first(),
  ).toBeVisible()
  await screenshot(page, 'stale-inline-reloaded')
})
