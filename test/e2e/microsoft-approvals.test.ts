/**
 * Microsoft approvals (spec 001 §2: inline edit and delete): the demo approvals with their assignee
 * list, a status edited inline and stored, a row deleted after 'Sure to delete?'.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { signedInPage, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('Microsoft approvals: inline edit and delete', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const records = page.getByRole('table', { name: 'Microsoft Approvals Table' })
  const recordRow = (title: string) => records.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) })
  const stored = async (title: string) => (await upstreamJson(portal, `/microsoft_approvals?by_title=${encodeURIComponent(title)}`)).data

  await page.goto(portal.baseUrl + '/auth/crud/microsoft_approvals')
  await page.getByRole('heading', { name: 'Microsoft Approvals Table' }).waitFor()
  const pending = 'New Azure subscription for the Analytics sandbox'
  await expect(
    recordRow(pending).getByRole('cell', { name: 'alice.martin@example.com, bruno.rossi@example.com', exact: true }).first(),
  ).toBeVisible()
  t.pass('the assignee list is shown as stored')

  await t.test('Save of an edited status stores it', async (t) => {
    await recordRow(pending).getByRole('button', { name: 'Edit' }).click()
    await records.getByRole('textbox', { name: 'Status' }).fill('Approved')
    await records.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your Microsoft approval has been updated!').first()).toBeVisible()
    await expect(recordRow(pending).getByRole('cell', { name: 'Approved', exact: true }).first()).toBeVisible()
    const [saved, ...more] = await stored(pending)
    t.equal(more.length, 0, 'one record')
    t.hasStrict(saved, { status: 'Approved', assigned_to: 'alice.martin@example.com, bruno.rossi@example.com' })
  })

  await t.test('Delete asks Sure to delete? and removes the row', async (t) => {
    const rejected = 'Public IP on the legacy billing VM'
    await recordRow(rejected).getByRole('button', { name: 'Delete' }).click()
    const pop = page.getByRole('alertdialog', { name: 'Sure to delete?' })
    await pop.waitFor()
    await transitionsDone(page)
    await pop.getByRole('button', { name: 'Yes' }).click()
    await expect(toast(page, 'The Microsoft approval has been deleted!').first()).toBeVisible()
    await recordRow(rejected).waitFor({ state: 'detached' })
    t.same(await stored(rejected), [], 'gone from the database')
  })
})
