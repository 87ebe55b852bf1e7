/**
 * GitHub organization apps (spec 001 §2, §5, §9) as a person uses them: the table with its three
 * flags; the add form starting on cost center 1; the edit form refusing a None cost center with the
 * spec's text before anything is sent, and keeping the stored private key when the field is left empty;
 * and the GitHub Copilot users' inline table, its cost center, contact and app chosen by their labels.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import t from 'tap'
import type { Page } from 'playwright-core'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startPortal } from '../helper.js'
import { signedInPage, toggle, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick } from './pick.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIE-e2e-key\nline two\n-----END RSA PRIVATE KEY-----'

t.test('GitHub organization apps', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const stored = async (name: string) =>
    (
      await rows<{ id: number; private_key: string | null; description: string | null; cost_centers_id: number; copilot_enabled: boolean }>(
        portal.database.db,
        sql`SELECT id, private_key, description, cost_centers_id, copilot_enabled FROM github_organization_apps WHERE name = ${name}`,
      )
    )[0]
  const costCenterOne = (await upstreamJson<{ data: { identifier: string } }>(portal, '/cost_centers/1')).data.identifier

  await t.test('the table: the spec columns with the three flags', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/github_organization_apps')
    const table = page.getByRole('table', { name: 'GitHub Org Applications Table' })
    await expect(table.getByRole('cell', { name: 'ccoe-platform', exact: true }).first()).toBeVisible()
    // the list's columns, without the bulk actions' selection box (a column of its own, no text)
    const headers = (await table.locator('thead th:not(.resource-table__select)').allInnerTexts()).map((h) => h.trim())
    t.same(
      headers.slice(0, 8),
      ['Name', 'Description', 'App ID', 'Client ID', 'Team Selection?', 'Form Excluded?', 'Copilot Enabled?', 'Cost Center'],
      'the spec columns',
    )
    t.notOk(
      headers.some((h) => /private/i.test(h)),
      'no key column',
    )
  })

  await t.test('add: the cost center starts on the one with id 1; the key is stored', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/github_organization_apps')
    await page.getByRole('heading', { name: 'Add New GitHub Org Application' }).waitFor()
    const costCenter = page.getByRole('combobox', { name: /^Cost Center/ })
    await expect(costCenter).toHaveValue(costCenterOne)
    await page.getByLabel('Name', { exact: true }).fill('e2e-org')
    await page.getByLabel('Description', { exact: true }).fill('Browser test org')
    await page.getByLabel('App ID', { exact: true }).fill('555001')
    await page.getByLabel('Client ID', { exact: true }).fill('Iv1.e2e')
    await page.getByLabel('Private Key', { exact: true }).fill(KEY)
    await toggle(page.getByLabel('Copilot Enabled?', { exact: true }), true)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/auth/view/github_organization_apps')
    const row = await stored('e2e-org')
    t.hasStrict(
      row,
      { private_key: KEY, description: 'Browser test org', cost_centers_id: 1, copilot_enabled: true },
      'stored with its key, lines kept',
    )
  })

  await t.test('edit: None is refused with the spec text, nothing is sent', async (t) => {
    const { id } = await stored('e2e-org')
    await page.goto(`${portal.baseUrl}/auth/edit/github_organization_apps/${id}`)
    await page.getByRole('heading', { name: 'Edit GitHub Org Application' }).waitFor()
    const costCenter = page.getByRole('combobox', { name: /^Cost Center/ })
    await expect(costCenter).toHaveValue(costCenterOne)
    t.equal(await page.getByLabel('Private Key', { exact: true }).inputValue(), '', 'the key is never shown')
    let writes = 0
    const countWrites = (r: { method(): string }) => void (r.method() === 'PUT' && writes++)
    page.on('request', countWrites)
    await pick(page, costCenter, 'None', '')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, "Edited Cost Center can't be None!").first()).toBeVisible()
    page.off('request', countWrites)
    t.equal(writes, 0, 'no PUT was sent')
    t.equal(await page.getByRole('dialog').count(), 0, 'no confirm modal either')
    t.equal((await stored('e2e-org')).cost_centers_id, 1, 'the cost center is unchanged')
  })

  await t.test('edit: an empty key keeps the stored one', async (t) => {
    const { id } = await stored('e2e-org')
    await page.goto(`${portal.baseUrl}/auth/edit/github_organization_apps/${id}`)
    await page.getByRole('heading', { name: 'Edit GitHub Org Application' }).waitFor()
    const description = page.getByLabel('Description', { exact: true })
    await expect(description).toHaveValue('Browser test org')
    await description.fill('Edited in the browser')
    const sent: unknown[] = []
    page.on('request', (r) => void (r.method() === 'PUT' && sent.push(r.postDataJSON())))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
    await page.waitForURL('**/auth/view/github_organization_apps')
    t.equal(sent.length, 1, 'one PUT')
    t.notOk(JSON.stringify(sent[0]).includes('private_key'), 'the empty key is not sent')
    t.hasStrict(await stored('e2e-org'), { private_key: KEY, description: 'Edited in the browser' }, 'the stored key stays')
  })

  await t.test('Copilot users: the inline table, its lookups shown and chosen by their labels', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/github_copilot_users')
    const records = page.getByRole('table', { name: 'GitHub Copilot Users Table' })
    const newRows = page.getByRole('table', { name: 'New rows' })
    const demo = records.getByRole('row').filter({ has: page.getByRole('cell', { name: 'amartin-ccoe', exact: true }) })
    for (const label of ['1000-CCOE-01', 'alice.martin@example.com', 'ccoe-platform', 'EV-240311'])
      await expect(demo.getByRole('cell', { name: label, exact: true }).first()).toBeVisible()

    await page.getByRole('button', { name: 'Add a row' }).click()
    await newRows.getByRole('textbox', { name: 'GitHub Username', exact: true }).fill('e2e-copilot')
    await newRows.getByRole('textbox', { name: 'Name', exact: true }).fill('David Okafor')
    await pick(page, newRows.getByRole('combobox', { name: /^Cost Center/ }), '3100-GAM-07', '3100')
    await pick(page, newRows.getByRole('combobox', { name: /^Cloud Contact/ }), 'david.okafor@example.com', 'david')
    await pick(page, newRows.getByRole('combobox', { name: /^GitHub Organization/ }), 'gaming-studios', 'gaming')
    await newRows.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your new GitHub Copilot user has been added!').first()).toBeVisible()
    const saved = records.getByRole('row').filter({ has: page.getByRole('cell', { name: 'e2e-copilot', exact: true }) })
    for (const label of ['3100-GAM-07', 'david.okafor@example.com', 'gaming-studios'])
      await expect(saved.getByRole('cell', { name: label, exact: true }).first()).toBeVisible()
    const [row] = (await upstreamJson(portal, '/github_copilot_users?by_github_username=e2e-copilot')).data
    t.hasStrict(row, {
      github_username: 'e2e-copilot',
      name: 'David Okafor',
      cost_center_identifier: '3100-GAM-07',
      cloud_contact_email: 'david.okafor@example.com',
      github_organization: 'gaming-studios',
    })
  })
})
