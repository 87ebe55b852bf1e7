/**
 * The CCoE Members Table (spec 000 §2, spec 001 §2, §4, §8): the Blacklist toggle flips at once,
 * is stored, and flips back with the spec's message when the update fails; the team filter lives
 * in the URL.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { holdRequests, screenshot, signedInPage, toggle, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick } from './pick.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

type Member = { id: number; name: string; email: string; blacklist: boolean; team: string }

t.test('CCoE members', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const table = page.getByRole('table', { name: 'Members Table' })
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })
  const member = async (email: string) =>
    (await upstreamJson<{ data: Member[] }>(portal, `/dcoe/members?by_email=${encodeURIComponent(email)}`)).data.find(
      (m) => m.email === email,
    )

  const failed = toast(page, 'There was a problem when updating the member blacklist Please try again.')

  await page.goto(portal.baseUrl + '/auth/view/dcoe_members')
  await page.getByRole('heading', { name: 'Members Table' }).waitFor()
  await expect(row('Alice Martin').first()).toBeVisible()

  await t.test('the columns of the spec, then Actions: Edit and the self-service link (no Delete)', async (t) => {
    // the list's columns, without the bulk actions' selection box (a column of its own, no text)
    const headers = (await table.locator('thead th:not(.resource-table__select)').allInnerTexts()).map((h) => h.trim())
    t.same(headers, ['Name', 'Email', 'Department', 'Business Unit', 'Team', 'Teams Member', 'DL Member', 'Blacklist', 'Actions'])
    t.same(
      await row('Alice Martin')
        .locator('td.resource-table__actions')
        .locator('a, button')
        .evaluateAll((controls) => controls.map((b) => b.getAttribute('aria-label'))),
      ['Edit Alice Martin', 'Self-service link for Alice Martin'],
    )
    t.ok(await page.getByRole('link', { name: 'Add New Member' }).isVisible(), 'Add New Member')
    await screenshot(page, 'members-table')
  })

  await t.test('the Blacklist toggle flips at once and is stored', async (t) => {
    const box = row('Alice Martin').getByRole('checkbox', { name: 'Blacklist Alice Martin' })
    t.notOk(await box.isChecked(), 'not blacklisted at first')
    // hold the update: the switch must already show the new value while the server has not answered
    const hold = await holdRequests(page, '**/api/dcoe/members/*')
    const put = page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/dcoe\/members\/\d+$/.test(r.url()))
    await toggle(box, true)
    t.same((await put).postDataJSON(), { blacklist: true }, 'PUT /dcoe/members/{id} with {blacklist}')
    t.ok(await box.isChecked(), 'on before the answer')
    hold.release()
    await expect(toast(page, 'Succesfully updated the blacklist!').first()).toBeVisible()
    await hold.stop()
    t.equal((await member('alice.martin@example.com'))?.blacklist, true, 'stored')
    t.ok(await box.isChecked(), 'still on')
  })

  await t.test('the team filter puts by_team in the URL; All removes it', async (t) => {
    const team = page.getByRole('combobox', { name: 'Team' })
    await team.selectOption('Core')
    await page.waitForURL(/[?&]by_team=Core/)
    await row('Bruno Rossi').waitFor({ state: 'detached' })
    t.ok(await row('Alice Martin').isVisible(), 'the Core member stays')
    const teams = await table.locator('tbody tr td:nth-child(6)').allInnerTexts()
    t.same([...new Set(teams.map((s) => s.trim()))], ['Core'], 'only Core rows')
    await screenshot(page, 'members-team-filter')
    await team.selectOption('All')
    await expect(row('Bruno Rossi').first()).toBeVisible()
    t.notMatch(new URL(page.url()).search, /by_team/, 'no by_team any more')
    const alice = row('Alice Martin').getByRole('checkbox', { name: 'Blacklist Alice Martin' })
    t.ok(await alice.isChecked(), 'the page shown again has the new blacklist value, not its cached one')
  })

  await t.test('the Department filter offers Other after the departments, and finds those members', async (t) => {
    const department = page.getByRole('combobox', { name: 'Department' })
    const options = department.locator('option')
    // the departments come from their own list call
    await expect.poll(() => options.allTextContents()).toContain('Cloud Engineering')
    const choices = (await options.allTextContents()).map((s) => s.trim())
    t.equal(choices[0], 'All', 'All first')
    t.equal(choices.at(-1), 'Other', 'Other last, after the departments list')
    t.equal(choices.filter((c) => c === 'Other').length, 1, 'once')
    await department.selectOption('Other')
    await page.waitForURL(/[?&]by_department=Other(&|$)/)
    await row('Alice Martin').waitFor({ state: 'detached' })
    await expect(row('Grace Lindqvist').first()).toBeVisible()
    const departments = await table.locator('tbody tr td:nth-child(4)').allInnerTexts()
    // each with the department typed beside it (issue 39 item 14)
    t.same([...new Set(departments.map((s) => s.trim()))], ['Other: Marketing Technology'], 'only Other rows')
    await screenshot(page, 'members-department-other')
    await department.selectOption('All')
    await expect(row('Alice Martin').first()).toBeVisible()
    t.notMatch(new URL(page.url()).search, /by_department/, 'no by_department any more')
  })

  await t.test('Add New Member: Other takes the typed department, and a membership ticket is filed', async (t) => {
    await page.getByRole('link', { name: 'Add New Member' }).click()
    // spec 000 §2: the Members Table's Add New Member is /auth/create/members
    await page.waitForURL('**/auth/create/members')
    await page.getByRole('heading', { name: 'Add New Member' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Zoe Quinn')
    await page.getByLabel('Email', { exact: true }).fill('zoe.quinn@ccoe.example')
    const other = page.getByLabel('If Other, Department')
    t.ok(await other.isDisabled(), "'If Other, Department' is disabled until Other is chosen")
    await pick(page, page.getByLabel('Department', { exact: true }), 'Other')
    t.ok(await other.isEnabled(), 'Other enables it')
    // Other without its department: refused under the field, nothing sent (issue 7c saved department "")
    let posts = 0
    const countPosts = (r: { method(): string }) => void (r.method() === 'POST' && posts++)
    page.on('request', countPosts)
    await page.getByRole('button', { name: 'Submit' }).click()
    const group = page.locator('.bp6-form-group').filter({ has: other })
    await expect(group.getByText('Please Input If Other, Department!').first()).toBeVisible()
    page.off('request', countPosts)
    t.equal(posts, 0, 'no POST')
    await other.fill('Platform Guild')
    await group.getByText('Please Input If Other, Department!').waitFor({ state: 'detached' })
    await page.getByLabel('Business Unit', { exact: true }).selectOption('CCOE')
    const ticket = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/team_membership_tickets'))
    await page.getByRole('button', { name: 'Submit' }).click()
    t.same((await ticket).postDataJSON(), {
      requesting_principal_user_id: 'zoe.quinn@ccoe.example',
      department: 'Platform Guild',
      business_unit: 'CCOE',
    })
    await expect(toast(page, 'Successfully added a new member!').first()).toBeVisible()
    await page.getByRole('heading', { name: 'Members Table' }).waitFor()
    t.hasStrict(await member('zoe.quinn@ccoe.example'), {
      name: 'Zoe Quinn',
      email: 'zoe.quinn@ccoe.example',
      department: 'Platform Guild',
      other_department: 'Platform Guild',
      business_unit: 'CCOE',
    })
    const tickets = await upstreamJson<{ data: { requesting_principal_user_id: string }[] }>(
      portal,
      '/team_membership_tickets?per_page=100',
    )
    t.ok(
      tickets.data.some((x) => x.requesting_principal_user_id === 'zoe.quinn@ccoe.example'),
      'the ticket is stored',
    )
  })

  await t.test('/auth/create/members, opened directly: If Other, Department, then the member and its ticket', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/members')
    await page.getByRole('heading', { name: 'Add New Member' }).waitFor()
    const labels = await page.locator('form label').allInnerTexts()
    t.same(
      labels.map((l) => l.replace(/\s*\*?\s*$/, '').trim()).filter(Boolean),
      ['Name', 'Email', 'Department', 'If Other, Department', 'Business Unit', 'Team', 'Teams Member', 'DL Member'],
      'the fields of spec 001 §2, then team and lists (spec 000 §3, issue 39 item 3)',
    )
    await page.getByLabel('Name', { exact: true }).fill('Yuki Tanaka')
    await page.getByLabel('Email', { exact: true }).fill('yuki.tanaka@ccoe.example')
    await pick(page, page.getByLabel('Department', { exact: true }), 'Other')
    await page.getByLabel('If Other, Department').fill('Data Guild')
    await page.getByLabel('Business Unit', { exact: true }).selectOption('CCOE')
    await screenshot(page, 'members-create-members')
    const ticket = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/team_membership_tickets'))
    await page.getByRole('button', { name: 'Submit' }).click()
    t.same((await ticket).postDataJSON(), {
      requesting_principal_user_id: 'yuki.tanaka@ccoe.example',
      department: 'Data Guild',
      business_unit: 'CCOE',
    })
    await expect(toast(page, 'Successfully added a new member!').first()).toBeVisible()
    await page.getByRole('heading', { name: 'Members Table' }).waitFor()
    t.hasStrict(
      await member('yuki.tanaka@ccoe.example'),
      { department: 'Data Guild', other_department: 'Data Guild' },
      'in the Members Table',
    )
  })

  await t.test('a failed update says so and flips the toggle back', async (t) => {
    // the row goes away behind the UI's back: the PUT answers 404
    const bruno = await member('bruno.rossi@example.com')
    const gone = await fetch(`${portal.upstreamUrl}/dcoe/members/${bruno?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example' },
    })
    t.ok(gone.ok, 'deleted upstream')
    const box = row('Bruno Rossi').getByRole('checkbox', { name: 'Blacklist Bruno Rossi' })
    const hold = await holdRequests(page, '**/api/dcoe/members/*')
    const answer = page.waitForResponse((r) => r.request().method() === 'PUT')
    await toggle(box, true)
    t.ok(await box.isChecked(), 'on while the call is under way')
    hold.release()
    t.equal((await answer).status(), 404, 'the server refused')
    await expect(failed.first()).toBeVisible()
    await expect(box).not.toBeChecked()
    t.pass('back off')
    await hold.stop()
    await screenshot(page, 'members-blacklist-failed')
  })

  await t.test('with the upstream down, the toggle flips back too', async (t) => {
    await portal.upstream.close()
    await page.getByRole('button', { name: 'Close' }).first().click() // the last toast, so a new one shows
    await failed.waitFor({ state: 'detached' })
    const box = row('Alice Martin').getByRole('checkbox', { name: 'Blacklist Alice Martin' })
    const answer = page.waitForResponse((r) => r.request().method() === 'PUT')
    t.ok(await box.isChecked(), 'on, as stored (the cached list was updated)')
    await toggle(box, false)
    t.equal((await answer).status(), 502, 'the gateway says the upstream is unavailable')
    await expect(failed.first()).toBeVisible()
    await expect(box).toBeChecked()
    t.pass('back on')
  })
})
