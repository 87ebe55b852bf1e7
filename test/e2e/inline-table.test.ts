/**
 * The inline-editable tables (spec 001 §4, §5) as a person uses them: add a row, the required
 * field's message, one row in edit mode at a time, Save, Cancel, Delete, the pagers, the duplicate
 * identifier of cost centers and the single unsaved add of cloud contacts.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

/** Answers the popconfirm ('Sure to cancel?', 'Sure to delete?') with Yes. */
async function confirmPopover(page: Page, question: string) {
  const pop = page.getByRole('alertdialog', { name: question })
  await pop.waitFor()
  await pop.getByRole('button', { name: 'Yes' }).click()
  await pop.waitFor({ state: 'detached' })
}

t.test('inline tables', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const records = page.getByRole('table', { name: 'Departments Table' })
  const newRows = page.getByRole('table', { name: 'New rows' })
  const recordRow = (name: string) => records.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })

  await page.goto(portal.baseUrl + '/auth/crud/departments')
  await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  await expect(recordRow('Cloud Engineering'))

  await t.test('pagers above and below the records', async (t) => {
    const pagers = page.getByRole('navigation', { name: 'Pagination' })
    t.equal(await pagers.count(), 2, 'two pagers')
    const [top, table, bottom] = await Promise.all([pagers.first().boundingBox(), records.boundingBox(), pagers.last().boundingBox()])
    t.ok(top && table && bottom && top.y < table.y && bottom.y > table.y + table.height - 1, 'one above the table, one below')
    await screenshot(page, 'inline-departments')
  })

  await t.test('a required field left empty says Please Input Name!', async (t) => {
    await page.getByRole('button', { name: 'Add a row' }).click()
    await newRows.getByRole('button', { name: 'Save' }).click()
    await expect(newRows.getByRole('alert').filter({ hasText: 'Please Input Name!' }))
    t.equal(await newRows.getByRole('row').count(), 2, 'the row stays, unsaved')
    await screenshot(page, 'inline-departments-required')
  })

  await t.test('cancelling a new row removes it', async (t) => {
    await newRows.getByRole('button', { name: 'Cancel' }).click()
    await confirmPopover(page, 'Sure to cancel?')
    await newRows.waitFor({ state: 'detached' })
    t.pass('the new row is gone')
  })

  await t.test('Save of an added row prepends it and stores it', async (t) => {
    await page.getByRole('button', { name: 'Add a row' }).click()
    await newRows.getByRole('textbox', { name: 'Name' }).fill('Zeta Platform')
    await newRows.getByRole('textbox', { name: 'Abbreviation' }).fill('ZETA')
    await newRows.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your new department has been added!'))
    await newRows.waitFor({ state: 'detached' })
    // the list is sorted by name, so 'Zeta…' on top means it was prepended, not re-fetched
    const first = records.getByRole('row').nth(1)
    await expect(first.getByRole('cell', { name: 'Zeta Platform', exact: true }))
    const stored = await upstreamJson(portal, '/departments?by_name=Zeta%20Platform')
    t.match(stored.data, [{ name: 'Zeta Platform', abbreviation: 'ZETA' }], 'in the database')
  })

  await t.test('one row in edit mode: every other Edit is disabled; Cancel keeps the record', async (t) => {
    const row = recordRow('Cloud Operations')
    await row.getByRole('button', { name: 'Edit' }).click()
    const name = records.getByRole('textbox', { name: 'Name' })
    await expect(name, async () => (await name.inputValue()) === 'Cloud Operations')
    const edits = records.getByRole('button', { name: 'Edit' })
    const count = await edits.count()
    t.ok(count > 3, 'other rows still show Edit')
    const enabled = await edits.evaluateAll((buttons) => buttons.filter((b) => !(b as HTMLButtonElement).disabled).length)
    t.equal(enabled, 0, 'every other Edit is disabled')
    await screenshot(page, 'inline-departments-editing')

    await name.fill('Cloud Ops Changed')
    await records.getByRole('button', { name: 'Cancel' }).click()
    await confirmPopover(page, 'Sure to cancel?')
    await expect(recordRow('Cloud Operations'))
    t.equal(await records.getByRole('textbox').count(), 0, 'back in view mode')
    t.ok(await edits.first().isEnabled(), 'Edit enabled again')
    const stored = await upstreamJson(portal, '/departments?by_name=Cloud%20Op')
    t.match(stored.data, [{ name: 'Cloud Operations' }], 'nothing saved')
  })

  await t.test('Save of an edited row stores it and shows it', async (t) => {
    await recordRow('Cloud Operations').getByRole('button', { name: 'Edit' }).click()
    await records.getByRole('textbox', { name: 'Abbreviation' }).fill('C-OPS')
    await records.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your department has been updated!'))
    await expect(recordRow('Cloud Operations').getByRole('cell', { name: 'C-OPS', exact: true }))
    const stored = await upstreamJson(portal, '/departments?by_name=Cloud%20Operations')
    t.match(stored.data, [{ abbreviation: 'C-OPS' }], 'in the database')
  })

  await t.test('Delete asks Sure to delete? and removes the row', async (t) => {
    await recordRow('Zeta Platform').getByRole('button', { name: 'Delete' }).click()
    await confirmPopover(page, 'Sure to delete?')
    await expect(toast(page, 'The department has been deleted!'))
    await recordRow('Zeta Platform').waitFor({ state: 'detached' })
    const stored = await upstreamJson(portal, '/departments?by_name=Zeta')
    t.same(stored.data, [], 'gone from the database')
  })

  await t.test('cost centers: Save replaces the row with the server answer', async (t) => {
    const table = page.getByRole('table', { name: 'Cost Centers Table' })
    await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '2000-LOT-12', exact: true }) })
    await expect(row)
    await screenshot(page, 'inline-cost-centers')
    await row.getByRole('button', { name: 'Edit' }).click()
    // the company decides the GL accounts: only the server's answer (a join) can show them
    await table.getByRole('combobox', { name: 'Company Code' }).selectOption({ label: '3100' })
    await table.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your cost center has been updated!'))
    const saved = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '2000-LOT-12', exact: true }) })
    await expect(saved.getByRole('cell', { name: '784031', exact: true }))
    t.ok(await saved.getByRole('cell', { name: '3100', exact: true }).isVisible(), 'the new company code')
  })

  await t.test('cost centers: a duplicate identifier is refused', async (t) => {
    const adds = page.getByRole('table', { name: 'New rows' })
    await page.getByRole('button', { name: 'Add a row' }).click()
    await adds.getByRole('textbox', { name: 'Identifier' }).fill('1000-CCOE-01')
    await adds.getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'bruno.rossi@example.com' })
    await adds.getByRole('combobox', { name: 'Company Code' }).selectOption({ label: '1000' })
    await adds.getByRole('combobox', { name: 'Business Unit' }).selectOption({ label: 'Gaming' })
    await adds.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Finance' })
    await screenshot(page, 'inline-cost-centers-add')
    await adds.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Duplicate identifier found. Please enter a unique identifier!'))
    const stored = await upstreamJson(portal, '/cost_centers?by_identifier=1000-CCOE-01')
    t.equal(stored.data.length, 1, 'still one record with it')
  })

  await t.test('cloud contacts: only one unsaved add at a time', async (t) => {
    const adds = page.getByRole('table', { name: 'New rows' })
    await page.goto(portal.baseUrl + '/auth/crud/cloud_contacts')
    await page.getByRole('heading', { name: 'Cloud Contacts Table' }).waitFor()
    await page.getByRole('button', { name: 'Add a row' }).click()
    await expect(adds.getByRole('textbox', { name: 'Email' }))
    await page.getByRole('button', { name: 'Add a row' }).click()
    await expect(toast(page, 'Cancel your last add first!'))
    t.equal(await adds.getByRole('textbox', { name: 'Email' }).count(), 1, 'still one new row')
    await screenshot(page, 'inline-cloud-contacts')
  })
})
