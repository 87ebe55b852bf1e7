/**
 * Billing Automation (spec 000 §2, §8) as the team uses it: opened from the Services menu; an Azure
 * invoice processed (its bills in the history), a Google month refused under its field; an invoice
 * file finalized with two steps; the GCP load confirmed first; every step listed in the jobs table.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { demoInvoiceId, monthBefore } from '../../server/upstream/db/seed/provider-invoices.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, toggle, upstreamJson } from './browser.js'
import { expect } from './expect.js'

t.test('billing automation: process, finalize, load GCP data', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const billsOf = async (reference: string) =>
    (await upstreamJson<{ data: { identifier: string }[] }>(portal, `/cloud_bills?per_page=100&by_reference=${reference}`)).data.length
  const jobsTable = page.getByRole('region', { name: 'Billing Jobs' })
  // the tab shown: the others are rendered too, hidden
  const panel = page.getByRole('tabpanel')

  await page.getByRole('button', { name: 'Services' }).click()
  await page.getByRole('menuitem', { name: 'Billing Automation' }).click()
  await page.getByRole('heading', { name: 'Billing Automation', level: 1 }).waitFor()
  await expect(page.getByRole('tab', { name: 'Process an Invoice', selected: true }).first()).toBeVisible()
  await expect(jobsTable.getByText('No billing jobs yet').first()).toBeVisible()
  t.equal(await page.getByRole('option', { name: 'AWS' }).first().isDisabled(), true, 'AWS invoices are not processed here')

  await t.test('a Google invoice needs a month like 202204, then an Azure invoice becomes bills', async (t) => {
    await panel.getByLabel('Invoice id').fill('3800001')
    await panel.getByLabel('Date', { exact: true }).fill('2022-04')
    await page.getByRole('button', { name: 'Process Google Invoice' }).click()
    await expect(page.getByText('Date must be a month like 202204').first()).toBeVisible()

    const azure = demoInvoiceId('azure', monthBefore(new Date(), 1))
    await panel.getByLabel('Provider').selectOption('azure')
    t.equal(await panel.getByLabel('Date', { exact: true }).count(), 0, 'the Azure form asks for the invoice id only')
    await panel.getByLabel('Invoice id').fill(azure)
    await page.getByRole('button', { name: 'Process Azure Invoice' }).click()
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.dataSubmitted }).first()).toBeVisible()
    await expect(jobsTable.getByRole('cell', { name: azure }).first()).toBeVisible()
    await expect(jobsTable.getByRole('cell', { name: 'Invoice processed' }).first()).toBeVisible()
    t.equal(await billsOf(azure), 5, 'its five lines are bills')

    await panel.getByLabel('Invoice id').fill(azure)
    await page.getByRole('button', { name: 'Process Azure Invoice' }).click()
    await expect(page.getByText(/was processed on \d{4}-\d{2}-\d{2}: its bills are in the history/).first()).toBeVisible()
    await screenshot(page, 'billing-automation-process')
  })

  await t.test('finalize: a file of another provider is refused; a good one with two steps is recorded', async (t) => {
    await page.getByRole('tab', { name: 'Finalize Invoice' }).click()
    await page.waitForURL('**/auth/billing-automation?tab=finalize')
    await panel.getByLabel('Provider').selectOption('gcp')
    const file = (text: string) => ({ name: 'invoice.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
    const header = 'Date,Provider,Company Code,Currency,Reference,GL Account,Identifier,Amount'
    await panel
      .locator('input[type=file]')
      .setInputFiles(file(`${header}\n2026-10-01,azure,1000,USD,INV-E2E-F,650300,1000-CCOE-01,10.00\n`))
    await panel.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Row 2: provider azure, not gcp' }).first()).toBeVisible()
    t.equal(await billsOf('INV-E2E-F'), 0, 'nothing stored')

    await panel
      .locator('input[type=file]')
      .setInputFiles(
        file(
          `${header}\n2026-10-01,gcp,1000,USD,INV-E2E-F,650300,1000-CCOE-01,10.00\n2026-10-01,gcp,3100,EUR,INV-E2E-F,650300,3100-GAM-07,5.50\n`,
        ),
      )
    await toggle(panel.getByLabel('Populate cloud bills table'), true)
    await toggle(panel.getByLabel('Send Nalo/Nagi invoices'), true)
    await panel.getByRole('button', { name: 'Submit' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: '2 lines checked, 2 cloud bills added, 0 cost center owners emailed.' }).first(),
    ).toBeVisible()
    t.equal(await billsOf('INV-E2E-F'), 2)
    // each amount with its currency; amounts of two currencies are never added together
    await expect(
      jobsTable.getByRole('cell', { name: 'Invoices per company code: 1000: 1 line, USD 10.00; 3100: 1 line, EUR 5.50' }).first(),
    ).toBeVisible()
    await expect(jobsTable.getByRole('cell', { name: '2 lines, total USD 10.00 and EUR 5.50; 2 cloud bills added' }).first()).toBeVisible()
    await expect(jobsTable.getByRole('cell', { name: 'Invoice finalized' }).first()).toBeVisible()
    await screenshot(page, 'billing-automation-finalize')
  })

  await t.test('GCP Trigger: Load GCP Data asks first; cancel changes nothing, confirm loads the waiting invoices', async (t) => {
    await page.getByRole('tab', { name: 'GCP Trigger' }).click()
    await page.getByRole('button', { name: 'Load GCP Data' }).click()
    const dialog = page.getByRole('dialog', { name: 'Load GCP Data?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const google = demoInvoiceId('gcp', monthBefore(new Date(), 1))
    t.equal(await billsOf(google), 0, 'cancelled: nothing loaded')

    await page.getByRole('button', { name: 'Load GCP Data' }).click()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `${MESSAGES.dataSubmitted} 3 invoices, 15 bills.` })
        .first(),
    ).toBeVisible()
    t.equal(await billsOf(google), 5, 'the Google invoices are bills')
    await expect(jobsTable.getByRole('cell', { name: 'GCP data load' }).first()).toBeVisible()
    await screenshot(page, 'billing-automation-gcp')
  })
})
