/**
 * Issue 29 item 5 as a person meets it: an upload first shows what the file would do (the lines to
 * add, update and refuse, with line numbers and reasons); Cancel writes nothing, Confirm uploads and
 * shows the spec's toast. The networks dialog, the SAP dialog, and the cloud bills page; an upload
 * refused for an ended session.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { makeZip } from '../lib/zip.js'
import { screenshot, signedInPage, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
/** a table's body rows as their cells' texts */
const cells = async (table: Locator) =>
  (await table.locator('tbody tr').all()).length
    ? Promise.all(
        (await table.locator('tbody tr').all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((s) => s.trim())),
      )
    : []

t.test('uploads show what they will do before they do it', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const networks = async () =>
    (
      await upstreamJson<{ data: { identifier: string; cost_center_identifier?: string }[] }>(portal, '/cost_center_networks?per_page=100')
    ).data
      .map((n) => n.identifier)
      .sort()

  await t.test('networks: the summary, Cancel writes nothing, Confirm writes', async (t) => {
    const TITLE = 'Upload New Network/Project IDs'
    const dialog = page.getByRole('dialog', { name: TITLE })
    const file = {
      name: 'networks.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'cost_center,network,project,sap_project_name\r\n1000-CCOE-01,NET-UI-1,P-UI-1,UI project\r\n2000-LOT-12,NET-3100-07,,\r\nNO-SUCH-CC,NET-UI-2,,\r\n',
      ),
    }
    await page.goto(portal.baseUrl + '/auth/view/cost_center_networks')
    await page.getByRole('heading', { name: 'Cost Center Networks Table' }).waitFor()
    const before = await networks()

    await page.getByRole('button', { name: TITLE }).click()
    await dialog.waitFor()
    await dialog.locator('input[type=file]').setInputFiles(file)
    await dialog.getByRole('button', { name: 'Check file' }).click()
    const summary = dialog.getByRole('region', { name: 'What the file would do' })
    await summary.waitFor()
    // refused lines first: the upload refuses the whole file while one is
    t.equal(await summary.getByRole('tab', { selected: true }).innerText(), 'Refused (1)')
    t.same(await cells(summary.getByRole('table', { name: 'Refused' })), [['4', 'NET-UI-2', 'cost center NO-SUCH-CC does not exist']])
    await screenshot(page, 'upload-dry-run-refused')
    // the summary takes the focus (so a second Enter does not upload), and its tabs switch with the keyboard
    t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Refused (1)', 'the open tab has the focus')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('Enter')
    t.equal(await summary.getByRole('tab', { selected: true }).innerText(), 'To add (1)', 'arrow keys move between the tabs')
    t.same(await cells(summary.getByRole('table', { name: 'To add' })), [
      ['2', 'NET-UI-1 / P-UI-1', 'adds network NET-UI-1 to 1000-CCOE-01; adds project P-UI-1 to NET-UI-1'],
    ])
    await summary.getByRole('tab', { name: 'To update (1)' }).click()
    t.same(await cells(summary.getByRole('table', { name: 'To update' })), [
      ['3', 'NET-3100-07', 'network NET-3100-07 moves from 3100-GAM-07 to 2000-LOT-12'],
    ])
    await transitionsDone(page)
    await page.screenshot({ path: '/tmp/dryrun.png' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    t.same(await networks(), before, 'Cancel wrote nothing')

    // a clean file: Confirm uploads it, with the spec's toast and the upload's result
    await page.getByRole('button', { name: TITLE }).click()
    await dialog.waitFor()
    await dialog.locator('input[type=file]').setInputFiles({
      ...file,
      buffer: Buffer.from(
        'cost_center,network,project,sap_project_name\r\n1000-CCOE-01,NET-UI-1,P-UI-1,UI project\r\n2000-LOT-12,NET-3100-07,,\r\n',
      ),
    })
    await dialog.getByRole('button', { name: 'Check file' }).click()
    await summary.waitFor()
    t.equal(await summary.getByRole('tab', { selected: true }).innerText(), 'To add (1)')
    t.same(await networks(), before, 'the dry run wrote nothing')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, MESSAGES.dataSubmitted).first()).toBeVisible()
    const result = page.getByRole('dialog', { name: 'Upload result' })
    await result.waitFor()
    t.equal(
      (await result.getByRole('region', { name: 'Networks added' }).innerText()).replace(/\s+/g, ' ').trim(),
      'Networks added: 1 NET-UI-1',
    )
    await result.getByRole('button', { name: 'Done' }).click()
    t.same(await networks(), [...before, 'NET-UI-1'].sort(), 'Confirm wrote the file')
  })

  await t.test('SAP: Confirm on a file with a refused line answers as the upload always did', async (t) => {
    const dialog = page.getByRole('dialog', { name: 'Upload New Cost Centers' })
    const stored = async () => (await upstreamJson(portal, '/sap_cost_centers?per_page=100')).data.map((r) => r.identifier).sort()
    const zip = async (lines: string[]) => ({
      name: 'sap.csv.zip',
      mimeType: 'application/zip',
      buffer: await makeZip([{ name: 'sap.csv', content: ['identifier,company_code,owner_email', ...lines].join('\n') }]),
    })
    await page.goto(portal.baseUrl + '/auth/view/sap_cost_centers')
    await page.getByRole('heading', { name: 'SAP Cost Centers Table' }).waitFor()
    const before = await stored()
    await page.getByRole('button', { name: 'Upload New Cost Centers' }).click()
    await dialog.waitFor()
    await dialog
      .locator('input[type=file]')
      .setInputFiles(await zip(['SAP-UI-1,6200,chloe.nguyen@example.com', 'SAP-UI-2,9999,chloe.nguyen@example.com']))
    await dialog.getByRole('button', { name: 'Check file' }).click()
    const summary = dialog.getByRole('region', { name: 'What the file would do' })
    await summary.waitFor()
    t.same(await cells(summary.getByRole('table', { name: 'Refused' })), [['3', 'SAP-UI-2', 'company code 9999 does not exist']])
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, MESSAGES.sapUploadFailed).first()).toBeVisible()
    await expect(dialog.getByRole('alert').filter({ hasText: 'Row 3 (SAP-UI-2): company code 9999 does not exist' }).first()).toBeVisible()
    t.same(await stored(), before, 'nothing written')

    // another file: the summary starts again, and Confirm uploads it
    await dialog.locator('input[type=file]').setInputFiles(await zip(['SAP-UI-1,6200,chloe.nguyen@example.com']))
    t.equal(await summary.count(), 0, 'a new file needs a new check')
    await dialog.getByRole('button', { name: 'Check file' }).click()
    await summary.waitFor()
    t.same(await cells(summary.getByRole('table', { name: 'To add' })), [['2', 'SAP-UI-1', 'company 6200, owner chloe.nguyen@example.com']])
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, MESSAGES.sapUploaded).first()).toBeVisible()
    await dialog.waitFor({ state: 'detached' })
    t.same(await stored(), [...before, 'SAP-UI-1'].sort())
  })

  await t.test('cloud bills: Submit shows the summary, Cancel writes nothing, Confirm uploads', async (t) => {
    const stored = async () => (await upstreamJson(portal, '/cloud_bills?per_page=100&by_reference=INV-UI')).data.length
    await page.goto(portal.baseUrl + '/auth/create/cloud_bills')
    await page.getByRole('heading', { name: 'Upload Cloud Bills' }).waitFor()
    await page.locator('input[type=file]').setInputFiles({
      name: 'bills.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date,provider,identifier,amount,reference\n2024-05-01,aws,UI-1,12.5,INV-UI\n2024-05-01,gcp,UI-2,7,INV-UI\n'),
    })
    await page.getByRole('button', { name: 'Submit' }).click()
    const summary = page.getByRole('region', { name: 'What the file would do' })
    await summary.waitFor()
    t.same(await cells(summary.getByRole('table', { name: 'To add' })), [
      ['2', 'UI-1', '2024-05-01 aws 12.50 INV-UI'],
      ['3', 'UI-2', '2024-05-01 gcp 7.00 INV-UI'],
    ])
    await screenshot(page, 'upload-dry-run-bills')
    await page.getByRole('button', { name: 'Cancel' }).click()
    t.equal(await summary.count(), 0, 'the summary goes')
    t.equal(await stored(), 0, 'Cancel wrote nothing')
    await page.getByRole('button', { name: 'Submit' }).click()
    await summary.waitFor()
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, MESSAGES.dataSubmitted).first()).toBeVisible()
    await page.getByRole('heading', { name: 'Cloud Bills History' }).waitFor()
    t.equal(await stored(), 2, 'Confirm stored both bills')

    // issue 39 item 1: the same file again would store nothing twice, and the summary says so
    await page.goto(portal.baseUrl + '/auth/create/cloud_bills')
    await page.locator('input[type=file]').setInputFiles({
      name: 'bills.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date,provider,identifier,amount,reference\n2024-05-01,aws,UI-1,12.5,INV-UI\n2024-05-01,gcp,UI-2,7,INV-UI\n'),
    })
    await page.getByRole('button', { name: 'Submit' }).click()
    await summary.waitFor()
    t.equal(
      (await summary.locator('.upload-plan-counts').innerText()).replace(/\s+/g, ' ').trim(),
      '0 to add 0 to update 2 unchanged 0 refused',
    )
    await screenshot(page, 'upload-dry-run-bills-unchanged')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, MESSAGES.dataSubmitted).first()).toBeVisible()
    await page.getByRole('heading', { name: 'Cloud Bills History' }).waitFor()
    t.equal(await stored(), 2, 'not one bill twice')
  })

  // last: it ends the session
  await t.test('an upload refused for an ended session sends the person to sign in, as any other request (issue 40 item 4)', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/cloud_bills')
    await page.locator('input[type=file]').setInputFiles({
      name: 'bills.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date,provider,identifier,amount,reference\n2024-05-01,aws,UI-3,1,INV-UI\n'),
    })
    await page.context().clearCookies()
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/upload/cloud_bills')
    await page.getByRole('button', { name: 'Submit' }).click()
    t.equal((await posted).status(), 401, 'the upload is refused')
    await page.waitForURL((u) => u.pathname === '/unauth/home')
    t.equal(new URL(page.url()).searchParams.get('returnTo'), '/auth/create/cloud_bills', 'Login will come back here')
  })
})
