/**
 * Inline tables as a person meets them (issue 26 items 15, 16): one row at a time (spec 001 §4), so
 * while a row is open neither Edit nor Delete works on the others; and a wide table (cost centers,
 * 15 columns) scrolls inside its frame at 1400 and 800 px, never widening the page, with room to
 * type an identifier.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, transitionsDone } from './browser.js'
import { expect } from './expect.js'

/** the buttons of every row of the list but `except`, as [label, enabled] pairs */
async function otherButtons(table: Locator, except?: Locator) {
  const rows = await table.locator('tbody tr').all()
  const states: [string, boolean][] = []
  for (const row of rows) {
    if (except && (await row.evaluate((r, e) => r === e, await except.elementHandle()))) continue
    for (const name of ['Edit', 'Delete']) states.push([name, await row.getByRole('button', { name }).isEnabled()])
  }
  return states
}

/** the page scrolls sideways: its content is wider than the window */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

t.test('inline tables: one row at a time, and wide tables inside the page', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const table = page.getByRole('table', { name: 'Cost Centers Table' })
  const row = (identifier: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: identifier, exact: true }) })

  await t.test('while a row is edited or added, Edit and Delete are disabled on every other row (spec 001 §4)', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
    await expect(row('2000-LOT-12').first()).toBeVisible()
    const count = await table.locator('tbody tr').count()
    const allEnabled = Array.from({ length: count }, () => [
      ['Edit', true],
      ['Delete', true],
    ]).flat()
    t.strictSame(await otherButtons(table), allEnabled, 'no row open: every Edit and Delete works')

    await row('2000-LOT-12').getByRole('button', { name: 'Edit' }).click()
    const allDisabled = (n: number) =>
      Array.from({ length: n }, () => [
        ['Edit', false],
        ['Delete', false],
      ]).flat()
    t.strictSame(await otherButtons(table, table.locator('tr.inline-row--editing')), allDisabled(count - 1), 'a row edited')
    await screenshot(page, 'inline-one-row-edit')
    await table.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('alertdialog', { name: 'Sure to cancel?' }).waitFor()
    await transitionsDone(page)
    await page.getByRole('alertdialog', { name: 'Sure to cancel?' }).getByRole('button', { name: 'Yes' }).click()
    await table.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' })
    t.strictSame(await otherButtons(table), allEnabled, 'cancelled: every Edit and Delete works again')

    await page.getByRole('button', { name: 'Add a row' }).click()
    t.strictSame(await otherButtons(table), allDisabled(count), 'a new row open: no Edit, no Delete in the list')
  })

  for (const width of [1400, 800]) {
    await t.test(`${width} px: Add a row and Edit keep the page as wide as the window; the Identifier has room`, async (t) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
      await expect(row('2000-LOT-12').first()).toBeVisible()
      t.equal(await pageWidth(page), width, 'the list alone')

      await page.getByRole('button', { name: 'Add a row' }).click()
      const newRows = page.getByRole('table', { name: 'New rows' })
      const identifier = newRows.getByRole('textbox', { name: 'Identifier' })
      await identifier.waitFor()
      t.equal(await pageWidth(page), width, 'with a new row: the table scrolls in its frame, not the page')
      const box = await identifier.boundingBox()
      // some 20 characters: a 200 px cell (issue 39 item 4: narrower than before, so a row of six fits 1400 px)
      t.ok(box && box.width >= 176, `the new row's Identifier box is ${box?.width} px wide`)
      await screenshot(page, `inline-wide-add-${width}`)

      await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
      await row('2000-LOT-12').getByRole('button', { name: 'Edit' }).click()
      await table.getByRole('button', { name: 'Save' }).waitFor()
      t.equal(await pageWidth(page), width, 'with a row edited')
      await screenshot(page, `inline-wide-edit-${width}`)
    })
  }
})
