/**
 * Issue 39 items 3, 14 and 17, as a person meets them on the Members Table (spec 000 §2–§5):
 * Team, Teams Member and DL Member are set on Add New Member and on the member's edit form (the
 * list's edit mode, reached from the row and from the record view); a department typed beside
 * Other reads as such in the list; a business unit reads by one label in the form, the list, its
 * filter and the Membership Requests.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS } from '../../shared/constants.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, toggle, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick } from './pick.js'

type Member = {
  id: number
  email: string
  department: string
  other_department: string | null
  team: string | null
  teams_included: boolean
  dl_included: boolean
  business_unit: string | null
}

t.test('the Members Table: team and lists set, departments and business units read whole', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const table = page.getByRole('table', { name: 'Members Table' })
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })
  const member = async (email: string) =>
    (await upstreamJson<{ data: Member[] }>(portal, `/dcoe/members?by_email=${encodeURIComponent(email)}`)).data.find(
      (m) => m.email === email,
    )!
  const columnOf = async (header: string) =>
    (await table.locator('thead th:not(.resource-table__select)').allInnerTexts()).findIndex((h) => h.trim() === header)
  const cell = async (name: string, header: string) =>
    (
      await row(name)
        .locator('td:not(.resource-table__select)')
        .nth(await columnOf(header))
        .innerText()
    ).trim()

  await t.test('the list: Other with its typed department, business units by their labels (items 14, 17)', async (t) => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(portal.baseUrl + '/auth/view/dcoe_members')
    await expect(row('Grace Lindqvist').first()).toBeVisible()
    t.equal(await cell('Grace Lindqvist', 'Department'), 'Other: Marketing Technology')
    t.equal(await cell('Alice Martin', 'Department'), 'Cloud Engineering', 'a department of the list as it is')
    t.equal(await cell('Bruno Rossi', 'Business Unit'), 'GAM Gaming')
    t.equal(await cell('Grace Lindqvist', 'Business Unit'), 'BET Digital & Betting')
    const choices = await page.getByRole('combobox', { name: 'Business Unit' }).locator('option').allTextContents()
    t.strictSame(choices, ['All', ...BUSINESS_UNIT_OPTIONS.map((b) => BUSINESS_UNIT_LABELS[b])], 'the filter reads the same labels')
    t.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1400, 'the list fits the window')
    await screenshot(page, 'member-edits-list-1400')
    await page.setViewportSize({ width: 800, height: 900 })
    await screenshot(page, 'member-edits-list-800')
    await page.setViewportSize({ width: 1400, height: 900 })
  })

  await t.test('Membership Requests: the typed department, the business unit by its label (items 14, 17)', async (t) => {
    await page.goto(portal.baseUrl + '/auth/membership-requests')
    const requests = page.getByRole('table', { name: 'Membership Requests' })
    const grace = requests.getByRole('row').filter({ has: page.getByRole('cell', { name: 'grace.lindqvist@example.com' }) })
    await expect(grace.first()).toBeVisible()
    const cells = (await grace.locator('td').allInnerTexts()).map((c) => c.trim())
    t.strictSame(cells.slice(0, 3), ['grace.lindqvist@example.com', 'Marketing Technology', 'BET Digital & Betting'])
    await screenshot(page, 'member-edits-requests')
  })

  await t.test('Add New Member sets team and lists; business units by their labels (items 3, 17)', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/members')
    await page.getByRole('heading', { name: 'Add New Member' }).waitFor()
    // a switch's own label (its drawn indicator) has no text: the field's label names it
    const labels = (await page.locator('form label').allInnerTexts()).map((l) => l.replace(/\s*\*?\s*$/, '').trim()).filter(Boolean)
    t.strictSame(labels, ['Name', 'Email', 'Department', 'If Other, Department', 'Business Unit', 'Team', 'Teams Member', 'DL Member'])
    const unit = page.getByLabel('Business Unit', { exact: true })
    const options = (await unit.locator('option').allTextContents()).filter((o) => o !== 'Select…')
    t.strictSame(
      options,
      BUSINESS_UNIT_OPTIONS.map((b) => BUSINESS_UNIT_LABELS[b]),
      'the same labels as everywhere else',
    )
    await page.getByLabel('Name', { exact: true }).fill('Uma Stone')
    await page.getByLabel('Email', { exact: true }).fill('uma.stone@ccoe.example')
    await pick(page, page.getByLabel('Department', { exact: true }), 'Cloud Engineering', 'Cloud Eng')
    await unit.selectOption({ label: 'CORP Corporate' })
    await page.getByLabel('Team', { exact: true }).selectOption('Advisory')
    await toggle(page.getByLabel('Teams Member', { exact: true }), true)
    await toggle(page.getByLabel('DL Member', { exact: true }), true)
    await screenshot(page, 'member-edits-create')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Successfully added a new member!' }).first()).toBeVisible()
    await page.getByRole('heading', { name: 'Members Table' }).waitFor()
    t.hasStrict(await member('uma.stone@ccoe.example'), {
      department: 'Cloud Engineering',
      other_department: null,
      business_unit: 'CORP',
      team: 'Advisory',
      teams_included: true,
      dl_included: true,
    })
  })

  await t.test("a member's edit form, from the row and from the record view (item 3)", async (t) => {
    const grace = await member('grace.lindqvist@example.com')
    await page.goto(portal.baseUrl + '/auth/view/dcoe_members')
    await row('Grace Lindqvist').getByRole('link', { name: 'Edit Grace Lindqvist' }).click()
    await page.waitForURL(`**/auth/edit/dcoe_members/${grace.id}`)
    await page.getByRole('heading', { name: 'Edit Member' }).waitFor()
    // the typed department waits beside Other, as it was added
    await expect(page.getByLabel('Department', { exact: true })).toHaveValue('Other')
    await expect(page.getByLabel('If Other, Department')).toHaveValue('Marketing Technology')
    await expect(page.getByLabel('Team', { exact: true })).toHaveValue('Community')
    t.equal(await page.getByLabel('Teams Member', { exact: true }).isChecked(), false)
    t.equal(await page.getByLabel('DL Member', { exact: true }).isChecked(), true)
    await page.getByLabel('Team', { exact: true }).selectOption('Core')
    await toggle(page.getByLabel('Teams Member', { exact: true }), true)
    await toggle(page.getByLabel('DL Member', { exact: true }), false)
    await screenshot(page, 'member-edits-edit-1400')
    await page.setViewportSize({ width: 800, height: 900 })
    await screenshot(page, 'member-edits-edit-800')
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.getByRole('button', { name: 'Submit' }).click()
    const question = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to save these changes?' })
    await question.waitFor()
    await transitionsDone(page)
    await question.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The member has been updated!' }).first()).toBeVisible()
    await page.getByRole('heading', { name: 'Members Table' }).waitFor()
    t.hasStrict(await member('grace.lindqvist@example.com'), {
      team: 'Core',
      teams_included: true,
      dl_included: false,
      department: 'Marketing Technology',
      other_department: 'Marketing Technology',
      business_unit: 'BET',
    })
    t.equal(await cell('Grace Lindqvist', 'Department'), 'Other: Marketing Technology', 'still read beside Other')

    await page.goto(`${portal.baseUrl}/auth/view/dcoe_members/${grace.id}`)
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.waitForURL(`**/auth/edit/dcoe_members/${grace.id}`)
    await expect(page.getByLabel('Team', { exact: true })).toHaveValue('Core')
    await page.goto(`${portal.baseUrl}/auth/edit/dcoe_members/99999`)
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    t.pass('a member the upstream does not have is Not Found')
  })
})
