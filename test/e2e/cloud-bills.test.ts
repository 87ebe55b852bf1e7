/**
 * Cloud bills (spec 001 §2, §8): the upload screen (file picker, Submit) refuses a bad file with the
 * workbook text and the rows named, stores nothing; a good file goes to the history, where the
 * reference filter ('Invoice Num') finds the new bills.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { format } from 'date-fns'
import type { Route } from 'playwright-core'
import { defaultDashboardRange } from '../../shared/billing/date-ranges.js'
import { PICKER_DATE_FORMAT } from '../../shared/constants.js'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { holdRequests, screenshot, signedInPage, upstreamJson } from './browser.js'
import { pick } from './pick.js'
import { expect } from './expect.js'
import { readOutbox } from '../upstream/fixtures/outbox.js'

const csvFile = (text: string) => ({ name: 'bills.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })

t.test('cloud bills: upload, then history', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const stored = async () => (await upstreamJson<{ data: unknown[] }>(portal, '/cloud_bills?per_page=100&by_reference=INV-E2E')).data.length

  // the history's Upload link opens the upload screen
  await page.goto(portal.baseUrl + '/auth/view/cloud_bills')
  await page.getByRole('heading', { name: 'Cloud Bills History' }).waitFor()
  await page.getByRole('link', { name: 'Upload' }).click()
  await page.getByRole('heading', { name: 'Upload Cloud Bills' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/auth/create/cloud_bills')
  const fileInput = page.locator('input[type=file]')

  await fileInput.setInputFiles(
    csvFile('date,provider,identifier,amount,reference\n2024-05-01,aws,E2E-1,12.5,INV-E2E\n2024-05-01,oracle,E2E-2,1,INV-E2E\n'),
  )
  // Submit checks the file first (a dry run): its summary, then Confirm uploads it
  const summary = page.getByRole('region', { name: 'What the file would do' })
  await page.getByRole('button', { name: 'Submit' }).click()
  await summary.waitFor()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Row 3: provider oracle is not one of aws, azure, gcp' }).first()).toBeVisible()
  await expect(page.getByText(MESSAGES.workbookUploadFailed).first()).toBeVisible()
  await screenshot(page, 'cloud-bills-upload-refused')
  t.equal(await stored(), 0, 'nothing stored')

  await fileInput.setInputFiles(
    csvFile('date,provider,identifier,amount,reference\n2024-05-01,aws,E2E-1,12.5,INV-E2E\n2024-05-01,gcp,E2E-2,7,INV-E2E\n'),
  )
  // the upload held on its way: the bar shows while it goes
  await page.getByRole('button', { name: 'Submit' }).click()
  await summary.waitFor()
  const upload = await holdRequests(page, '**/api/upload/cloud_bills')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('progressbar', { name: 'Upload progress' }).first()).toBeVisible()
  await screenshot(page, 'cloud-bills-uploading')
  upload.release()
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.dataSubmitted }).first()).toBeVisible()
  await upload.stop()
  t.equal(await page.getByRole('progressbar').count(), 0, 'the bar goes with the answer')
  await page.getByRole('heading', { name: 'Cloud Bills History' }).waitFor()
  t.equal(await stored(), 2, 'both bills stored')

  await page.getByPlaceholder('Invoice Num').fill('INV-E2E')
  await expect(page.getByRole('cell', { name: 'E2E-2', exact: true }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: 'E2E-1', exact: true }).first()).toBeVisible()
  await screenshot(page, 'cloud-bills-history')

  await t.test('Export Data: this month by default, one identifier or all, emailed', async (t) => {
    await page.getByRole('button', { name: 'Export Data' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Data' })
    const now = new Date()
    // Blueprint's date inputs, in the pickers' format (spec 001 §9: MMMM d, yyyy)
    const first = new Date(now.getFullYear(), now.getMonth(), 1)
    t.equal(await dialog.getByLabel('From').inputValue(), format(first, PICKER_DATE_FORMAT), 'the window starts on the first of this month')
    const last = new Date(now.getFullYear(), now.getMonth() + 1, 0)
    t.equal(await dialog.getByLabel('To').inputValue(), format(last, PICKER_DATE_FORMAT), 'and ends on its last day')
    t.equal(await dialog.getByLabel('Email').inputValue(), 'alice@ccoe.example', 'prefilled with the signed-in address')
    t.equal(await dialog.getByRole('button', { name: 'Send' }).isDisabled(), true, 'one identifier needs its name')
    await dialog.getByLabel('Identifier', { exact: true }).fill('E2E-1')
    await dialog.getByLabel('From').fill('May 1, 2024')
    await dialog.getByLabel('To').fill('May 31, 2024')
    // typed, not Enter (it would send the form): the picker closes when the dialog's title is clicked
    await dialog.getByRole('heading', { name: 'Export Data' }).click()
    t.strictSame(
      [await dialog.getByLabel('From').inputValue(), await dialog.getByLabel('To').inputValue()],
      ['May 1, 2024', 'May 31, 2024'],
    )
    await screenshot(page, 'cloud-bills-export')
    // the connection lost on the way: the §8 export failure text, the dialog stays for another try
    const cut = (route: Route) => route.abort('connectionreset')
    await page.route('**/api/cloud_bills/send_single', cut)
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.billsExportFailed }).first()).toBeVisible()
    t.ok(await dialog.isVisible(), 'the dialog stays open')
    await page.unroute('**/api/cloud_bills/send_single', cut)
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.reportEmailed }).first()).toBeVisible()
    await dialog.waitFor({ state: 'hidden' })
    await portal.upstream.mail.idle()
    const mails = readOutbox(portal.outboxDir).filter((m) => m.headers.subject === 'Cloud bills of E2E-1, 2024-05-01 to 2024-05-31')
    t.equal(mails.length, 1, 'the export is mailed')
    t.same(
      mails[0].attachments[0].content
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',').slice(0, 8).join(',')),
      ['2024-05-01,aws,,,INV-E2E,,E2E-1,12.5'],
      'with the bill of that identifier in the window',
    )
  })

  await t.test('the dashboard: spend per cost center of a window, as a chart and a table', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cloud_bills')
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByRole('heading', { name: 'Billing Dashboard' }).waitFor()
    await expect(page.getByText('Note: a date holds the charges of the previous month').first()).toBeVisible()
    // the default range: the first day of last month to today, shown by the picker
    await expect(page.getByRole('img', { name: 'Spend per Cost Center chart' }).first()).toBeVisible()
    t.equal(await page.getByLabel('Identifier').inputValue(), 'all', 'the select starts with all')
    const shown = (d: Date) => format(d, PICKER_DATE_FORMAT)
    const start = page.getByLabel('Start date')
    const end = page.getByLabel('End date')
    const byDefault = defaultDashboardRange(new Date())
    t.strictSame(
      [await start.inputValue(), await end.inputValue()],
      [shown(byDefault.start), shown(byDefault.end)],
      'by default, the first day of last month to today',
    )
    await screenshot(page, 'cloud-bills-dashboard-default')

    await page.getByLabel('Start date').fill('May 1, 2024')
    await page.getByLabel('End date').fill('May 31, 2024')
    await page.getByLabel('End date').press('Enter')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL('**/auth/cloud-bills-dashboard?key=all&start=2024-05-01&end=2024-05-31')
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Spend per Cost Center' })
    await expect(table.getByRole('cell', { name: 'E2E-1', exact: true }).first()).toBeVisible()
    t.same(
      await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))),
      [
        ['E2E-1', '12.50', '1'],
        ['E2E-2', '7.00', '1'],
      ],
      'the two uploaded bills of May 2024, summed by the upstream',
    )
    await page.getByLabel('Identifier').selectOption('E2E-2')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL('**/auth/cloud-bills-dashboard?key=E2E-2&start=2024-05-01&end=2024-05-31')
    // the last answer's rows stay until the new one comes: wait for the other identifier to go
    await table.getByRole('cell', { name: 'E2E-1', exact: true }).waitFor({ state: 'detached' })
    await expect(table.getByRole('cell', { name: '7.00' }).first()).toBeVisible()
    t.equal(await table.locator('tbody tr').count(), 1, 'one identifier')
    await page.getByRole('button', { name: 'Chart' }).click()
    await expect(page.getByRole('img', { name: 'Spend per Cost Center chart' }).first()).toBeVisible()
    await screenshot(page, 'cloud-bills-dashboard')
    // the picker's presets (last: a fiscal year's end bounds the picker): a fiscal year runs Feb 1 to Jan 31
    await start.click()
    for (const preset of ['Last month', 'Last 3 months', 'Last 6 months', 'Fiscal year 2018', 'Fiscal year 2020']) {
      await expect(page.getByText(preset, { exact: true }).first()).toBeVisible()
    }
    await page.getByText('Fiscal year 2019', { exact: true }).click()
    t.strictSame([await start.inputValue(), await end.inputValue()], ['February 1, 2019', 'January 31, 2020'], 'fiscal year 2019')
    await screenshot(page, 'cloud-bills-dashboard-presets')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL('**/auth/cloud-bills-dashboard?key=E2E-2&start=2019-02-01&end=2020-01-31')
  })

  await t.test('the inline bill table: business unit and CC network chosen in selects, saved', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/cloud_bills')
    const table = page.getByRole('table', { name: 'Cloud Bills History' })
    await table.waitFor()
    await page.getByPlaceholder('Invoice Num').fill('INV-E2E')
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'E2E-1', exact: true }) })
    await row.getByRole('button', { name: 'Edit' }).click()
    await pick(page, table.getByRole('combobox', { name: 'Business Unit' }), 'Gaming', 'Gam')
    await pick(page, table.getByRole('combobox', { name: 'CC Network' }), 'NET-3100-07', '3100-07')
    await screenshot(page, 'cloud-bills-inline-edit')
    await table.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Your cloud bill has been updated!' }).first()).toBeVisible()
    const saved = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'E2E-1', exact: true }) })
    await expect(saved.getByRole('cell', { name: 'NET-3100-07', exact: true }).first()).toBeVisible()
    t.ok(await saved.getByRole('cell', { name: 'Gaming', exact: true }).isVisible(), 'the row shows the business unit')
    const stored = await upstreamJson(portal, '/cloud_bills?per_page=100&by_identifier=E2E-1')
    t.strictSame(
      stored.data.map(({ identifier, amount, business_unit_name, cost_center_network_identifier }) => ({
        identifier,
        amount,
        business_unit_name,
        cost_center_network_identifier,
      })),
      [{ identifier: 'E2E-1', amount: 12.5, business_unit_name: 'Gaming', cost_center_network_identifier: 'NET-3100-07' }],
      'stored with both lookups, the rest as it was',
    )
  })
})
