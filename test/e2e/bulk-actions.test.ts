/**
 * Issue 29 item 3, as a person does it: tick rows (by keyboard), delete them with one confirmation
 * naming the count, undo within the window, delete for good when it ends; select every row matching
 * the filter and set one field on all of them, with the progress bar while the server works. The
 * Undo window runs on the page's clock (playwright's fake timers), never slept.
 */
import { sql } from 'drizzle-orm'
import { resolve } from 'node:path'
import t, { type Test } from 'tap'
import { MAX_PAGE_SIZE } from '../../shared/constants.js'
import { UNDO_MS } from '../../web/src/resources/bulk-texts.js'
import { startPortal, type Portal } from '../helper.js'
import { holdRequests, screenshot, signedInPage, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

/** Departments stored straight in the upstream, as the gateway would send them (each a 201). */
async function addDepartments(t: Test, portal: Portal, names: readonly string[]) {
  for (const name of names) {
    const res = await fetch(`${portal.upstreamUrl}/departments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example', 'content-type': 'application/json' },
      body: JSON.stringify({ department: { name } }),
    })
    t.equal(res.status, 201)
  }
}

t.test('select, delete with confirmation, undo, delete, select all matching, set a field', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  await addDepartments(t, portal, ['Bulk Alpha', 'Bulk Beta', 'Bulk Delta', 'Bulk Gamma'])
  const stored = async () =>
    (await upstreamJson<{ data: { name: string; abbreviation: string | null }[] }>(portal, '/departments?by_name=Bulk&sort=name')).data.map(
      (d) => [d.name, d.abbreviation],
    )
  const page = await signedInPage(t, portal)
  await page.clock.install()
  await page.goto(`${portal.baseUrl}/auth/view/departments?by_name=Bulk`)
  await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
  await expect(page.getByRole('cell', { name: 'Bulk Gamma', exact: true }).first()).toBeVisible()

  // two rows ticked by keyboard: focus, Space
  for (const name of ['Bulk Alpha', 'Bulk Beta']) {
    const box = page.getByRole('checkbox', { name: `Select ${name}`, exact: true })
    await box.focus()
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
  }
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(bar.getByText('2 departments selected').first()).toBeVisible()
  await screenshot(page, 'bulk-selected')

  // one confirmation naming the count; the rows go at once, Undo brings them back and nothing is sent
  await bar.getByRole('button', { name: 'Delete 2…' }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert.getByText('Delete 2 departments?').first()).toBeVisible()
  await screenshot(page, 'bulk-confirm')
  await alert.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('cell', { name: 'Bulk Alpha', exact: true }).waitFor({ state: 'detached' })
  await expect(page.getByRole('cell', { name: 'Bulk Gamma', exact: true }).first()).toBeVisible()
  await expect(page.getByText('Deleting 2 departments…').first()).toBeVisible()
  // the pager counts the rows the list shows, not the ones on their way out (read at once: the rows
  // left in the same render, and the Undo window's end would bring the same count in time)
  const pagerCount = () =>
    page
      .getByRole('navigation', { name: 'Pagination' })
      .getByText(/ departments$/)
      .textContent()
  t.equal(await pagerCount(), '1–2 of 2 departments', 'the pager without the rows being deleted')
  await screenshot(page, 'bulk-undo-toast')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByRole('cell', { name: 'Bulk Alpha', exact: true }).first()).toBeVisible()
  t.equal(await pagerCount(), '1–4 of 4 departments', 'the pager with the rows back')
  await expect(bar.getByText('2 departments selected').first()).toBeVisible()
  await page.clock.runFor(UNDO_MS + 1000)
  t.same(
    await stored(),
    [
      ['Bulk Alpha', null],
      ['Bulk Beta', null],
      ['Bulk Delta', null],
      ['Bulk Gamma', null],
    ],
    'undone: nothing deleted',
  )

  // the same selection again, and this time the window ends: deleted for good
  await bar.getByRole('button', { name: 'Delete 2…' }).click()
  await transitionsDone(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('cell', { name: 'Bulk Alpha', exact: true }).waitFor({ state: 'detached' })
  await page.clock.runFor(UNDO_MS + 100)
  await expect(page.getByText('2 departments deleted').first()).toBeVisible()
  t.same(
    await stored(),
    [
      ['Bulk Delta', null],
      ['Bulk Gamma', null],
    ],
    'deleted when the Undo window ended',
  )

  // a row someone else changed since the list was read: the batch is refused, the toast names the row
  // by its label (as the list does) and offers Reload, which shows the row as it is now
  for (const name of ['Bulk Delta', 'Bulk Gamma']) {
    const box = page.getByRole('checkbox', { name: `Select ${name}`, exact: true })
    await box.focus()
    await page.keyboard.press('Space')
  }
  const gamma = (await upstreamJson<{ data: { id: number }[] }>(portal, '/departments?by_name=Bulk Gamma')).data[0]
  const changed = await fetch(`${portal.upstreamUrl}/departments/${gamma.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example', 'content-type': 'application/json' },
    body: JSON.stringify({ department: { abbreviation: 'GAM' } }),
  })
  t.equal(changed.status, 200)
  await bar.getByRole('button', { name: 'Set field…' }).click()
  const stale = page.getByRole('dialog', { name: 'Set a field on 2 departments' })
  await stale.getByLabel('Abbreviation').fill('OLD')
  await stale.getByRole('button', { name: 'Apply' }).click()
  const refusal = page.getByText(
    'Bulk Gamma was changed by someone else since you loaded the list, so nothing was changed. Reload the list, then make your change again.',
    { exact: true },
  )
  await expect(refusal).toBeVisible()
  await stale.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('cell', { name: 'GAM', exact: true })).toHaveCount(0)
  await screenshot(page, 'bulk-stale-toast')
  await page.getByRole('button', { name: 'Reload', exact: true }).click()
  await expect(page.getByRole('cell', { name: 'GAM', exact: true }).first()).toBeVisible()
  await expect(bar.getByText('2 departments selected').first()).toBeVisible()
  t.same(
    await stored(),
    [
      ['Bulk Delta', null],
      ['Bulk Gamma', 'GAM'],
    ],
    'the refused batch wrote nothing',
  )

  // one row a page: the page's box, then every row matching the filter, counted by the server
  await page.goto(`${portal.baseUrl}/auth/view/departments?by_name=Bulk&per_page=1`)
  await expect(page.getByRole('cell', { name: 'Bulk Delta', exact: true }).first()).toBeVisible()
  const pageBox = page.getByRole('checkbox', { name: 'Select all on this page' })
  await pageBox.focus()
  await page.keyboard.press('Space')
  await bar.getByRole('button', { name: 'Select all matching' }).click()
  await expect(bar.getByText('All 2 departments matching selected').first()).toBeVisible()
  await bar.getByRole('button', { name: 'Set field…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set a field on 2 departments' })
  await expect(dialog.getByLabel('Field')).toHaveValue('abbreviation')
  await dialog.getByLabel('Abbreviation').fill('BLK')
  const held = await holdRequests(page, '**/api/departments/bulk_update')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('progressbar', { name: 'Updating 2 departments' })).toBeVisible()
  await screenshot(page, 'bulk-progress')
  held.release()
  await expect(page.getByText('2 departments updated').first()).toBeVisible()
  await expect(page.getByRole('cell', { name: 'BLK', exact: true }).first()).toBeVisible()
  t.same(
    await stored(),
    [
      ['Bulk Delta', 'BLK'],
      ['Bulk Gamma', 'BLK'],
    ],
    'set on every row matching, not only the page shown',
  )
  await screenshot(page, 'bulk-set')
})

