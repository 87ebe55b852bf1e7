/**
 * Cost centers (spec 001 §2, §4, §5, §8) as a person uses them: the owner's email must be a known
 * cloud contact, which the save's upstream checks (else off to the contact form), the add and edit forms with their confirm modal,
 * the replacement and backup sent as null when unchecked, Active from today, Expired clearable, the
 * created-within filter, the page's failure texts, and the emailed inventory report.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import t from 'tap'
import type { Page, Route } from 'playwright-core'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { readOutbox } from '../upstream/fixtures/outbox.js'
import { holdRequests, screenshot, settler, signedInPage, toggle, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick, typeFree } from './pick.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

type Row = Record<string, unknown>

t.test('cost centers', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const byIdentifier = async (identifier: string) =>
    (await upstreamJson<{ data: Row[] }>(portal, `/cost_centers?by_identifier=${encodeURIComponent(identifier)}`)).data.filter(
      (r) => r.identifier === identifier,
    )

  await t.test('the list: 15 columns, Add New Cost Center, Send Inventory Report', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cost_centers')
    const table = page.getByRole('table', { name: 'Cost Centers Table' })
    await expect(table.getByRole('cell', { name: '1000-CCOE-01', exact: true }).first()).toBeVisible()
    // the list's columns, without the bulk actions' selection box (a column of its own, no text)
    const headers = await table.locator('thead th:not(.resource-table__select)').allInnerTexts()
    t.same(
      headers.map((h) => h.trim()),
      [
        'Identifier',
        'Company Code',
        'AWS GL',
        'GCP GL',
        'Azure GL',
        'Owner',
        'Approved',
        'Owner Terminated',
        'Business Unit',
        'Department',
        'Active',
        'Expired',
        'Replacement',
        'Backup',
        'Created',
        'Actions',
      ],
      'the spec columns, then Actions',
    )
    // no cell's text spills over its neighbour (a 15-column table scrolls instead)
    const overflowing = await table.evaluate((el) =>
      [...el.querySelectorAll('td, th')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
    )
    t.same(overflowing, [], 'no cell overflows')
    const lines = await table.getByRole('cell', { name: 'WBS-CORP-2024-01', exact: true }).evaluate((cell) => {
      const range = document.createRange()
      range.selectNodeContents(cell)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    t.equal(lines, 1, 'an identifier stays on one line')
    await screenshot(page, 'cost-centers-list')

    await page.getByRole('combobox', { name: 'Owner terminated' }).selectOption({ label: 'Yes' })
    await page.waitForURL(/by_owner_terminated=true/)
    await table.getByRole('cell', { name: '1000-CCOE-01', exact: true }).waitFor({ state: 'detached' })
    t.ok(await table.getByRole('cell', { name: 'WBS-CORP-2024-01', exact: true }).isVisible(), "the terminated owner's cost center stays")
    await page.getByRole('combobox', { name: 'Owner terminated' }).selectOption({ label: 'All' })
    await expect(table.getByRole('cell', { name: '1000-CCOE-01', exact: true }).first()).toBeVisible()
    t.notMatch(page.url(), /by_owner_terminated/, 'All removes the filter')

    // created within (spec 001 §9: All, 30, 60, 90); the demo rows were created 10, 45, 75, 120 and 400 days ago
    const shown = async () => (await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((c) => c.trim()).sort()
    const within = async (days?: string) =>
      (await upstreamJson<{ data: Row[] }>(portal, `/cost_centers?per_page=1000${days ? `&by_created_within=${days}` : ''}`)).data
        .map((r) => String(r.identifier))
        .sort()
    const all = await within()
    const created = page.getByRole('combobox', { name: 'Created within (days)' })
    t.same(await created.locator('option').allInnerTexts(), ['All', '30', '60', '90'], 'the choices of the spec')
    for (const days of ['30', '60', '90']) {
      await created.selectOption({ label: days })
      await page.waitForURL(new RegExp(`by_created_within=${days}(&|$)`))
      const expected = await within(days)
      await expect.poll(shown).toEqual(expected)
      t.ok(expected.length > 0 && expected.length < all.length, `${days} days: ${expected.length} of ${all.length} rows`)
    }
    t.same(await within('30'), ['1000-CCOE-01'], 'within 30 days: only the row created 10 days ago')
    await created.selectOption({ label: 'All' })
    await expect.poll(shown).toEqual(all)
    t.notMatch(page.url(), /by_created_within/, 'All removes the filter')
  })

  await t.test('the add form: Active is today; a failed save says so', async (t) => {
    await page.getByRole('link', { name: 'Add New Cost Center' }).click()
    await page.getByRole('heading', { name: 'Add New Cost Center' }).waitFor()
    const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })
    t.equal(await page.getByRole('combobox', { name: 'Active' }).inputValue(), today, 'Active defaults to today')
    t.equal(await page.getByRole('combobox', { name: 'Expired' }).inputValue(), '', 'Expired is empty')

    await page.getByLabel('Identifier').fill('1000-CCOE-01')
    await typeFree(page, page.getByLabel('Cloud Contact Email'), 'alice.martin@example.com')
    // the owner is looked up by the save itself (the upstream): no read of the contacts before it
    const lookups: string[] = []
    const countLookups = (r: { url(): string }) => void (new URL(r.url()).pathname === '/api/cloud_contacts' && lookups.push(r.url()))
    page.on('request', countLookups)
    const failSave = (r: Route) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom', statusCode: 500 }) })
    await page.route('**/api/cost_centers', failSave)
    await page.getByRole('button', { name: 'Submit' }).click()
    const question = page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' })
    await question.getByRole('button', { name: 'Save' }).click()
    const submitFailed = 'There was a problem submitting this cost center. Please try again.'
    await expect(toast(page, submitFailed).first()).toBeVisible()
    t.equal(
      (await toast(page, submitFailed).innerText()).trim(),
      `${submitFailed}\nReason: boom`,
      "the spec's text, the server's reason beneath",
    )
    t.match(page.url(), /\/auth\/create\/cost_centers$/, 'the form stays')
    await page.unroute('**/api/cost_centers', failSave)
    page.off('request', countLookups)
    t.same(lookups, [], 'no contact lookup before the save')

    // the save goes through now; the identifier is taken: the spec's duplicate text alone, not after
    // the page's submit failure ('Please try again. Duplicate identifier found…' read as two errors)
    await page.getByRole('button', { name: 'Submit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' })
    await dialog.getByRole('button', { name: 'Save' }).click()
    const failed = toast(page, MESSAGES.duplicateIdentifier)
    await expect(failed.first()).toBeVisible()
    t.equal((await failed.innerText()).trim(), MESSAGES.duplicateIdentifier, 'the duplicate text of spec 001 §5 alone')
    t.match(page.url(), /\/auth\/create\/cost_centers$/, 'the form stays')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL('**/auth/view/cost_centers')
  })

  await t.test('an unknown owner email sends the person to the contact form, the email filled in', async (t) => {
    await page.getByRole('link', { name: 'Add New Cost Center' }).click()
    await page.getByRole('heading', { name: 'Add New Cost Center' }).waitFor()
    await page.getByLabel('Identifier').fill('CC-E2E-100')
    await typeFree(page, page.getByLabel('Cloud Contact Email'), 'nobody@example.com')
    await pick(page, page.getByLabel('Company'), '3100')
    await screenshot(page, 'cost-centers-create')
    await page.getByRole('button', { name: 'Submit' }).click()
    // the upstream refuses the save: the owner is no contact (Save clicked once the question has opened:
    // a click during its transition once went unanswered on a loaded machine)
    const question = page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' })
    await question.waitFor()
    await transitionsDone(page)
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cost_centers')
    await question.getByRole('button', { name: 'Save' }).click()
    t.equal((await refused).status(), 422, 'the upstream refuses the unknown owner')
    await expect(
      toast(
        page,
        "Cloud contact: nobody@example.com doesn't exists! Please add it first before creating (or editing) this cost center this form",
      ).first(),
    ).toBeVisible()
    await page.waitForURL((url) => url.pathname === '/auth/create/cloud_contacts')
    await page.getByRole('heading', { name: 'Add New Cloud Contact' }).waitFor()
    t.equal(await page.getByLabel('Email').inputValue(), 'nobody@example.com', 'the owner it needs, filled in')
    t.same(await byIdentifier('CC-E2E-100'), [], 'nothing saved')
  })

  await t.test('the contact form adds the missing owner and brings the person back to their form', async (t) => {
    await screenshot(page, 'cloud-contacts-create')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(toast(page, 'Your new contact has been added!').first()).toBeVisible()
    await page.waitForURL((url) => url.pathname === '/auth/create/cost_centers')
    await page.getByRole('heading', { name: 'Add New Cost Center' }).waitFor()
    t.same(
      [
        await page.getByLabel('Identifier').inputValue(),
        await page.getByLabel('Cloud Contact Email').inputValue(),
        await page.getByLabel('Company').inputValue(),
      ],
      ['CC-E2E-100', 'nobody@example.com', '3100'],
      'the form as the person left it',
    )
    await screenshot(page, 'cost-centers-create-back')
    const stored = await upstreamJson<{ data: Row[] }>(portal, '/cloud_contacts?by_email=nobody%40example.com')
    t.strictSame(
      stored.data.map((r) => r.email),
      ['nobody@example.com'],
      'in the database',
    )
  })

  await t.test('a known owner: confirm, added, unchecked replacement and backup sent as null', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/cost_centers')
    await page.getByLabel('Identifier').fill('CC-E2E-100')
    await typeFree(page, page.getByLabel('Cloud Contact Email'), 'alice.martin@example.com')
    await pick(page, page.getByLabel('Company'), '3100')
    // pick a replacement, then change one's mind: the box unchecked means no replacement at all
    await toggle(page.getByRole('checkbox', { name: 'Replacement' }), true)
    await pick(page, page.getByRole('combobox', { name: 'Replacement cost center' }), '1000-CCOE-01')
    await toggle(page.getByRole('checkbox', { name: 'Replacement' }), false)
    // the same for the backup
    await toggle(page.getByRole('checkbox', { name: 'Backup (WBS only)' }), true)
    await pick(page, page.getByRole('combobox', { name: 'Backup (WBS only) cost center' }), 'WBS-CORP-2024-01')
    await toggle(page.getByRole('checkbox', { name: 'Backup (WBS only)' }), false)
    await page.getByRole('button', { name: 'Submit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' })
    await dialog.waitFor()
    await screenshot(page, 'cost-centers-create-confirm')
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/cost_centers')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const body = (await posted).postDataJSON() as Row
    const sent = (body.cost_center ?? body) as Row
    t.equal(sent.new_cost_center_id, null, 'replacement sent as null')
    t.equal(sent.alt_cost_center_id, null, 'unchecked backup sent as null')
    t.equal(String(sent.active_at).slice(0, 10), new Date().toISOString().slice(0, 10), 'active from today')
    await expect(toast(page, 'Your new cost center has been added!').first()).toBeVisible()
    await page.waitForURL('**/auth/view/cost_centers')
    await expect(page.getByRole('cell', { name: 'CC-E2E-100', exact: true }).first()).toBeVisible()
    const [saved] = await byIdentifier('CC-E2E-100')
    t.hasStrict(
      saved,
      { cloud_contact_email: 'alice.martin@example.com', company_code: '3100', new_cost_center_id: null, alt_cost_center_id: null },
      'stored with its owner and company, without replacement or backup',
    )
  })

  await t.test('edit with a confirm modal: the replacement is saved', async (t) => {
    await page.getByRole('button', { name: 'Actions for CC-E2E-100' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    const email = page.getByLabel('Cloud Contact Email')
    await expect(email).toHaveValue('alice.martin@example.com')
    await typeFree(page, email, 'bruno.rossi@example.com')
    await toggle(page.getByRole('checkbox', { name: 'Replacement' }), true)
    await pick(page, page.getByRole('combobox', { name: 'Replacement cost center' }), '1000-CCOE-01')
    await screenshot(page, 'cost-centers-edit')
    await page.getByRole('button', { name: 'Submit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your cost center has been updated!').first()).toBeVisible()
    await page.waitForURL('**/auth/view/cost_centers')
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'CC-E2E-100', exact: true }) })
    await expect(row.getByRole('cell', { name: 'bruno.rossi@example.com', exact: true }).first()).toBeVisible()
    const [replacement] = await byIdentifier('1000-CCOE-01')
    const [saved] = await byIdentifier('CC-E2E-100')
    t.hasStrict(
      saved,
      { cloud_contact_email: 'bruno.rossi@example.com', new_cost_center_id: replacement?.id, new_cost_center_identifier: '1000-CCOE-01' },
      'stored with the new owner and the replacement',
    )
  })

  await t.test('edit: the Expired date can be cleared', async (t) => {
    const [before] = await byIdentifier('WBS-CORP-2024-01')
    t.ok(before?.expired_at, 'WBS-CORP-2024-01 has an expiry')
    await page.getByRole('button', { name: 'Actions for WBS-CORP-2024-01' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    const expired = page.getByRole('combobox', { name: 'Expired' })
    await expect(expired).toHaveValue(/^(January 31|February 1), 2025$/)
    await expired.click()
    await page.getByRole('button', { name: 'Clear', exact: true }).click()
    await page.keyboard.press('Escape')
    await expect(expired).toHaveValue('')
    await page.getByRole('button', { name: 'Submit' }).click()
    const put = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/cost_centers/'))
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    const body = (await put).postDataJSON() as Row
    t.equal(((body.cost_center ?? body) as Row).expired_at, null, 'sent as null')
    await expect(toast(page, 'Your cost center has been updated!').first()).toBeVisible()
    await page.waitForURL('**/auth/view/cost_centers')
    const [after] = await byIdentifier('WBS-CORP-2024-01')
    t.equal(after?.expired_at, null, 'stored without an expiry')
  })

  await t.test('edit: a department or business unit of None is refused before anything is sent', async (t) => {
    await page.getByRole('button', { name: 'Actions for CC-E2E-100' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    const email = page.getByLabel('Cloud Contact Email')
    await expect(email).not.toHaveValue('')
    let writes = 0
    const countWrites = (r: { method(): string }) => void (r.method() === 'PUT' && writes++)
    page.on('request', countWrites)
    const department = page.getByRole('combobox', { name: /^Department/ })
    const chosen = await department.inputValue()
    t.not(chosen, '', 'the stored department is shown')
    await pick(page, department, 'None', '')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, "Edited Department can't be None!").first()).toBeVisible()
    await pick(page, department, chosen)
    await pick(page, page.getByRole('combobox', { name: /^Business Unit/ }), 'None', '')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, "Edited Business Unit can't be None!").first()).toBeVisible()
    page.off('request', countWrites)
    t.equal(writes, 0, 'no PUT was sent')
    t.equal(await page.getByRole('dialog').count(), 0, 'no confirm modal either')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL('**/auth/view/cost_centers')
  })

  await t.test('edit: an unknown owner → the contact form, and back to the edit form as it was left', async (t) => {
    const [record] = await byIdentifier('CC-E2E-100')
    await page.goto(`${portal.baseUrl}/auth/edit/cost_centers/${String(record?.id)}`)
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    const email = page.getByLabel('Cloud Contact Email')
    await expect(email).toHaveValue('bruno.rossi@example.com')
    await page.getByLabel('Identifier').fill('CC-E2E-100-B')
    await typeFree(page, email, 'carol.new@example.com')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    const missing =
      "Cloud contact: carol.new@example.com doesn't exists! Please add it first before creating (or editing) this cost center this form"
    await expect(toast(page, missing).first()).toBeVisible()
    await page.waitForURL((url) => url.pathname === '/auth/create/cloud_contacts')
    t.equal(await page.getByLabel('Email').inputValue(), 'carol.new@example.com', 'the owner it needs, filled in')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.waitForURL((url) => url.pathname === `/auth/edit/cost_centers/${String(record?.id)}`)
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    t.same(
      [await page.getByLabel('Identifier').inputValue(), await email.inputValue()],
      ['CC-E2E-100-B', 'carol.new@example.com'],
      'the edit form as the person left it',
    )
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your cost center has been updated!').first()).toBeVisible()
    const [saved] = await byIdentifier('CC-E2E-100-B')
    t.equal(saved?.cloud_contact_email, 'carol.new@example.com', 'saved with the new contact as its owner')
    // back as it was, for the steps below
    const restored = await fetch(`${portal.upstreamUrl}/cost_centers/${String(record?.id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cost_center: { identifier: 'CC-E2E-100' } }),
    })
    t.equal(restored.status, 200)
  })

  await t.test('Send Inventory Report: prefilled email, Your report will be emailed!', async (t) => {
    await page.getByRole('button', { name: 'Send Inventory Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Send Inventory Report' })
    const email = dialog.getByLabel('Email')
    await expect(email).toHaveValue('alice@ccoe.example')
    await email.fill('finops@ccoe.example')
    await screenshot(page, 'cost-centers-send-report')
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cost_centers/send_report')
    await dialog.getByRole('button', { name: 'Send' }).click()
    const answer = await sent
    if (answer.status() !== 200) t.comment(`send_report answered ${answer.status()}: ${await answer.text()}`)
    t.equal(answer.status(), 200, 'POST /cost_centers/send_report answered (needs the upstream endpoint)')
    t.same(answer.request().postDataJSON(), { cost_center: { email: true, send_to: 'finops@ccoe.example' } }, 'the spec payload')
    await expect(toast(page, 'Your report will be emailed!').first()).toBeVisible()
    await dialog.waitFor({ state: 'detached' })
    await portal.upstream.mail.idle()
    const [mail] = readOutbox(portal.outboxDir)
    t.match(mail?.headers.to, /finops@ccoe\.example/, 'an email to the address typed')
    const csv = mail?.attachments[0]?.content ?? ''
    t.match(csv, /CC-E2E-100/, 'the inventory lists the new cost center')
  })

  await t.test("a lookup never offers the previous query's rows while the new search is on its way", async (t) => {
    // the form's look-ups of its default values answered first: typing races nothing
    const settled = settler(page)
    await page.goto(portal.baseUrl + '/auth/create/cost_centers')
    await settled()
    await toggle(page.getByRole('checkbox', { name: 'Replacement' }), true)
    const replacement = page.getByRole('combobox', { name: 'Replacement cost center' })
    await replacement.click()
    // its list open with the first rows, as a person sees it before typing
    await page.getByRole('listbox').getByRole('option').first().waitFor()
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('by_identifier') === 'CCOE')
    await replacement.fill('CCOE')
    await answered
    const list = page.getByRole('listbox')
    await list.getByRole('option', { name: '1000-CCOE-01', exact: true }).waitFor()
    const held = await holdRequests(page, '**/api/cost_centers?**')
    await replacement.fill('LOT')
    await list.getByRole('option', { name: 'Searching…' }).waitFor()
    t.same(await list.getByRole('option').allTextContents(), ['Searching…'], "the answer for 'CCOE' is not offered for 'LOT'")
    await replacement.press('Enter')
    held.release()
    await held.stop()
    await page.getByLabel('Identifier').click()
    // leaving the field closes its list and puts back the chosen row's label (none)
    await expect(replacement).not.toHaveValue('LOT')
    t.equal(await replacement.inputValue(), '', "Enter picked nothing, though '1000-CCOE-01' was the active row")
    await pick(page, replacement, '2000-LOT-12', 'LOT')
    t.equal(await replacement.inputValue(), '2000-LOT-12', 'the row the person typed is chosen')
  })

  await t.test('the owner among 100,000 contacts: found by typing part of its email; a far expiry shows and saves (7a)', async (t) => {
    await portal.database.db.execute(sql`
      INSERT INTO cloud_contacts (email, name)
      SELECT 'contact' || lpad(g::text, 6, '0') || '@bulk.example', 'Bulk ' || g FROM generate_series(1, 100000) AS g`)
    const wanted = 'contact099999@bulk.example'
    const [contact] = (await upstreamJson<{ data: Row[] }>(portal, `/cloud_contacts?by_email=${encodeURIComponent(wanted)}`)).data
    t.equal(contact?.email, wanted, 'the 99,999th contact is stored')

    const settled = settler(page)
    await page.goto(portal.baseUrl + '/auth/create/cost_centers')
    await settled()
    await page.getByLabel('Identifier').fill('CC-BULK-1')
    const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('by_email') === '099999')
    await page.getByLabel('Cloud Contact Email').click()
    await page.getByRole('listbox').getByRole('option').first().waitFor()
    await pick(page, page.getByLabel('Cloud Contact Email'), wanted, '099999')
    const search = new URL((await searched).url())
    t.equal(search.searchParams.get('per_page'), '20', 'the server is asked for a page of matches, not every contact')
    const year = new Date().getFullYear() + 20
    const expired = page.getByRole('combobox', { name: 'Expired' })
    // typed, not Enter: Enter in a form's input submits the form
    await expired.fill(`March 3, ${year}`)
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'Add New Cost Center' }).click()
    t.equal(await expired.inputValue(), `March 3, ${year}`, 'the picker takes a day twenty years ahead')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your new cost center has been added!').first()).toBeVisible()
    const [saved] = await byIdentifier('CC-BULK-1')
    t.equal(saved?.cloud_contact_id, contact?.id, 'the picked contact is the owner')
    t.equal(saved?.cloud_contact_email, wanted)
    t.equal(String(saved?.expired_at).slice(0, 10), `${year}-03-03`, 'the expiry twenty years ahead is stored')

    await page.goto(`${portal.baseUrl}/auth/edit/cost_centers/${String(saved?.id)}`)
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    const shown = page.getByRole('combobox', { name: 'Expired' })
    await expect(shown).toHaveValue(`March 3, ${year}`)
    t.equal(await shown.inputValue(), `March 3, ${year}`, "the stored expiry, not 'Out of range'")
    await shown.click()
    // the picker's popover opens a frame after the click: read its years once it is there
    const yearSelect = page.getByRole('combobox', { name: 'Year' })
    await yearSelect.waitFor()
    const years = await yearSelect.locator('option').allInnerTexts()
    t.ok(years.includes(String(new Date().getFullYear() + 20)), 'the picker offers twenty years ahead')
    await page.keyboard.press('Escape')
  })
})
