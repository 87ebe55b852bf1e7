/**
 * Issue 27 item 7, as a person sees it: a record page's History lists who changed which fields from
 * what to what, and when, newest first (loading, then the entries; a record with none says so); a
 * deleted record's history, the delete last, is the change log's list filtered on it.
 */
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import t from 'tap'
import { sql } from 'drizzle-orm'
import { rows } from '../../server/upstream/db/records/rows.js'
import { formatDisplayDateTime } from '../../web/src/lib/dates.js'
import { startPortal } from '../helper.js'
import { holdRequests, screenshot, signedInPage } from './browser.js'
import { expect } from './expect.js'

/** The History's entries as a person reads them: the action, when, who, and each change line. */
async function shownHistory(page: Page) {
  const list = page.getByRole('list', { name: 'History' })
  await list.waitFor()
  return list.locator(':scope > li').evaluateAll((entries) =>
    entries.map((entry) => ({
      meta: [...entry.querySelectorAll('.record-history__meta > *')].map((e) => (e as HTMLElement).innerText.trim()),
      lines: [...entry.querySelectorAll('.record-history__changes > li')].map((e) => (e as HTMLElement).innerText.trim()),
    })),
  )
}

t.test("a record page's History, and a deleted record's in the change log", async (t) => {
  let now = new Date('2030-04-02T09:05:00.000Z')
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), clock: () => now })
  const page = await signedInPage(t, portal)
  const upstream = (method: string, path: string, body?: unknown) =>
    fetch(portal.upstreamUrl + path, {
      method,
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'bob@ccoe.example', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const created = (await (await upstream('POST', '/departments', { department: { name: 'Audit Desk', abbreviation: 'AD' } })).json()) as {
    data: { id: number }
  }
  const id = created.data.id
  const createdEntry = {
    meta: ['Created', formatDisplayDateTime('2030-04-02T09:05:00.000Z'), 'bob@ccoe.example'],
    lines: ['Name: — → Audit Desk', 'Abbreviation: — → AD'],
  }

  await t.test('loading, then the creation', async (t) => {
    const held = await holdRequests(page, '**/api/record_changes?**')
    await page.goto(`${portal.baseUrl}/auth/view/departments/${id}`)
    await page.getByRole('heading', { name: 'Audit Desk', exact: true }).waitFor()
    await expect(page.getByRole('progressbar', { name: 'Loading the history' }).first()).toBeVisible()
    t.pass('the history loads after the record')
    held.release()
    await held.stop()
    t.same(await shownHistory(page), [createdEntry])
  })

  await t.test("a person's edit is the newest entry: the field's label, from → to", async (t) => {
    now = new Date('2030-04-03T16:40:00.000Z')
    await page.getByRole('link', { name: 'Edit' }).click()
    const name = page.getByLabel('Name')
    await expect(name).toHaveValue('Audit Desk')
    await name.fill('Audit Desk Team')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Are you sure you want to save these changes?' }).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Your department has been updated!' }).first()).toBeVisible()
    await page.goto(`${portal.baseUrl}/auth/view/departments/${id}`)
    await page.getByRole('heading', { name: 'Audit Desk Team', exact: true }).waitFor()
    t.same(await shownHistory(page), [
      {
        meta: ['Updated', formatDisplayDateTime('2030-04-03T16:40:00.000Z'), 'alice@ccoe.example'],
        lines: ['Name: Audit Desk → Audit Desk Team'],
      },
      createdEntry,
    ])
    await screenshot(page, 'record-history')
    await page.getByRole('link', { name: 'View in the change log' }).click()
    await page.waitForURL(`**/auth/view/record_changes?by_model=departments&by_record_id=${id}`)
    t.pass('the History links to the change log filtered on the record')
  })

  await t.test('a record written outside the CRUD has no entries, and says so', async (t) => {
    const [quiet] = await rows<{ id: number }>(
      portal.database.db,
      sql`INSERT INTO departments (name, abbreviation) VALUES ('Quiet Desk', 'QD') RETURNING id`,
    )
    await page.goto(`${portal.baseUrl}/auth/view/departments/${quiet.id}`)
    await page.getByRole('heading', { name: 'Quiet Desk', exact: true }).waitFor()
    await expect(page.getByRole('heading', { name: 'No changes recorded' }).first()).toBeVisible()
    t.equal(await page.getByRole('list', { name: 'History' }).count(), 0)
  })

  await t.test('deleted: the change log lists its history, the delete first', async (t) => {
    now = new Date('2030-04-04T08:00:00.000Z')
    t.equal((await upstream('DELETE', `/departments/${id}`)).status, 200)
    await page.goto(`${portal.baseUrl}/auth/view/departments/${id}`)
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    await page.goto(`${portal.baseUrl}/auth/view/record_changes?by_model=departments&by_record_id=${id}`)
    const table = page.getByRole('table', { name: 'Record Changes Table' })
    await expect(table.getByRole('row').filter({ hasText: 'Audit Desk Team → —' }).first()).toBeVisible()
    const cells = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 6).map((td) => (td as HTMLElement).innerText.trim())))
    t.same(cells, [
      ['04-Apr-2030', 'bob@ccoe.example', 'departments', String(id), 'delete', 'Name: Audit Desk Team → —; Abbreviation: AD → —'],
      ['03-Apr-2030', 'alice@ccoe.example', 'departments', String(id), 'update', 'Name: Audit Desk → Audit Desk Team'],
      ['02-Apr-2030', 'bob@ccoe.example', 'departments', String(id), 'create', 'Name: — → Audit Desk; Abbreviation: — → AD'],
    ])
    t.equal(await page.getByLabel('Record ID').inputValue(), String(id), 'the filter row says whose history it is')
    await screenshot(page, 'record-changes-list')
  })
})
