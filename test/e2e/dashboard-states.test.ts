/**
 * What the dashboards show in their in-between states (issue 26 items 19, 20, 21): the billing
 * dashboard's presets stay selectable after an old fiscal year (a typed date past the spec's maximum
 * is still refused); Cloud Account Posture says it is loading, and asks for a business unit when
 * none is chosen; counts of one read in the singular; the Finalize tab offers its providers as the
 * Process tab does.
 */
import { resolve } from 'node:path'
import { addDays, format } from 'date-fns'
import t from 'tap'
import { lastMonths } from '../../shared/billing/date-ranges.js'
import { PICKER_DATE_FORMAT } from '../../shared/constants.js'
import { startPortal } from '../helper.js'
import { holdRequests, screenshot, signedInPage, toggle, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

t.test('dashboard states', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const shown = (d: Date) => format(d, PICKER_DATE_FORMAT)

  await t.test('billing dashboard: after Fiscal year 2018 every preset is still there to choose', async (t) => {
    await page.goto(portal.baseUrl + '/auth/cloud-bills-dashboard')
    const start = page.getByLabel('Start date')
    const end = page.getByLabel('End date')
    await start.click()
    const shortcuts = page.getByRole('menu', { name: 'Date picker shortcuts' })
    await shortcuts.getByRole('menuitem', { name: 'Fiscal year 2018' }).click()
    t.strictSame([await start.inputValue(), await end.inputValue()], ['February 1, 2018', 'January 31, 2019'])
    // the picker closes on a preset: open it again, as a person does to choose another
    await shortcuts.waitFor({ state: 'detached' })
    await start.click()
    await expect(shortcuts.first()).toBeVisible()
    const presets = await shortcuts
      .getByRole('menuitem')
      .evaluateAll((items) => items.map((i) => [i.textContent, i.getAttribute('aria-disabled') === 'true']))
    t.strictSame(
      presets,
      ['Last month', 'Last 3 months', 'Last 6 months', 'Fiscal year 2018', 'Fiscal year 2019', 'Fiscal year 2020'].map((p) => [p, false]),
      'every preset can be chosen',
    )
    await screenshot(page, 'dashboard-presets-after-2018')

    await shortcuts.getByRole('menuitem', { name: 'Last month' }).click()
    const lastMonth = lastMonths(new Date(), 1)
    t.strictSame([await start.inputValue(), await end.inputValue()], [shown(lastMonth.start), shown(lastMonth.end)], 'back to last month')

    // spec 001 §9: the maximum is the range end plus 24 hours; a typed end two days later is refused
    await end.fill(shown(addDays(lastMonth.end, 2)))
    await end.press('Tab')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/start=/)
    t.equal(new URL(page.url()).searchParams.get('end'), format(lastMonth.end, 'yyyy-MM-dd'), 'the range kept its end')
    await end.fill(shown(addDays(lastMonth.end, 1)))
    await end.press('Tab')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(`**end=${format(addDays(lastMonth.end, 1), 'yyyy-MM-dd')}`)
    t.pass('a typed end one day later is taken')
  })

  await t.test("billing dashboard: a total of one cost center says 'cost center'", async (t) => {
    const { data } = await upstreamJson<{ data: { identifier: string; date: string }[] }>(portal, '/cloud_bills?per_page=1')
    const bill = data[0]
    t.ok(bill, 'a bill to show')
    const day = bill.date.slice(0, 10)
    await page.goto(`${portal.baseUrl}/auth/cloud-bills-dashboard?key=${encodeURIComponent(bill.identifier)}&start=${day}&end=${day}`)
    await page.getByRole('button', { name: 'Table' }).click()
    const total = page.getByRole('table', { name: 'Spend per Cost Center' }).locator('tfoot th').first()
    await expect(total.first()).toBeVisible()
    t.equal(await total.textContent(), 'Total (1 cost center)')
  })

  await t.test('posture: a loading state, and a hint when no business unit is chosen', async (t) => {
    const held = await holdRequests(page, '**/api/cloud_parents/posture**')
    await page.goto(portal.baseUrl + '/auth/account-details')
    await expect(page.getByRole('progressbar', { name: 'Loading the posture' }).first()).toBeVisible()
    t.equal(await page.getByRole('region', { name: 'AWS Accounts' }).count(), 0, 'no cards before the counts')
    await screenshot(page, 'posture-loading')
    held.release()
    await held.stop()
    const total = (name: string) => page.getByRole('region', { name }).locator('.posture-total')
    await expect(total('AWS Accounts').getByText('132').first()).toBeVisible()

    for (const unit of ['CCOE', 'CORP', 'GAM', 'LOT', 'BET', 'CIO']) {
      await page
        .locator('.bp6-tag', { hasText: new RegExp(`^${unit}$`) })
        .getByRole('button')
        .click()
    }
    await page.waitForURL('**/auth/account-details?business_units=')
    await expect(page.getByRole('heading', { name: 'Pick at least one business unit' }).first()).toBeVisible()
    t.equal(await page.getByRole('region', { name: 'AWS Accounts' }).count(), 0, 'no zero counts')
    await screenshot(page, 'posture-no-unit')
    await page.setViewportSize({ width: 800, height: 900 })
    await screenshot(page, 'posture-no-unit-800')
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.getByRole('button', { name: 'All business units' }).click()
    await expect(total('AWS Accounts').getByText('132').first()).toBeVisible()
  })

  await t.test('finalize: the providers as on the Process tab, GCP chosen; one line in the singular', async (t) => {
    await page.goto(portal.baseUrl + '/auth/billing-automation')
    const panel = page.getByRole('tabpanel')
    const options = async () =>
      panel.getByLabel('Provider').evaluate((s) => [...(s as HTMLSelectElement).options].map((o) => [o.textContent, o.disabled]))
    const processed = await options()
    t.strictSame(processed, [
      ['GCP', false],
      ['Azure', false],
      ['AWS', true],
    ])
    await page.getByRole('tab', { name: 'Finalize Invoice' }).click()
    await page.waitForURL('**/auth/billing-automation?tab=finalize')
    await transitionsDone(page)
    t.strictSame(await options(), [
      ['GCP', false],
      ['Azure', false],
      ['AWS', false],
    ])
    t.equal(await panel.getByLabel('Provider').inputValue(), 'gcp', 'GCP first and chosen, as on the Process tab')

    const header = 'Date,Provider,Company Code,Currency,Reference,GL Account,Identifier,Amount'
    await panel.locator('input[type=file]').setInputFiles({
      name: 'invoice.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n2026-10-01,gcp,1000,USD,INV-E2E-ONE,650300,1000-CCOE-01,10.00\n`),
    })
    await toggle(panel.getByLabel('Populate cloud bills table'), true)
    await panel.getByRole('button', { name: 'Submit' }).click()
    const outcome = page.getByRole('status').filter({ hasText: 'checked' })
    await expect(outcome.first()).toBeVisible()
    t.match(await outcome.textContent(), /1 line checked, 1 cloud bill added, 0 cost center owners emailed\.$/)
    await screenshot(page, 'finalize-one-line')
    await page.setViewportSize({ width: 800, height: 900 })
    await screenshot(page, 'finalize-one-line-800')
  })
})
