/**
 * Cloud survey responses (spec 001 §2, issue 8 items 6 and 9): a cell is red where the answer
 * differs from the cloud parent of the same identifier (the upstream's `mismatches`), with the hint
 * for hover and screen readers; a matching cell is not. The same on the inline table and the record
 * view. The add form's identifier select searches the cloud parents and fills the form from one.
 */
import { resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import t from 'tap'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick } from './pick.js'
import { plural } from '../../shared/plural.js'

const HINT = 'Differs from the cloud parent'
type Survey = { id: number; identifier: string; mismatches: string[]; business_unit: string; department: string; project_name: string }

/** The Identifier cell of `identifier`: its value, then in the list the names of the fields that differ. */
const keyCell = (scope: Page | Locator, identifier: string) =>
  scope.getByRole('cell', { name: new RegExp(`^${identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`) })

/** The cell of `column` (by its header) in the row whose Identifier cell is `identifier`. */
async function cellOf(page: Page, table: Locator, identifier: string, column: string): Promise<Locator> {
  const headers = await table.locator('thead th').allInnerTexts()
  const index = headers.findIndex((h) => h.trim() === column)
  if (index < 0) throw new Error(`no column ${column} in ${headers.join('|')}`)
  const row = table.locator('tbody tr').filter({ has: keyCell(page, identifier) })
  return row.locator('td').nth(index)
}

/** What a person and a screen reader get of a cell: painted red or not, and its description. */
async function looks(cell: Locator) {
  return cell.evaluate((el) => {
    const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number)
    return { red: r > g + 20 && r > b + 20, differs: el.classList.contains('cell--differs'), hint: el.getAttribute('aria-description') }
  })
}

