/**
 * Numbers and dates people read at a glance (issue 29 item 4): an amount with its currency and two
 * decimals (list, dashboard chart and table), counts in the right number, expired cost centers,
 * networks and certifications marked, clouds named AWS, Azure, GCP, and one date input everywhere:
 * Blueprint's, typed in the spec's MMMM d, yyyy, cleared where the spec says so, never a native one.
 * Today is the browser clock the test sets (mid-2026), not the machine's.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

/** today for the page: 1 July 2026, noon (its Date; its timers run as ever) */
const TODAY = new Date(2026, 6, 1, 12)

const nativeDateInputs = (page: Page) => page.locator('input[type=date], input[type=datetime-local], input[type=month]').count()

t.test('numbers and dates', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.clock.setFixedTime(TODAY)
  // a euro bill on a day no demo bill has (they are dated the first of a month)
  await portal.database.db.execute(sql`
    INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount)
    VALUES ('2026-06-15', 'aws', '1000', 'EUR', 'INV-FMT-1', '650100', 'FMT-CC-1', 1234.5)`)

  await t.test('the bills history: the amount with its currency, the cloud as AWS, the count in words', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cloud_bills?by_reference=INV-FMT-1')
    const row = page.getByRole('row').filter({ hasText: 'FMT-CC-1' })
    await expect(row.getByText('EUR 1,234.50', { exact: true }).first()).toBeVisible()
    await expect(row.getByText('AWS', { exact: true }).first()).toBeVisible()
    const pager = page.getByRole('navigation', { name: 'Pagination' }).first()
    await expect(pager.getByText('1–1 of 1 cloud bill', { exact: true }).first()).toBeVisible()
    await page.goto(portal.baseUrl + '/auth/view/cloud_bills')
    await expect(pager.getByText(/^1–25 of [\d,]+ cloud bills$/).first()).toBeVisible()
    await screenshot(page, 'numbers-dates-bills-list')
  })

  await t.test("the bills history's date filter: Blueprint's input, typed as MMMM d, yyyy, cleared", async (t) => {
    t.equal(await nativeDateInputs(page), 0, 'no native date input in the filter row')
    const day = page.getByRole('combobox', { name: 'Date', exact: true })
    await day.fill('June 15, 2026')
    await page.waitForURL(/by_date=2026-06-15/)
    await expect(page.getByRole('row').filter({ hasText: 'FMT-CC-1' }).first()).toBeVisible()
    await page.getByRole('heading', { name: 'Cloud Bills History' }).click()
    t.equal(await day.inputValue(), 'June 15, 2026')
    await page.getByRole('button', { name: 'Clear Date' }).click()
    await page.waitForURL((url) => !url.searchParams.has('by_date'))
    t.equal(await day.inputValue(), '', 'cleared: no day, no filter')

    await page.getByRole('button', { name: 'Export Data' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Data' })
    await dialog.getByLabel('From').waitFor()
    t.equal(await nativeDateInputs(page), 0, 'nor in the Export Data dialog')
    t.equal(await dialog.getByLabel('From').inputValue(), 'July 1, 2026', 'this month, in the pickers’ format')
    t.equal(await dialog.getByRole('button', { name: 'Clear From' }).count(), 0, 'a window needs both its days: not clearable')
    // Escape in a date box of a dialog closes its calendar, not the dialog with what was typed
    const from = dialog.getByLabel('From')
    await from.click()
    await expect(from).toHaveAttribute('aria-expanded', 'true')
    await from.fill('July 3, 2026')
    await from.press('Escape')
    await expect(from).toHaveAttribute('aria-expanded', 'false')
    t.equal(await dialog.count(), 1, 'the dialog stays open')
    t.equal(await from.inputValue(), 'July 3, 2026', 'with what was typed')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
  })

  await t.test('the dashboard: the currency on the chart’s axis, beside each figure, and the count in words', async (t) => {
    await page.goto(portal.baseUrl + '/auth/cloud-bills-dashboard?key=all&start=2026-06-15&end=2026-06-15')
    const chart = page.getByRole('img', { name: 'Spend per Cost Center chart' })
    await expect(chart.getByText('Spend (EUR)', { exact: true }).first()).toBeVisible()
    await screenshot(page, 'numbers-dates-bills-chart')
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Spend per Cost Center' })
    t.strictSame(
      await table.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))),
      [
        ['Identifier', 'Spend (EUR)', 'Bills'],
        ['FMT-CC-1', 'EUR 1,234.50', '1'],
        ['Total (1 cost center)', 'EUR 1,234.50', ''],
      ],
    )
  })

  await t.test('the dashboard: bills of two currencies are never added together, one total each', async (t) => {
    await portal.database.db.execute(sql`
      INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount)
      VALUES ('2026-06-16', 'gcp', '1000', 'USD', 'INV-FMT-2', '650300', 'FMT-CC-1', 10), ('2026-06-16', 'gcp', '1000', 'USD', 'INV-FMT-2', '650300', 'FMT-CC-2', 5.25)`)
    await page.goto(portal.baseUrl + '/auth/cloud-bills-dashboard?key=all&start=2026-06-15&end=2026-06-16')
    for (const currency of ['EUR', 'USD']) {
      const chart = page.getByRole('img', { name: `Spend per Cost Center chart (${currency})` })
      await expect(chart.getByText(`Spend (${currency})`, { exact: true }).first()).toBeVisible()
    }
    t.equal(await page.getByRole('img', { name: /^Spend per Cost Center chart/ }).count(), 2, 'a chart per currency')
    await screenshot(page, 'numbers-dates-bills-chart-currencies')
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Spend per Cost Center' })
    await expect(table.getByText('USD 15.25', { exact: true }).first()).toBeVisible()
    t.strictSame(
      await table.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))),
      [
        ['Identifier', 'Spend', 'Bills'],
        ['FMT-CC-1', 'EUR 1,234.50', '1'],
        ['FMT-CC-1', 'USD 10.00', '1'],
        ['FMT-CC-2', 'USD 5.25', '1'],
        ['Total in EUR (1 cost center)', 'EUR 1,234.50', ''],
        ['Total in USD (2 cost centers)', 'USD 15.25', ''],
      ],
    )
    await screenshot(page, 'numbers-dates-bills-table-currencies')
  })

  await t.test('expired cost centers, networks and certifications are marked; the others not', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cost_centers?by_identifier=WBS-CORP-2024-01')
    const pager = page.getByRole('navigation', { name: 'Pagination' }).first()
    await expect(pager.getByText('1–1 of 1 cost center', { exact: true }).first()).toBeVisible()
    const expiredCenter = page.getByRole('row').filter({ hasText: 'WBS-CORP-2024-01' })
    await expect(expiredCenter.getByText('Expired', { exact: true }).first()).toBeVisible()
    await expiredCenter.getByText('Expired', { exact: true }).first().scrollIntoViewIfNeeded()
    await screenshot(page, 'numbers-dates-cost-center-expired')
    await page.goto(portal.baseUrl + '/auth/view/cost_centers')
    await expect(page.getByRole('row').filter({ hasText: '1000-CCOE-01' }).first()).toBeVisible()
    t.equal(
      await page.getByRole('row').filter({ hasText: '1000-CCOE-01' }).getByText('Expired', { exact: true }).count(),
      0,
      'no expiry: not marked',
    )
    await screenshot(page, 'numbers-dates-cost-centers')

    await page.goto(portal.baseUrl + '/auth/view/cloud_certifications')
    const certification = (name: string) => page.getByRole('row').filter({ hasText: name })
    await expect(
      certification('Microsoft Certified: Azure Administrator Associate').getByText('Expired', { exact: true }).first(),
    ).toBeVisible()
    await expect(certification('Google Cloud Professional Cloud Architect').first()).toBeVisible()
    t.equal(
      await certification('Google Cloud Professional Cloud Architect').getByText('Expired', { exact: true }).count(),
      0,
      'expiring in November 2026: still valid on 1 July',
    )

    const [network] = (await upstreamJson<{ data: { id: number }[] }>(portal, '/cost_center_networks?by_identifier=NET-1000-00')).data
    await page.goto(portal.baseUrl + `/auth/view/cost_center_networks/${network.id}`)
    const record = page.getByRole('table', { name: 'NET-1000-00' })
    await expect(record.getByRole('row', { name: /^Expired 31-Jan-2025 Expired/ }).first()).toBeVisible()
  })

  await t.test('cloud parents: AWS, Azure, GCP in the list and the filter, the values as stored', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cloud_parents?by_provider_type=AwsCloudParent')
    const cloud = page.getByRole('combobox', { name: 'Cloud', exact: true })
    await expect(cloud).toHaveValue('AwsCloudParent')
    t.strictSame(await cloud.locator('option').allTextContents(), ['All', 'AWS', 'GCP', 'Azure'])
    // a wide read-only list: the grid
    const grid = page.getByRole('region', { name: 'Cloud Parents Table (grid)' })
    await expect(grid.getByText('AWS', { exact: true }).first()).toBeVisible()
    t.equal(await grid.getByText('AwsCloudParent').count(), 0, 'never the stored type')
    await page.getByLabel('Cloud', { exact: true }).selectOption('GcpCloudParent')
    await expect(grid.getByText('GCP', { exact: true }).first()).toBeVisible()
  })

  await t.test("forms: Blueprint's date input, typed as MMMM d, yyyy; cleared where the spec says", async (t) => {
    for (const model of ['cost_centers', 'cost_center_networks', 'cloud_certifications', 'project_ids']) {
      await page.goto(portal.baseUrl + `/auth/create/${model}`)
      await page.getByRole('button', { name: 'Submit' }).waitFor()
      await page.locator('.bp6-date-input, [class*="date-input"]').first().waitFor()
      t.equal(await nativeDateInputs(page), 0, `${model}: no native date input`)
    }
    await page.goto(portal.baseUrl + '/auth/create/cloud_certifications')
    await page.getByRole('heading', { name: 'Add New Cloud Certification' }).waitFor()
    const issued = page.getByRole('combobox', { name: 'Issue Date' })
    const expires = page.getByRole('combobox', { name: 'Expiration Date' })
    await issued.fill('March 5, 2026')
    await expires.fill('March 5, 2029')
    await page.getByRole('heading', { name: 'Add New Cloud Certification' }).click()
    t.strictSame([await issued.inputValue(), await expires.inputValue()], ['March 5, 2026', 'March 5, 2029'])
    await screenshot(page, 'numbers-dates-form')
    t.equal(await page.getByRole('button', { name: 'Clear Issue Date' }).count(), 0, 'the issue date is required: no Clear')
    await page.getByRole('button', { name: 'Clear Expiration Date' }).click()
    // the input empties on the next render: a retrying check, not one read
    await expect(expires).toHaveValue('')
    t.pass('the expiry cleared')
    t.equal(await page.getByRole('button', { name: 'Clear Expiration Date' }).count(), 0, 'nothing left to clear')
  })
})
