/**
 * The inline-editable tables (spec 001 §4, §5) as a person uses them: add a row, the required
 * field's message, one row edited at a time (new or existing), leaving with unsaved rows, Save,
 * Cancel, Delete, the pagers, the registry's maxLength, the single unsaved add of cloud contacts, and
 * a Microsoft approval's assignee list (spec 001 §2) kept by an inline edit of its status.
 * The rules of particular models (GL accounts, defaults, duplicates, server field errors):
 * inline-rows.test.ts.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Locator, Page } from 'playwright-core'
import { fieldOf, getResource } from '../../shared/resources/index.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

const LEAVE_QUESTION = 'Your unsaved rows will be lost. Leave this page?'

const enabledCount = (buttons: Locator) => buttons.evaluateAll((all) => all.filter((b) => !(b as HTMLButtonElement).disabled).length)

/** Answers the popconfirm ('Sure to cancel?', 'Sure to delete?') with Yes. */
async function confirmPopover(page: Page, question: string) {
  const pop = page.getByRole('alertdialog', { name: question })
  await pop.waitFor()
  await transitionsDone(page)
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
  await expect(recordRow('Cloud Engineering').first()).toBeVisible()

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
    await expect(newRows.getByRole('alert').filter({ hasText: 'Please Input Name!' }).first()).toBeVisible()
    t.equal(await newRows.getByRole('row').count(), 2, 'the row stays, unsaved')
    await screenshot(page, 'inline-departments-required')
  })

  await t.test('text inputs carry the registry maxLength', async (t) => {
    const departments = getResource('departments')!
    for (const name of ['name', 'abbreviation']) {
      const field = fieldOf(departments, name)!
      const input = newRows.getByRole('textbox', { name: field.label, exact: true })
      t.equal(await input.getAttribute('maxlength'), String(field.maxLength), `${field.label}: ${field.maxLength}`)
    }
  })

  await t.test('with a new row open, no other row can be edited', async (t) => {
    const edits = records.getByRole('button', { name: 'Edit' })
    await expect(edits.first()).toBeVisible()
    t.ok((await edits.count()) > 3, 'the rows still show Edit')
    t.equal(await enabledCount(edits), 0, 'every Edit is disabled')
  })

  await t.test('cancelling a new row removes it', async (t) => {
    await newRows.getByRole('button', { name: 'Cancel' }).click()
    await confirmPopover(page, 'Sure to cancel?')
    await newRows.waitFor({ state: 'detached' })
    t.ok(await records.getByRole('button', { name: 'Edit' }).first().isEnabled(), 'Edit enabled again')
  })

  await t.test('leaving the page with an unsaved row asks first', async (t) => {
    await page.getByRole('button', { name: 'Add a row' }).click()
    await expect(newRows.first()).toBeVisible()
    // a row with something typed (issue 39 item 4: an untouched one has nothing to lose)
    await newRows.getByRole('textbox', { name: 'Name' }).fill('Unsaved')
    const unloadAsks = await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))
    t.ok(unloadAsks, 'a browser unload (reload, closing the tab) asks the browser to confirm')

    const questions: string[] = []
    page.once('dialog', (d) => {
      questions.push(d.message())
      void d.dismiss()
    })
    await page.getByRole('link', { name: 'CCoE Portal' }).click()
    t.strictSame(questions, [LEAVE_QUESTION], 'a link asks')
    t.equal(new URL(page.url()).pathname, '/auth/crud/departments', 'No: still on the page')
    t.equal(await newRows.getByRole('row').count(), 2, 'with the row')

    page.once('dialog', (d) => void d.accept())
    await page.getByRole('link', { name: 'CCoE Portal' }).click()
    // the page itself, not the address: until the home chunk has loaded, React keeps the old page
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
    t.equal(new URL(page.url()).pathname, '/auth/home', 'Yes: the link is followed')

    // back on the page (the row went with it), a row again, and the browser's Forward
    await page.goBack()
    await expect(recordRow('Cloud Engineering').first()).toBeVisible()
    await page.getByRole('button', { name: 'Add a row' }).click()
    await expect(newRows.first()).toBeVisible()
    await newRows.getByRole('textbox', { name: 'Name' }).fill('Unsaved')
    const asked = new Promise<string>((done) => {
      page.once('dialog', (d) => {
        done(d.message())
        void d.dismiss()
      })
    })
    await page.evaluate(() => history.forward())
    // fails at once, rather than waiting out the run, if the router leaves without asking (the
    // address itself does change for a moment: the guard undoes the move before it asks)
    const navigated = page
      .getByRole('heading', { name: /^Welcome/ })
      .waitFor()
      .then(
        () => 'left without asking',
        () => 'stayed',
      )
    t.equal(await Promise.race([asked, navigated]), LEAVE_QUESTION, 'Forward (or Back) asks')
    t.equal(new URL(page.url()).pathname, '/auth/crud/departments', 'No: still on the page')
    t.equal(await newRows.getByRole('row').count(), 2, 'with the row')
    page.once('dialog', (d) => void d.accept())
    await page.evaluate(() => history.forward())
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
    t.equal(new URL(page.url()).pathname, '/auth/home', 'Yes: Forward goes on')
    await page.goBack()
    await expect(recordRow('Cloud Engineering').first()).toBeVisible()
    const unloadAsksNow = await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))
    t.notOk(unloadAsksNow, 'no open row: leaving asks nothing')
  })

  await t.test('Save of an added row prepends it and stores it', async (t) => {
    await page.getByRole('button', { name: 'Add a row' }).click()
    await newRows.getByRole('textbox', { name: 'Name' }).fill('Zeta Platform')
    await newRows.getByRole('textbox', { name: 'Abbreviation' }).fill('ZETA')
    await newRows.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your new department has been added!').first()).toBeVisible()
    await newRows.waitFor({ state: 'detached' })
    // the list is sorted by name, so 'Zeta…' on top means it was prepended, not re-fetched
    const first = records.getByRole('row').nth(1)
    await expect(first.getByRole('cell', { name: 'Zeta Platform', exact: true }).first()).toBeVisible()
    const stored = await upstreamJson(portal, '/departments?by_name=Zeta%20Platform')
    t.strictSame(
      stored.data.map(({ name, abbreviation }) => ({ name, abbreviation })),
      [{ name: 'Zeta Platform', abbreviation: 'ZETA' }],
      'in the database',
    )
  })

  await t.test('one row in edit mode: every other Edit is disabled; Cancel keeps the record', async (t) => {
    const row = recordRow('Cloud Operations')
    await row.getByRole('button', { name: 'Edit' }).click()
    const name = records.getByRole('textbox', { name: 'Name' })
    await expect(name).toHaveValue('Cloud Operations')
    const edits = records.getByRole('button', { name: 'Edit' })
    const count = await edits.count()
    t.ok(count > 3, 'other rows still show Edit')
    t.equal(await enabledCount(edits), 0, 'every other Edit is disabled')
    t.ok(await page.getByRole('button', { name: 'Add a row' }).isDisabled(), 'and no row can be added meanwhile')
    await screenshot(page, 'inline-departments-editing')

    await name.fill('Cloud Ops Changed')
    await records.getByRole('button', { name: 'Cancel' }).click()
    await confirmPopover(page, 'Sure to cancel?')
    await expect(recordRow('Cloud Operations').first()).toBeVisible()
    t.equal(await records.getByRole('textbox').count(), 0, 'back in view mode')
    t.ok(await edits.first().isEnabled(), 'Edit enabled again')
    const stored = await upstreamJson(portal, '/departments?by_name=Cloud%20Op')
    t.strictSame(
      stored.data.map((d) => d.name),
      ['Cloud Operations'],
      'nothing saved',
    )
  })

  await t.test('Save of an edited row stores it and shows it', async (t) => {
    await recordRow('Cloud Operations').getByRole('button', { name: 'Edit' }).click()
    await records.getByRole('textbox', { name: 'Abbreviation' }).fill('C-OPS')
    await records.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your department has been updated!').first()).toBeVisible()
    await expect(recordRow('Cloud Operations').getByRole('cell', { name: 'C-OPS', exact: true }).first()).toBeVisible()
    const stored = await upstreamJson(portal, '/departments?by_name=Cloud%20Operations')
    t.strictSame(
      stored.data.map((d) => d.abbreviation),
      ['C-OPS'],
      'in the database',
    )
  })

  await t.test('Delete asks Sure to delete? and removes the row', async (t) => {
    await recordRow('Zeta Platform').getByRole('button', { name: 'Delete' }).click()
    await confirmPopover(page, 'Sure to delete?')
    await expect(toast(page, 'The department has been deleted!').first()).toBeVisible()
    await recordRow('Zeta Platform').waitFor({ state: 'detached' })
    const stored = await upstreamJson(portal, '/departments?by_name=Zeta')
    t.same(stored.data, [], 'gone from the database')
  })

  await t.test('Microsoft approvals: the assignee list shown as stored, and kept by the Save of an edited status', async (t) => {
    const approvals = page.getByRole('table', { name: 'Microsoft Approvals Table' })
    const approval = (title: string) => approvals.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) })
    const pending = 'New Azure subscription for the Analytics sandbox'
    await page.goto(portal.baseUrl + '/auth/crud/microsoft_approvals')
    await page.getByRole('heading', { name: 'Microsoft Approvals Table' }).waitFor()
    await expect(
      approval(pending).getByRole('cell', { name: 'alice.martin@example.com, bruno.rossi@example.com', exact: true }),
    ).toBeVisible()
    await approval(pending).getByRole('button', { name: 'Edit' }).click()
    await approvals.getByRole('textbox', { name: 'Status' }).fill('Approved')
    await approvals.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your Microsoft approval has been updated!').first()).toBeVisible()
    await expect(approval(pending).getByRole('cell', { name: 'Approved', exact: true })).toBeVisible()
    const [saved, ...more] = (await upstreamJson(portal, `/microsoft_approvals?by_title=${encodeURIComponent(pending)}`)).data
    t.equal(more.length, 0, 'one record')
    t.hasStrict(saved, { status: 'Approved', assigned_to: 'alice.martin@example.com, bruno.rossi@example.com' })
  })

  await t.test('cloud contacts: only one unsaved add at a time', async (t) => {
    const adds = page.getByRole('table', { name: 'New rows' })
    await page.goto(portal.baseUrl + '/auth/crud/cloud_contacts')
    await page.getByRole('heading', { name: 'Cloud Contacts Table' }).waitFor()
    await page.getByRole('button', { name: 'Add a row' }).click()
    await expect(adds.getByRole('textbox', { name: 'Email' }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Add a row' }).click()
    await expect(toast(page, 'Cancel your last add first!').first()).toBeVisible()
    t.equal(await adds.getByRole('textbox', { name: 'Email' }).count(), 1, 'still one new row')
    await screenshot(page, 'inline-cloud-contacts')
  })
})