t.test('survey answers: differing cells are red, matching ones are not; the add form fills from a cloud parent', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const { data } = await upstreamJson<{ data: Survey[] }>(portal, '/cloud_survey_responses?per_page=100')
  const answer = data.find((r) => r.mismatches.includes('business_unit'))!
  t.ok(answer, 'the demo has an answer whose business unit differs')
  t.notOk(answer.mismatches.includes('department'), 'and whose department matches')

  await t.test('the list: red Business Unit, plain Department', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cloud_survey_responses')
    const table = page.getByRole('table', { name: 'Cloud Survey Responses Table' })
    await table.waitFor()
    await expect(table.locator('td.cell--differs').first()).toBeVisible()
    await screenshot(page, 'survey-list')
    await page.goto(portal.baseUrl + `/auth/view/cloud_survey_responses?by_identifier=${encodeURIComponent(answer.identifier)}`)
    await expect(keyCell(table, answer.identifier).first()).toBeVisible()
    t.same(await looks(await cellOf(page, table, answer.identifier, 'Business Unit')), { red: true, differs: true, hint: HINT })
    t.same(await looks(await cellOf(page, table, answer.identifier, 'Department')), { red: false, differs: false, hint: null })
    t.equal(await (await cellOf(page, table, answer.identifier, 'Business Unit')).getAttribute('title'), HINT, 'the hint on hover')
    t.equal(await table.locator('td.cell--differs').count(), answer.mismatches.length, 'one red cell per differing field')
  })

  await t.test('the grid paints the same cells with the danger intent', async (t) => {
    await page.getByRole('radio', { name: 'Grid' }).click()
    const grid = page.getByRole('region', { name: 'Cloud Survey Responses Table (grid)' })
    const red = grid.locator('.cell--differs')
    await expect(red.first()).toBeVisible()
    t.equal(await red.count(), answer.mismatches.length, 'one red cell per differing field')
    t.ok(await red.first().evaluate((el) => el.classList.contains('bp6-intent-danger')), "Blueprint's danger cell")
    t.equal(await red.first().locator('[aria-description]').getAttribute('aria-description'), HINT)
    await screenshot(page, 'survey-grid')
    await page.getByRole('radio', { name: 'Table' }).click()
    await page.getByRole('table', { name: 'Cloud Survey Responses Table' }).waitFor()
  })

  await t.test('at 800 px: the rows with differences, each naming its red cells, each name bringing its cell into view', async (t) => {
    await page.setViewportSize({ width: 800, height: 900 })
    await page.goto(portal.baseUrl + '/auth/view/cloud_survey_responses?per_page=100')
    const table = page.getByRole('table', { name: 'Cloud Survey Responses Table' })
    await expect(table.locator('td.cell--differs').first()).toBeAttached()
    await page.getByLabel('Differs from cloud parent').selectOption({ label: 'Yes' })
    await page.waitForURL(/by_differences=true/)
    const differing = data.filter((r) => r.mismatches.length > 0)
    await expect(table.locator('tbody tr')).toHaveCount(differing.length)
    t.equal(
      await page.getByText(`1–${differing.length} of ${plural(differing.length, 'cloud survey response')}`).count(),
      1,
      'the count says how many differ',
    )
    // every row names its differing fields under its identifier, in the sticky column
    const notes = table.getByRole('group', { name: HINT })
    t.equal(await notes.count(), differing.length, 'a note on every row')
    const first = differing.toSorted((a, b) => a.identifier.toLowerCase().localeCompare(b.identifier.toLowerCase()))[0]
    const labels = await notes.first().getByRole('button').allInnerTexts()
    t.equal(labels.length, first.mismatches.length, 'one name per red cell')
    // the last differing field is off screen at 800 px; its name brings it into view and focuses it
    const last = notes.first().getByRole('button').last()
    const column = labels.at(-1)!
    const cell = await cellOf(page, table, first.identifier, column)
    const inView = () =>
      cell.evaluate((el) => {
        const frame = el.closest('.table-scroll')!.getBoundingClientRect()
        const box = el.getBoundingClientRect()
        return box.left >= frame.left && box.right <= frame.right + 1
      })
    t.equal(await inView(), false, `${column} starts out of view`)
    await last.focus()
    await page.keyboard.press('Enter')
    await expect(cell).toBeFocused()
    t.equal(await inView(), true, `${column} is in view after its name is pressed`)
    t.same(await looks(cell), { red: true, differs: true, hint: HINT })
    await screenshot(page, 'survey-differences-800')
    await page.getByLabel('Differs from cloud parent').selectOption({ label: 'No' })
    await page.waitForURL(/by_differences=false/)
    await expect(table.locator('tbody tr')).toHaveCount(data.length - differing.length)
    t.equal(await table.locator('td.cell--differs').count(), 0, 'the rows that agree have no red cell')
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  await t.test('the inline table and the record view paint the same cells', async (t) => {
    await page.goto(portal.baseUrl + `/auth/crud/cloud_survey_responses?by_identifier=${encodeURIComponent(answer.identifier)}`)
    const table = page.getByRole('table', { name: 'Cloud Survey Responses Table' })
    await expect(keyCell(table, answer.identifier).first()).toBeVisible()
    t.same(await looks(await cellOf(page, table, answer.identifier, 'Business Unit')), { red: true, differs: true, hint: HINT })
    t.same(await looks(await cellOf(page, table, answer.identifier, 'Department')), { red: false, differs: false, hint: null })
    await screenshot(page, 'survey-inline')

    await page.goto(portal.baseUrl + `/auth/view/cloud_survey_responses/${answer.id}`)
    const view = page.locator('table.record-view')
    await view.waitFor()
    const field = (label: string) =>
      view
        .locator('tr')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        .locator('td')
    t.same(await looks(field('Business Unit')), { red: true, differs: true, hint: HINT })
    t.same(await looks(field('Department')), { red: false, differs: false, hint: null })
    t.equal(await page.getByRole('link', { name: 'Edit' }).count(), 0, 'answers are edited inline, not on a form')
  })

  await t.test('the add form: the identifier select fills from the cloud parent; a changed field is red in the list', async (t) => {
    const { data: parents } = await upstreamJson(portal, '/cloud_parents?by_provider_type=GcpCloudParent&per_page=1&sort=-identifier')
    const parent = parents[0] as Record<string, string>
    await page.goto(portal.baseUrl + '/auth/create/cloud_survey_responses')
    await page.getByRole('heading', { name: 'Add New Cloud Survey Response' }).waitFor()
    await pick(page, page.getByLabel('Identifier'), parent.identifier)
    const project = page.getByLabel('Project Name')
    await expect(project).toHaveValue(parent.name)
    t.equal(await page.getByLabel('Cloud', { exact: true }).inputValue(), 'gcp', "the cloud in the survey's terms")
    t.equal(await page.getByLabel('Account Owner').inputValue(), parent.cloud_contact_email)
    t.equal(await page.getByLabel('Business Unit').inputValue(), parent.business_unit_name)
    await screenshot(page, 'survey-add-form')
    const other = parent.business_unit_name === 'CIO' ? 'BET' : 'CIO'
    await page.getByLabel('Business Unit').selectOption(other)
    await page.getByLabel('In Use?').selectOption('Yes')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/auth/view/cloud_survey_responses')
    await page.getByRole('alert').filter({ hasText: 'Your new cloud survey response has been added!' }).waitFor()
    const stored = await upstreamJson<{ data: Survey[] }>(
      portal,
      `/cloud_survey_responses?by_identifier=${encodeURIComponent(parent.identifier)}`,
    )
    t.same(
      stored.data.map((r) => [r.business_unit, r.project_name, r.mismatches]),
      [[other, parent.name, ['business_unit']]],
      'stored with the filled values and the one change',
    )
    await page.goto(portal.baseUrl + `/auth/view/cloud_survey_responses?by_identifier=${encodeURIComponent(parent.identifier)}`)
    const table = page.getByRole('table', { name: 'Cloud Survey Responses Table' })
    await expect(keyCell(table, parent.identifier).first()).toBeVisible()
    t.same(await looks(await cellOf(page, table, parent.identifier, 'Business Unit')), { red: true, differs: true, hint: HINT })
    t.same(await looks(await cellOf(page, table, parent.identifier, 'Project Name')), { red: false, differs: false, hint: null })
  })
})
