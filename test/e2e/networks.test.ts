/**
 * Cost center networks' 'Upload New Network/Project IDs' (spec 001 §2, §4, §8): a bad row refuses the
 * whole file, the dialog says the spec text followed by the server's error and keeps the file; a good
 * file shows what it added and updated, list by list, and the new network is listed. The same dialog
 * is on the project IDs list.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const TITLE = 'Upload New Network/Project IDs'
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const csvFile = (text: string) => ({ name: 'networks.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })

t.test('cost center networks: Upload New Network/Project IDs', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const table = page.getByRole('table', { name: 'Cost Center Networks Table' })
  const dialog = page.getByRole('dialog', { name: TITLE })
  const fileInput = dialog.locator('input[type=file]')
  // the file is checked first (a dry run, its summary) and uploaded on Confirm
  const upload = async () => {
    await dialog.getByRole('button', { name: 'Check file' }).click()
    await dialog.getByRole('region', { name: 'What the file would do' }).waitFor()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
  }
  const storedNetworks = async () =>
    (await upstreamJson<{ data: { identifier: string }[] }>(portal, '/cost_center_networks?per_page=100')).data.map((n) => n.identifier)

  await page.goto(portal.baseUrl + '/auth/view/cost_center_networks')
  await page.getByRole('heading', { name: 'Cost Center Networks Table' }).waitFor()
  await expect(table.getByRole('cell', { name: 'NET-1000-01', exact: true }).first()).toBeVisible()

  await t.test('a bad row: the spec text and the server error; the file stays chosen; nothing stored', async (t) => {
    const before = await storedNetworks()
    await page.getByRole('button', { name: TITLE }).click()
    await dialog.waitFor()
    await expect(dialog.getByText('cost_center,network,project,sap_project_name,ppm_project_name').first()).toBeVisible()
    await fileInput.setInputFiles(csvFile('cost_center,network\r\n1000-CCOE-01,NET-E2E-1\r\nNO-SUCH-CC,NET-E2E-2\r\n'))
    await upload()
    const error = 'Row 3 (NET-E2E-2): cost center NO-SUCH-CC does not exist'
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: `${MESSAGES.networkUploadFailed}${error}` })
        .first(),
    ).toBeVisible()
    await expect(toast(page, error).first()).toBeVisible()
    t.equal(await dialog.getByText('networks.csv').count(), 1, 'the chosen file is kept for another try')
    await screenshot(page, 'network-upload-refused')
    t.same(await storedNetworks(), before, 'nothing stored')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  await t.test('a good file: the five lists, and the new network in the table', async (t) => {
    await page.getByRole('button', { name: TITLE }).click()
    await dialog.waitFor()
    await fileInput.setInputFiles(
      csvFile(
        'cost_center,network,project,sap_project_name,ppm_project_name\r\n1000-CCOE-01,NET-E2E-1,P-E2E-1,E2E SAP,E2E PPM\r\n2000-LOT-12,NET-3100-07,,,\r\n',
      ),
    )
    await upload()
    await expect(toast(page, MESSAGES.dataSubmitted).first()).toBeVisible()
    const result = page.getByRole('dialog', { name: 'Upload result' })
    await result.waitFor()
    const list = (name: string) => result.getByRole('region', { name })
    t.equal((await list('Networks added').innerText()).replace(/\s+/g, ' ').trim(), 'Networks added: 1 NET-E2E-1')
    t.equal((await list('Projects added').innerText()).replace(/\s+/g, ' ').trim(), 'Projects added: 1 P-E2E-1')
    t.equal((await list('Networks updated').innerText()).replace(/\s+/g, ' ').trim(), 'Networks updated: 1 NET-3100-07')
    t.equal((await list('Cost centers added').innerText()).replace(/\s+/g, ' ').trim(), 'Cost centers added: 0 None')
    await screenshot(page, 'network-upload-result')
    await result.getByRole('button', { name: 'Done' }).click()
    await expect(table.getByRole('cell', { name: 'NET-E2E-1', exact: true }).first()).toBeVisible()
    const project = (await upstreamJson<{ data: Record<string, unknown>[] }>(portal, '/project_ids?by_identifier=P-E2E-1')).data
    t.same(
      project.map(({ identifier, cost_center_network_identifier, sap_project_name, ppm_project_name }) => ({
        identifier,
        cost_center_network_identifier,
        sap_project_name,
        ppm_project_name,
      })),
      [{ identifier: 'P-E2E-1', cost_center_network_identifier: 'NET-E2E-1', sap_project_name: 'E2E SAP', ppm_project_name: 'E2E PPM' }],
    )
  })

  await t.test('the project IDs list has the same dialog', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/project_ids')
    await page.getByRole('heading', { name: 'Project IDs Table' }).waitFor()
    await page.getByRole('button', { name: TITLE }).click()
    await dialog.waitFor()
    t.pass('opened on the project IDs list')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })
})
