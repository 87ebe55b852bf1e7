/**
 * SAP cost centers' Upload New Cost Centers (spec 001 §5, §8): the dialog names the columns the file
 * needs and refuses a file not named .csv.zip before anything is sent; a good zipped CSV is loaded and
 * shows up in the list; a refused file says why (the spec text, then the reason, apart) and stays
 * chosen for another try, and the list stays as it was.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { makeZip } from '../lib/zip.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

type Row = Record<string, unknown>

t.test('SAP cost centers: Upload New Cost Centers', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const table = page.getByRole('table', { name: 'SAP Cost Centers Table' })
  const cell = (identifier: string) => table.getByRole('cell', { name: identifier, exact: true })
  const identifiers = async () => (await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((s) => s.trim())
  const stored = async () => (await upstreamJson<{ data: Row[] }>(portal, '/sap_cost_centers?per_page=100')).data

  // every POST the page makes to the upload endpoint
  const uploads: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/upload/sap_cost_centers') uploads.push(r.url())
  })

  const dialog = page.getByRole('dialog', { name: 'Upload New Cost Centers' })
  const fileInput = dialog.locator('input[type=file]')
  // the file is checked first (a dry run, which shows what it would do); Confirm uploads it
  const uploadButton = dialog.getByRole('button', { name: 'Check file' })
  const openDialog = async () => {
    await page.getByRole('button', { name: 'Upload New Cost Centers' }).click()
    await dialog.waitFor()
  }

  await page.goto(portal.baseUrl + '/auth/view/sap_cost_centers')
  await page.getByRole('heading', { name: 'SAP Cost Centers Table' }).waitFor()
  await expect(cell('SAP-1000-4711').first()).toBeVisible()

  // a company code and an owner the demo data has, as the API reports them
  const company = (await upstreamJson<{ data: Row[] }>(portal, '/companies?per_page=100')).data[0]
  const contact = (await upstreamJson<{ data: Row[] }>(portal, '/cloud_contacts?per_page=100')).data.find((c) => !c.terminated)
  const companyCode = String(company?.code)
  const ownerEmail = String(contact?.email)
  t.ok(company && contact, `demo company ${companyCode} and owner ${ownerEmail}`)

  await t.test('a file not named .csv.zip is refused in the dialog; Upload stays disabled', async (t) => {
    await openDialog()
    t.ok(await uploadButton.isDisabled(), 'disabled with no file')
    await expect(dialog.getByText('identifier,company_code,owner_email').first()).toBeVisible()
    t.pass('the dialog names the columns the file needs')
    const zip = await makeZip([
      { name: 'costs.csv', content: `identifier,company_code,owner_email\nSAP-E2E-9999,${companyCode},${ownerEmail}\n` },
    ])
    await fileInput.setInputFiles({ name: 'costs.zip', mimeType: 'application/zip', buffer: zip })
    await expect(dialog.getByRole('alert').filter({ hasText: MESSAGES.sapFileMustBeCsvZip }).first()).toBeVisible()
    t.ok(await uploadButton.isDisabled(), 'Upload disabled')
    await screenshot(page, 'sap-upload-refused')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    t.same(uploads, [], 'nothing was sent')
    t.notOk(
      (await stored()).some((r) => r.identifier === 'SAP-E2E-9999'),
      'nothing stored',
    )
  })

  await t.test('a good .csv.zip is uploaded, and its cost center is listed', async (t) => {
    const identifier = 'SAP-E2E-0001'
    const csv = `identifier,company_code,owner_email\r\n${identifier},${companyCode},${ownerEmail}\r\n`
    const zip = await makeZip([{ name: 'cost_centers.csv', content: csv }])
    await openDialog()
    await fileInput.setInputFiles({ name: 'cost_centers.csv.zip', mimeType: 'application/zip', buffer: zip })
    await expect(uploadButton).toBeEnabled()
    t.equal(await dialog.getByRole('alert').count(), 0, 'no refusal')
    await uploadButton.click()
    await dialog.getByRole('region', { name: 'What the file would do' }).waitFor()
    t.equal(uploads.length, 1, 'the check sent the file once')
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/upload/sap_cost_centers' && new URL(r.url()).search === '',
    )
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    t.equal((await answer).status(), 200, 'the upload answered 200')
    await expect(toast(page, MESSAGES.sapUploaded).first()).toBeVisible()
    await dialog.waitFor({ state: 'detached' })
    await expect(cell(identifier).first()).toBeVisible()
    t.pass('the new identifier is listed')
    t.hasStrict(
      (await stored()).find((r) => r.identifier === identifier),
      { identifier, company_code: companyCode, cloud_contact_email: ownerEmail },
      'stored with its company and owner',
    )
    await screenshot(page, 'sap-upload-done')
  })

  await t.test('a corrupt zip named x.csv.zip fails with the spec text; the list is unchanged', async (t) => {
    const before = await identifiers()
    const storedBefore = (await stored()).map((r) => r.identifier)
    await openDialog()
    await fileInput.setInputFiles({
      name: 'x.csv.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('PK\u0003\u0004 this is not a zip'),
    })
    await expect(uploadButton).toBeEnabled()
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload/sap_cost_centers')
    await uploadButton.click()
    t.equal((await answer).status(), 422, 'the upstream refused the file (its check, the dry run)')
    const failed = page.getByRole('alert').filter({ hasText: MESSAGES.sapUploadFailed })
    await expect(failed.first()).toBeVisible()
    const text = (await failed.first().innerText()).trim()
    t.ok(
      text.startsWith(`${MESSAGES.sapUploadFailed}\nReason: `),
      'the toast starts with the spec text as the spec cuts it off, the reason beneath',
    )
    t.ok(await dialog.getByText('x.csv.zip', { exact: true }).isVisible(), 'the chosen file is kept')
    t.ok(await uploadButton.isEnabled(), 'Upload can be pressed again')
    const reason = text.slice(`${MESSAGES.sapUploadFailed}\nReason: `.length)
    t.not(reason, '', 'the server gave a reason')
    await expect(dialog.getByRole('alert').filter({ hasText: reason }).first()).toBeVisible()
    t.pass('the dialog shows the reason too')
    // another try sends the same file again
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload/sap_cost_centers')
    await uploadButton.click()
    t.equal((await again).status(), 422, 'sent again without choosing the file anew')
    await screenshot(page, 'sap-upload-failed')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    t.same(await identifiers(), before, 'the list shows the same rows')
    t.same(
      (await stored()).map((r) => r.identifier),
      storedBefore,
      'nothing stored',
    )
  })
})
