/**
 * Issue 42 item 3 in the browser, at 1400 and 800 px: the Spend screen shows this month's budgets
 * of its cost centers (month to date, forecast, thresholds reached as tags) and follows its owner
 * filter; the cost center page shows its own; budgets are added on the registry's form, which starts
 * with the 80 and 100 % thresholds and refuses a bad currency or thresholds under their fields, and
 * edited on its edit form. axe finds nothing.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import t from 'tap'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startPortal } from '../helper.js'
import { axeRun } from './axe.js'
import { launchBrowser, screenshot, settler, signIn, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick } from './pick.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('Budgets: the Spend screen, the cost center page, the registry forms', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), seed: false })
  const db = portal.database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email) VALUES ('olivia@ccoe.example'), ('pat@ccoe.example')`)
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT identifier, (SELECT id FROM cloud_contacts WHERE email = owner), (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
    FROM (VALUES ('CC-RETAIL', 'olivia@ccoe.example'), ('CC-GAMES', 'pat@ccoe.example')) AS v(identifier, owner)`)
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency, reference) VALUES
      (date_trunc('month', now())::date, 'aws', 'CC-RETAIL', 150, 'EUR', 'INV-R'),
      (date_trunc('month', now())::date, 'gcp', 'CC-GAMES', 70, 'USD', 'INV-G')`)
  // CC-RETAIL has spent its whole budget whatever the day; CC-GAMES stays far below its own, even at the run rate of the 1st
  await db.execute(sql`
    INSERT INTO cost_center_budgets (cost_center_id, amount, currency, thresholds)
    SELECT id, CASE identifier WHEN 'CC-RETAIL' THEN 150 ELSE 100000 END, CASE identifier WHEN 'CC-RETAIL' THEN 'EUR' ELSE 'USD' END, '80, 100'
    FROM cost_centers`)
  const [{ id: ccRetail }] = await rows<{ id: number }>(db, sql`SELECT id FROM cost_centers WHERE identifier = 'CC-RETAIL'`)

  const browser = await launchBrowser(t)
  for (const [width, currency] of [
    [1400, 'GBP'],
    [800, 'CHF'],
  ] as const) {
    await t.test(`${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      page.setDefaultTimeout(30_000)
      await signIn(page, portal.baseUrl)
      const settled = settler(page)

      await page.goto(`${portal.baseUrl}/auth/spend`)
      const budgets = page.getByRole('table', { name: 'Budgets', exact: true })
      await budgets.waitFor()
      await settled()
      const budgetRows = () => budgets.locator('tbody tr').allInnerTexts()
      t.strictSame(await budgets.locator('tbody th').allInnerTexts(), ['CC-RETAIL', 'CC-GAMES'], 'the most spent first')
      const retail = budgets.locator('tbody tr').first()
      await expect(retail).toContainText('EUR 150.00 (100 %)')
      t.strictSame(await retail.locator('.bp6-tag').allInnerTexts(), ['80 % reached', '100 % reached'], 'exactly at 100 % reaches it')
      t.strictSame(await budgets.locator('tbody tr').nth(1).locator('.bp6-tag').allInnerTexts(), ['Within budget'])
      t.strictSame(await axeRun(page), [], 'axe: Spend with its budgets')
      await screenshot(page, `budgets-spend-${width}`)

      await page.getByLabel('Owner').fill('pat@ccoe.example')
      await page.getByRole('button', { name: 'Apply' }).click()
      await expect.poll(async () => (await budgetRows()).length).toBe(1)
      t.match((await budgetRows())[0], /^CC-GAMES/, "the owner's cost centers only")
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(async () => (await budgetRows()).length).toBe(2)

      await page.goto(`${portal.baseUrl}/auth/view/cost_centers/${ccRetail}`)
      const own = page.getByRole('table', { name: 'Budgets of CC-RETAIL' })
      await own.waitFor()
      await settled()
      t.strictSame(await own.locator('.bp6-tag').allInnerTexts(), ['80 % reached', '100 % reached'], 'the cost center page: its own budget')
      t.strictSame(await axeRun(page), [], 'axe: the cost center page')
      await screenshot(page, `budgets-cost-center-${width}`)

      await page.goto(`${portal.baseUrl}/auth/create/cost_center_budgets`)
      await page.getByRole('heading', { name: 'Add New Cost Center Budget' }).waitFor()
      await settled()
      const thresholds = page.getByLabel('Alert Thresholds (%)')
      t.equal(await thresholds.inputValue(), '80, 100', 'the form starts with the default thresholds')
      await pick(page, page.getByRole('combobox', { name: 'Cost Center' }), 'CC-GAMES', 'games')
      await page.getByLabel('Monthly Amount').fill('500')
      await page.getByLabel('Currency').fill(currency.toLowerCase())
      await thresholds.fill('100, 80')
      await page.getByRole('button', { name: 'Submit' }).click()
      await expect(
        page.getByText('Currency must be a three-letter currency code in capitals, such as USD', { exact: true }).first(),
      ).toBeVisible()
      await expect(page.getByText('Alert Thresholds (%) must ascend, each percent once (80, 100)', { exact: true }).first()).toBeVisible()
      t.strictSame(await axeRun(page), [], 'axe: the form with its refusals')
      await screenshot(page, `budgets-create-refused-${width}`)
      await page.getByLabel('Currency').fill(currency)
      await thresholds.fill('50, 100')
      await page.getByRole('button', { name: 'Submit' }).click()
      await expect(toast(page, 'Your new cost center budget has been added!').first()).toBeVisible()
      const [made] = (await upstreamJson(portal, `/cost_center_budgets?by_cost_center_identifier=CC-GAMES&sort=-id`)).data
      t.hasStrict(made, { cost_center_identifier: 'CC-GAMES', amount: 500, currency, thresholds: '50, 100' }, 'stored as typed')

      await page.goto(`${portal.baseUrl}/auth/view/cost_center_budgets`)
      const list = page.getByRole('table', { name: 'Cost Center Budgets Table' })
      await expect(list.getByRole('cell', { name: `${currency} 500.00`, exact: true }).first()).toBeVisible()
      await settled()
      t.strictSame(await axeRun(page), [], 'axe: the list')
      await screenshot(page, `budgets-list-${width}`)

      await page.goto(`${portal.baseUrl}/auth/edit/cost_center_budgets/${made.id}`)
      await page.getByRole('heading', { name: 'Edit Cost Center Budget' }).waitFor()
      await expect(page.getByLabel('Monthly Amount')).toHaveValue('500')
      await page.getByLabel('Monthly Amount').fill('750')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Your cost center budget has been updated!').first()).toBeVisible()
      const edited = (await upstreamJson<{ data: Record<string, unknown> }>(portal, `/cost_center_budgets/${made.id}`)).data
      t.equal(edited.amount, 750, 'edited')
      // the next width starts from the same budgets
      await db.execute(sql`DELETE FROM cost_center_budgets WHERE id = ${made.id}`)
      await page.close()
    })
  }
})