/**
 * The grid layout (a wide list, Blueprint's Table2) has the table's boxes, by keyboard; and a delete
 * whose Undo window leaving the page cuts short (another page, a reload, the tab closed) is sent all the same.
 */
t.test('the grid layout selects as the table does, by keyboard; leaving the page inside the Undo window still deletes', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  for (const code of ['GRID-A', 'GRID-B', 'GRID-C']) {
    const res = await fetch(`${portal.upstreamUrl}/companies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example', 'content-type': 'application/json' },
      body: JSON.stringify({ company: { code } }),
    })
    t.equal(res.status, 201)
  }
  const page = await signedInPage(t, portal)
  await page.goto(`${portal.baseUrl}/auth/view/companies?by_code=GRID-`)
  await page.getByRole('radio', { name: 'Grid' }).click()
  const grid = page.getByRole('region', { name: 'Companies Table (grid)' })
  await expect(grid.getByText('GRID-C', { exact: true }).first()).toBeVisible()
  t.equal(
    await grid.getByRole('checkbox', { name: 'Select all on this page' }).count(),
    1,
    "one page's box, though Table2 draws its header in four quadrants",
  )

  // the boxes of the table, by keyboard: focus, Space
  for (const code of ['GRID-A', 'GRID-B']) {
    const box = grid.getByRole('checkbox', { name: `Select ${code}`, exact: true })
    await box.focus()
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
  }
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(bar.getByText('2 companies selected').first()).toBeVisible()
  const pageBox = grid.getByRole('checkbox', { name: 'Select all on this page' })
  t.equal(await pageBox.evaluate((el) => (el as HTMLInputElement).indeterminate), true, "the page's box says: some")
  await screenshot(page, 'bulk-grid-selected')

  // and the bulk actions on them
  await page.clock.install()
  await bar.getByRole('button', { name: 'Delete 2…' }).click()
  await transitionsDone(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await grid.getByText('GRID-A', { exact: true }).waitFor({ state: 'detached' })
  await page.clock.runFor(UNDO_MS + 100)
  await expect(page.getByText('2 companies deleted').first()).toBeVisible()
  const codes = async () =>
    (await upstreamJson<{ data: { code: string }[] }>(portal, '/companies?by_code=GRID-&sort=code')).data.map((c) => c.code)
  t.same(await codes(), ['GRID-C'], 'deleted from the grid')

  // the page's box by keyboard
  await pageBox.focus()
  await page.keyboard.press('Space')
  await expect(grid.getByRole('checkbox', { name: 'Select GRID-C', exact: true })).toBeChecked()
  await expect(bar.getByText('1 company selected').first()).toBeVisible()
  await page.setViewportSize({ width: 800, height: 900 })
  await screenshot(page, 'bulk-grid-800')

  // the page left inside the Undo window: the delete goes out all the same (a keepalive request on pagehide)
  await bar.getByRole('button', { name: 'Delete 1…' }).click()
  await transitionsDone(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await grid.getByText('GRID-C', { exact: true }).waitFor({ state: 'detached' })
  t.same(await codes(), ['GRID-C'], 'not sent inside the Undo window')
  const [left] = (await upstreamJson<{ data: { id: number }[] }>(portal, '/companies?by_code=GRID-C')).data
  // leaving for another page fires pagehide as closing the tab does (the same handler); headless
  // Chromium's page.close() sometimes ends the page before its keepalive request is handed over
  await page.goto('about:blank')
  // a bounded wait: a request that never went fails here rather than at the file's timeout
  await expect.poll(codes, { message: 'sent as the page was left' }).toEqual([])
  // its audit line says it went (gateway: one line per record a bulk call changed)
  const line = await portal.auditLine((l) => l.method === 'DELETE' && l.path === `/api/companies/${left.id}`)
  t.same([line.user, line.status, line.bulk], ['alice@ccoe.example', 200, '/api/companies/bulk_delete'])
})

/**
 * The inline table (/auth/crud/<model>) takes the list's bulk actions: its records' boxes by
 * keyboard, the delete with its confirmation and Undo window, a field set on the selected rows;
 * one row at a time (spec 001 §4): the row being edited has no box, and while it is open the other
 * boxes and the bulk actions wait. Rows this tab wrote inline (an edit, an add) are sent with the
 * versions their writes answered, so the batch is not refused as stale.
 */
t.test('the inline table: select by keyboard, delete, undo, edit a row, add one, set a field on them', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  await addDepartments(t, portal, ['Inline Alpha', 'Inline Beta', 'Inline Delta', 'Inline Gamma'])
  const stored = async () =>
    (
      await upstreamJson<{ data: { name: string; abbreviation: string | null }[] }>(portal, '/departments?by_name=Inline&sort=name')
    ).data.map((d) => [d.name, d.abbreviation])
  const page = await signedInPage(t, portal)
  await page.clock.install()
  await page.goto(`${portal.baseUrl}/auth/crud/departments?by_name=Inline`)
  const records = page.getByRole('table', { name: 'Departments Table' })
  const cell = (name: string) => records.getByRole('cell', { name, exact: true })
  const box = (name: string) => records.getByRole('checkbox', { name: `Select ${name}`, exact: true })
  await expect(cell('Inline Gamma')).toBeVisible()

  // two rows ticked by keyboard: focus, Space
  for (const name of ['Inline Alpha', 'Inline Beta']) {
    await box(name).focus()
    await page.keyboard.press('Space')
    await expect(box(name)).toBeChecked()
  }
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(bar.getByText('2 departments selected')).toBeVisible()
  t.equal(
    await records.getByRole('checkbox', { name: 'Select all on this page' }).evaluate((el) => (el as HTMLInputElement).indeterminate),
    true,
  )
  for (const width of [1400, 800]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `bulk-inline-selected-${width}`)
  }
  await page.setViewportSize({ width: 1440, height: 900 })

  // one row at a time: the edited row has no box, the others and the bulk actions wait until it is saved
  await records
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Inline Delta', exact: true }) })
    .getByRole('button', { name: 'Edit' })
    .click()
  const editing = records.locator('tr.inline-row--editing')
  await expect(editing.getByRole('button', { name: 'Save' })).toBeVisible()
  t.equal(await editing.getByRole('checkbox').count(), 0, 'no box on the row being edited')
  for (const name of ['Inline Alpha', 'Inline Beta', 'Inline Gamma']) await expect(box(name)).toBeDisabled()
  await expect(records.getByRole('checkbox', { name: 'Select all on this page' })).toBeDisabled()
  await expect(bar.getByRole('button', { name: 'Delete 2…' })).toBeDisabled()
  await expect(bar.getByRole('button', { name: 'Set field…' })).toBeDisabled()
  await screenshot(page, 'bulk-inline-editing')
  await editing.getByRole('textbox', { name: 'Abbreviation', exact: true }).fill('DEL')
  await editing.getByRole('button', { name: 'Save' }).click()
  await editing.waitFor({ state: 'detached' })
  await expect(cell('DEL')).toBeVisible()
  await expect(box('Inline Delta')).toBeEnabled()
  await expect(bar.getByText('2 departments selected')).toBeVisible()

  // one confirmation naming the count; the rows go at once, Undo brings them back and nothing is sent
  await bar.getByRole('button', { name: 'Delete 2…' }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert.getByText('Delete 2 departments?')).toBeVisible()
  await alert.getByRole('button', { name: 'Delete', exact: true }).click()
  await cell('Inline Alpha').waitFor({ state: 'detached' })
  await expect(cell('Inline Beta')).toHaveCount(0)
  await expect(cell('Inline Gamma')).toBeVisible()
  await expect(page.getByText('Deleting 2 departments…').first()).toBeVisible()
  // both pagers (above and below the records) count the rows shown, not the ones on their way out
  const counts = () =>
    page
      .getByRole('navigation', { name: 'Pagination' })
      .getByText(/ departments$/)
      .allTextContents()
  t.strictSame(await counts(), ['1–2 of 2 departments', '1–2 of 2 departments'], 'the pagers without the rows being deleted')
  await screenshot(page, 'bulk-inline-undo-toast')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(cell('Inline Alpha')).toBeVisible()
  t.strictSame(await counts(), ['1–4 of 4 departments', '1–4 of 4 departments'], 'the pagers with the rows back')
  await expect(bar.getByText('2 departments selected')).toBeVisible()
  await page.clock.runFor(UNDO_MS + 1000)
  t.same(
    await stored(),
    [
      ['Inline Alpha', null],
      ['Inline Beta', null],
      ['Inline Delta', 'DEL'],
      ['Inline Gamma', null],
    ],
    'undone: nothing deleted',
  )

  // again, and the window ends: deleted for good
  await bar.getByRole('button', { name: 'Delete 2…' }).click()
  await transitionsDone(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await cell('Inline Alpha').waitFor({ state: 'detached' })
  await page.clock.runFor(UNDO_MS + 100)
  await expect(page.getByText('2 departments deleted').first()).toBeVisible()
  t.same(
    await stored(),
    [
      ['Inline Delta', 'DEL'],
      ['Inline Gamma', null],
    ],
    'deleted when the Undo window ended',
  )
  await expect(records.getByRole('checkbox', { name: /^Select Inline/ })).toHaveCount(2)

  // a row added inline, then a field set on it, on the row edited inline and on one the list read
  await page.getByRole('button', { name: 'Add a row' }).click()
  const newRows = page.getByRole('table', { name: 'New rows' })
  await expect(box('Inline Gamma')).toBeDisabled()
  await newRows.getByRole('textbox', { name: 'Name', exact: true }).fill('Inline Epsilon')
  await newRows.getByRole('button', { name: 'Save' }).click()
  await newRows.waitFor({ state: 'detached' })
  for (const name of ['Inline Delta', 'Inline Epsilon', 'Inline Gamma']) {
    await box(name).focus()
    await page.keyboard.press('Space')
    await expect(box(name)).toBeChecked()
  }
  await expect(bar.getByText('3 departments selected')).toBeVisible()
  await bar.getByRole('button', { name: 'Set field…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set a field on 3 departments' })
  await expect(dialog.getByLabel('Field')).toHaveValue('abbreviation')
  await dialog.getByLabel('Abbreviation').fill('INL')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('3 departments updated').first()).toBeVisible()
  await expect(cell('INL')).toHaveCount(3)
  await expect(bar).toHaveCount(0)
  t.same(
    await stored(),
    [
      ['Inline Delta', 'INL'],
      ['Inline Epsilon', 'INL'],
      ['Inline Gamma', 'INL'],
    ],
    'set on the three rows, those written inline in this tab included',
  )
  await screenshot(page, 'bulk-inline-set')
})

/**
 * Issue 37 item 6: every row matching a filter, more than one request's page (MAX_PAGE_SIZE): the
 * web sends a page at a time, the bar fills as the pages are done, and every row is set.
 */
t.test('a filter past one page: set page by page, the bar filling', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const many = MAX_PAGE_SIZE + 201
  await portal.database.db.execute(
    sql`INSERT INTO departments (name) SELECT 'Many ' || lpad(g::text, 4, '0') FROM generate_series(1, ${many}::int) AS g`,
  )
  const page = await signedInPage(t, portal)
  await page.goto(`${portal.baseUrl}/auth/view/departments?by_name=Many`)
  await expect(page.getByRole('cell', { name: 'Many 0001', exact: true }).first()).toBeVisible()
  const pageBox = page.getByRole('checkbox', { name: 'Select all on this page' })
  await pageBox.focus()
  await page.keyboard.press('Space')
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await bar.getByRole('button', { name: 'Select all matching' }).click()
  await expect(bar.getByText(`All 1,201 departments matching selected`).first()).toBeVisible()
  await bar.getByRole('button', { name: 'Set field…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set a field on 1,201 departments' })
  await dialog.getByLabel('Abbreviation').fill('MNY')

  // the first page goes; the second waits until the bar has shown the first one done
  const sent: unknown[] = []
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/departments/bulk_update', async (route) => {
    sent.push(route.request().postDataJSON())
    if (sent.length === 2) await held
    await route.fallback()
  })
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Updating 1,201 departments… 1,000 done').first()).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Updating 1,201 departments' })).toBeVisible()
  await screenshot(page, 'bulk-pages-progress')
  release()
  await expect(page.getByText('1,201 departments updated').first()).toBeVisible()
  const [first, second] = sent as { count: number; after?: number }[]
  t.same([first.count, first.after, second.count], [many, undefined, 201], 'the second page counts the rows left after the first')
  const [{ n }] = (
    await portal.database.db.execute(sql`SELECT count(*)::int AS n FROM departments WHERE name LIKE 'Many %' AND abbreviation = 'MNY'`)
  ).rows as { n: number }[]
  t.equal(Number(n), many, 'every row matching, set')
})
