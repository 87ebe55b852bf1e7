/**
 * Issue 42 item 1 in the browser, at 1400 and 800 px: Spend opens from the Information menu (and the
 * palette), shows the monthly totals per currency and the table, filters by provider, business unit
 * and owner into the URL, sorts, offers the CSV of the same filters, and a row opens the bills behind
 * it in the history list; the cost center's record page shows its own spend. axe finds nothing.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import t from 'tap'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startPortal } from '../helper.js'
import { axeRun } from './axe.js'
import { launchBrowser, screenshot, settler, signIn } from './browser.js'
import { expect } from './expect.js'

const monthStart = (offset: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10)
}

t.test('Spend: menu, filters, sort, CSV, a row to its bills, the cost center page', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), seed: false })
  const db = portal.database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail'), ('Gaming')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email) VALUES ('olivia@ccoe.example'), ('pat@ccoe.example')`)
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT identifier, (SELECT id FROM cloud_contacts WHERE email = owner), (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
    FROM (VALUES ('CC-RETAIL', 'olivia@ccoe.example'), ('CC-GAMES', 'pat@ccoe.example')) AS v(identifier, owner)`)
  const [thisMonth, lastMonth, longAgo] = [monthStart(0), monthStart(-1), monthStart(-13)]
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency, business_units_id, reference) VALUES
      (${lastMonth}, 'aws', 'CC-RETAIL', 100, 'EUR', (SELECT id FROM business_units WHERE name = 'Retail'), 'INV-R1'),
      (${thisMonth}, 'aws', 'CC-RETAIL', 150, 'EUR', (SELECT id FROM business_units WHERE name = 'Retail'), 'INV-R2'),
      (${longAgo}, 'aws', 'CC-RETAIL', 999, 'EUR', (SELECT id FROM business_units WHERE name = 'Retail'), 'INV-OLD'),
      (${thisMonth}, 'gcp', 'CC-GAMES', 70, 'USD', (SELECT id FROM business_units WHERE name = 'Gaming'), 'INV-G1')`)
  const [{ id: ccRetail }] = await rows<{ id: number }>(db, sql`SELECT id FROM cost_centers WHERE identifier = 'CC-RETAIL'`)

  const browser = await launchBrowser(t)
  for (const width of [1400, 800]) {
    await t.test(`${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      page.setDefaultTimeout(30_000)
      await signIn(page, portal.baseUrl)
      const settled = settler(page)
      const table = page.getByRole('table', { name: 'Spend per Cost Center' })
      const identifiers = () => table.locator('tbody th').allInnerTexts()
      const query = () => Object.fromEntries(new URL(page.url()).searchParams)

      await openFromMenu(page, width)
      await page.waitForURL('**/auth/spend')
      await page.getByRole('heading', { name: 'Spend', exact: true }).waitFor()
      await settled()
      t.strictSame(await identifiers(), ['CC-RETAIL', 'CC-GAMES'], 'biggest total first; last year is outside the window')
      const wrapped = () =>
        page.locator('.spend-table tbody th').evaluateAll((cells) =>
          cells
            .filter((cell) => {
              const range = document.createRange()
              range.selectNodeContents(cell)
              return new Set([...range.getClientRects()].map((piece) => Math.round(piece.top))).size > 1
            })
            .map((cell) => cell.textContent),
        )
      t.strictSame(await wrapped(), [], 'each cost center on one line, never broken at its hyphen')
      await expect(table.locator('tfoot')).toContainText('Total in EUR')
      await expect(table.locator('tfoot')).toContainText('Total in USD')
      t.equal(await page.getByRole('img', { name: /^Monthly spend chart/ }).count(), 2, 'a chart per currency')
      const retail = table.locator('tbody tr').first()
      await expect(retail).toContainText('+50 %')
      t.strictSame(await axeRun(page), [], 'axe: the screen')
      await screenshot(page, `spend-${width}`)

      await page.getByLabel('Provider').selectOption('gcp')
      await expect.poll(identifiers).toEqual(['CC-GAMES'])
      t.strictSame(query(), { provider: 'gcp' }, 'the filter is in the URL')
      await page.getByLabel('Provider').selectOption('')
      await page.getByLabel('Business Unit').selectOption({ label: 'Retail' })
      await expect.poll(identifiers).toEqual(['CC-RETAIL'])
      await page.getByLabel('Business Unit').selectOption('')
      await page.getByLabel('Owner').fill('pat@ccoe.example')
      await page.getByRole('button', { name: 'Apply' }).click()
      await expect.poll(identifiers).toEqual(['CC-GAMES'])
      t.strictSame(query(), { owner: 'pat@ccoe.example' })
      t.equal(
        await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'),
        '/api/cloud_bills/monthly_spend/csv?owner=pat%40ccoe.example&sort=-total',
        'the CSV of the same filters',
      )
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(identifiers).toEqual(['CC-RETAIL', 'CC-GAMES'])
      await table.getByRole('button', { name: 'Cost Center' }).click()
      await expect.poll(identifiers).toEqual(['CC-GAMES', 'CC-RETAIL'])
      t.strictSame(query(), { sort: 'identifier' }, 'sorted by cost center, in the URL')
      await settled()
      t.strictSame(await axeRun(page), [], 'axe: filtered and sorted')

      await table.getByRole('link', { name: 'Bills of CC-RETAIL, AWS' }).click()
      await page.waitForURL('**/auth/view/cloud_bills?**')
      await page.getByRole('heading', { name: 'Cloud Bills History' }).waitFor()
      t.equal(query().key, 'CC-RETAIL', 'the history list of its cost center')
      t.equal(query().startDate, `${monthStart(-11).slice(0, 7)}-01`, 'from the first month of the window')
      await expect(page.getByRole('cell', { name: 'INV-R2', exact: true }).first()).toBeVisible()
      await expect(page.getByRole('cell', { name: 'INV-R1', exact: true }).first()).toBeVisible()
      t.equal(await page.getByRole('cell', { name: 'INV-G1', exact: true }).count(), 0, "another cost center's bill is not listed")
      t.equal(await page.getByRole('cell', { name: 'INV-OLD', exact: true }).count(), 0, 'nor one outside the window')

      await page.goto(`${portal.baseUrl}/auth/view/cost_centers/${ccRetail}`)
      const own = page.getByRole('table', { name: 'Spend of CC-RETAIL' })
      await own.waitFor()
      await settled()
      t.strictSame(await own.locator('tbody th').allInnerTexts(), ['CC-RETAIL'], 'the cost center page: its own spend only')
      t.strictSame(await wrapped(), [], "the cost center page's cost center on one line")
      t.equal(await page.getByRole('img', { name: 'Monthly spend of CC-RETAIL (EUR)' }).count(), 1)
      t.strictSame(await axeRun(page), [], 'axe: the cost center page')
      await screenshot(page, `spend-cost-center-${width}`)
      await page.close()
    })
  }

  await t.test('the palette opens Spend', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    page.setDefaultTimeout(30_000)
    await signIn(page, portal.baseUrl)
    await page.keyboard.press('Control+k')
    await page.getByRole('textbox', { name: 'Search screens and records' }).fill('spend')
    await page
      .getByRole('menu', { name: 'Results' })
      .getByRole('menuitem', { name: /^Spend/ })
      .first()
      .click()
    await page.waitForURL('**/auth/spend')
    t.pass('Spend from the palette')
    await page.close()
  })
})

/** Information › Spend: the navbar's menu on a wide screen, the Menu drawer on a narrow one. */
async function openFromMenu(page: Page, width: number) {
  if (width >= 1024) {
    await page.getByRole('button', { name: 'Information', exact: true }).click()
    await page.getByRole('menu', { name: 'Information' }).getByRole('menuitem', { name: 'Spend', exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.getByRole('menu', { name: 'Information', exact: true }).getByRole('menuitem', { name: 'Spend', exact: true }).click()
  }
}
