/**
 * Cloud bills (spec 001 §2, §8): the upload screen (file picker, Submit) refuses a bad file with the
 * workbook text and the rows named, stores nothing; a good file goes to the history, where the
 * reference filter ('Invoice Num') finds the new bills.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const csvFile = (text: string) => ({ name: 'bills.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })

t.test('cloud bills: upload, then history', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const stored = async () => (await upstreamJson<{ data: unknown[] }>(portal, '/cloud_bills?per_page=100&by_reference=INV-E2E')).data.length

  await page.goto(portal.baseUrl + '/auth/create/cloud_bills')
  await page.getByRole('heading', { name: 'Upload Cloud Bills' }).waitFor()
  const fileInput = page.locator('input[type=file]')

  await fileInput.setInputFiles(
    csvFile('date,provider,identifier,amount,reference\n2024-05-01,aws,E2E-1,12.5,INV-E2E\n2024-05-01,oracle,E2E-2,1,INV-E2E\n'),
  )
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Row 3: provider oracle is not one of aws, azure, gcp' }))
  await expect(page.getByText(MESSAGES.workbookUploadFailed).first())
  await screenshot(page, 'cloud-bills-upload-refused')
  t.equal(await stored(), 0, 'nothing stored')

  await fileInput.setInputFiles(
    csvFile('date,provider,identifier,amount,reference\n2024-05-01,aws,E2E-1,12.5,INV-E2E\n2024-05-01,gcp,E2E-2,7,INV-E2E\n'),
  )
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.dataSubmitted }))
  await page.getByRole('heading', { name: 'Cloud Bills History' }).waitFor()
  t.equal(await stored(), 2, 'both bills stored')

  await page.getByPlaceholder('Invoice Num').fill('INV-E2E')
  await expect(page.getByRole('cell', { name: 'E2E-2', exact: true }))
  await expect(page.getByRole('cell', { name: 'E2E-1', exact: true }))
  await screenshot(page, 'cloud-bills-history')
})
