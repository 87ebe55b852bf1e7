/**
 * One record read-only (/auth/view/<model>/<id>): reached from a list's row Actions, each field
 * under its registry label and shown as the list shows it (dates, yes/no, the joined labels of
 * lookups), Edit where the model has an edit form, Go Back; a missing record and a route the
 * model does not allow are the not-found page.
 */
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import t from 'tap'
import { RESOURCES, allowsRoute, type Action } from '../../shared/resources/index.js'
import { formatDisplayDate } from '../../web/src/lib/dates.js'
import { viewFields } from '../../web/src/resources/view-fields.js'
import { startPortal } from '../helper.js'
import { holdRequests, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

type Rec = Record<string, unknown>

/** The view's rows as a person reads them: [label, value]. */
async function shownFields(page: Page): Promise<[string, string][]> {
  const table = page.locator('table.record-view')
  await table.waitFor()
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((r) => [(r.querySelector('th') as HTMLElement).innerText.trim(), (r.querySelector('td') as HTMLElement).innerText.trim()]),
    )
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
const yesNo = (v: unknown) => (v === null || v === undefined ? '' : v ? 'yes' : 'no')

t.test('record views from the lists, Edit, Go Back, and the not-found page', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)

  await t.test('a department: from its row Actions, every field, loading, Edit', async (t) => {
    const { data } = await upstreamJson(portal, '/departments?sort=name&per_page=1')
    const dept = data[0]!
    const name = String(dept.name)
    await page.goto(portal.baseUrl + '/auth/view/departments')
    await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
    // the record's answer is held: the page shows it is loading, then the record
    const held = await holdRequests(page, `**/api/departments/${String(dept.id)}`)
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: 'View' }).click()
    await page.waitForURL(`**/auth/view/departments/${String(dept.id)}`)
    await expect(page.getByRole('progressbar', { name: 'Loading the record' }).first()).toBeVisible()
    t.pass('loading while the upstream has not answered')
    held.release()
    await held.stop()
    await page.getByRole('heading', { name, exact: true }).waitFor()
    t.equal(await page.title(), `${name} · CCoE Portal`, 'the tab names the record')
    t.strictSame(
      await shownFields(page),
      [
        ['ID', text(dept.id)],
        ['Name', name],
        ['Abbreviation', text(dept.abbreviation)],
        ['Created', formatDisplayDate(dept.created_at)],
      ],
      'every field of the upstream record, formatted as the list does',
    )
    // a list lines its numbers up on the right; a view's value column starts every value, a number too, on the left
    const id = page.locator('table.record-view tr').first().locator('td .cell-text')
    t.equal(await id.evaluate((cell) => getComputedStyle(cell).textAlign), 'left', 'the ID starts where the other values start')
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.waitForURL(`**/auth/edit/departments/${String(dept.id)}`)
    await page.getByRole('heading', { name: 'Edit Department' }).waitFor()
    const input = page.getByLabel('Name')
    await expect(input).toHaveValue(name)
    t.pass('Edit opens the edit form of the same record')
  })

  await t.test('a cost center: joined labels of its lookups, dates and flags; Go Back', async (t) => {
    // today for the page, whatever the machine's: its expiry (31 January 2025) is past, so marked
    await page.clock.setFixedTime(new Date(2026, 6, 1, 12))
    const all = await upstreamJson(portal, '/cost_centers?per_page=100')
    const byIdentifier = (id: string) => all.data.find((r) => r.identifier === id)!
    const target = byIdentifier('WBS-CORP-2024-01')
    const replacement = byIdentifier('1000-CCOE-01')
    // a replacement, so the view shows a lookup to the model itself by its identifier
    const res = await fetch(`${portal.upstreamUrl}/cost_centers/${String(target.id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example', 'content-type': 'application/json' },
      body: JSON.stringify({ cost_center: { new_cost_center_id: replacement.id } }),
    })
    t.equal(res.status, 200, 'replacement set upstream')
    const { data: cc } = await upstreamJson<{ data: Rec }>(portal, `/cost_centers/${String(target.id)}`)
    t.equal(cc.new_cost_center_identifier, '1000-CCOE-01')

    await page.goto(portal.baseUrl + '/auth/view/cost_centers?by_identifier=WBS-CORP-2024-01')
    await page.getByRole('heading', { name: 'Cost Centers Table' }).waitFor()
    await page.getByRole('button', { name: 'Actions for WBS-CORP-2024-01' }).click()
    await page.getByRole('menuitem', { name: 'View' }).click()
    await page.waitForURL(`**/auth/view/cost_centers/${String(cc.id)}`)
    await page.getByRole('heading', { name: 'WBS-CORP-2024-01', exact: true }).waitFor()
    t.strictSame(
      await shownFields(page),
      [
        ['ID', text(cc.id)],
        ['Identifier', 'WBS-CORP-2024-01'],
        ['Owner', text(cc.cloud_contact_email)],
        ['Company Code', text(cc.company_code)],
        ['AWS GL', text(cc.aws_gl)],
        ['GCP GL', text(cc.gcp_gl)],
        ['Azure GL', text(cc.azure_gl)],
        ['Owner Terminated', yesNo(cc.owner_terminated)],
        ['Business Unit', text(cc.business_unit_name)],
        ['Department', text(cc.department_name)],
        ['Approved', yesNo(cc.approved)],
        ['Active', formatDisplayDate(cc.active_at)],
        ['Expired', `${formatDisplayDate(cc.expired_at)}\nExpired`],
        ['Replacement', '1000-CCOE-01'],
        ['Backup', ''],
        ['Created', formatDisplayDate(cc.created_at)],
      ],
      'lookups by their joined labels, never their ids',
    )
    t.equal(cc.business_unit_name, 'Corporate')
    t.equal(cc.department_name, 'Finance')
    t.equal(cc.approved, true)
    t.ok(cc.expired_at, 'an expiry to show')

    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.getByRole('heading', { name: 'Cost Centers Table' }).waitFor()
    t.match(page.url(), /\/auth\/view\/cost_centers$/, 'Go Back is the list')

    await page.goBack()
    await page.getByRole('heading', { name: 'WBS-CORP-2024-01', exact: true }).waitFor()
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.waitForURL(`**/auth/edit/cost_centers/${String(cc.id)}`)
    await page.getByRole('heading', { name: 'Edit Cost Center' }).waitFor()
    const identifier = page.getByLabel('Identifier')
    await expect(identifier).toHaveValue('WBS-CORP-2024-01')
    t.pass('Edit opens the cost center form of the same record')
  })

  await t.test('a model without an edit form: its record view has no Edit', async (t) => {
    const { data } = await upstreamJson(portal, '/cloud_contacts?sort=email&per_page=1')
    const contact = data[0]!
    await page.goto(portal.baseUrl + `/auth/view/cloud_contacts/${String(contact.id)}`)
    // named by its name, else its email: never by its first column, the terminated flag
    await page.getByRole('heading', { name: text(contact.name || contact.email), exact: true }).waitFor()
    const shown = Object.fromEntries(await shownFields(page))
    t.equal(shown.Email, contact.email)
    t.equal(shown.Terminated, yesNo(contact.terminated))
    t.equal(await page.getByRole('link', { name: 'Edit' }).count(), 0, 'no Edit')
    t.equal(await page.getByRole('button', { name: 'Go Back' }).count(), 1)
  })

  /**
   * A move inside the app, as a link click makes it (no reload of the page and its scripts); it
   * returns once React has drawn the new route (two frames), so the previous page is gone.
   */
  const navigate = (path: string) =>
    page.evaluate(async (p) => {
      history.pushState(null, '', p)
      dispatchEvent(new PopStateEvent('popstate'))
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    }, path)

  await t.test('every model of the registry: one record read-only where it has a view, else not found', async (t) => {
    for (const resource of RESOURCES) {
      const { data } = await upstreamJson(portal, `/${resource.path}?per_page=1`)
      const id = data[0]?.id
      const viewable = allowsRoute(resource, 'view', true)
      if (viewable) {
        t.ok(id, `${resource.key}: the demo data has a record to show`)
        await navigate(`/auth/view/${resource.key}/${String(id)}`)
        await page.locator('table.record-view').waitFor()
        const shown = await shownFields(page)
        t.same(
          shown.map(([label]) => label),
          viewFields(resource).map((f) => f.label),
          `${resource.key}: every field under its registry label`,
        )
        t.equal(
          await page.getByRole('link', { name: 'Edit' }).count(),
          resource.actions.includes('edit') ? 1 : 0,
          `${resource.key}: Edit only where the model has an edit form`,
        )
        t.equal(await page.getByRole('button', { name: 'Go Back' }).count(), 1)
      }
      // every route shape the model does not allow is the not-found page (spec 000 §2, 001 §2)
      const actions: Action[] = ['view', 'create', 'edit', 'crud']
      for (const action of actions) {
        for (const withId of [false, true]) {
          if (allowsRoute(resource, action, withId)) continue
          const path = `/auth/${action}/${resource.key}${withId ? `/${String(id ?? 1)}` : ''}`
          await navigate(path)
          await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
          t.same(
            {
              headings: await page.getByRole('heading', { level: 1 }).allInnerTexts(),
              records: await page.locator('table.record-view').count(),
            },
            { headings: ['Not Found - 404'], records: 0 },
            `${path}: not found`,
          )
        }
      }
    }
  })

  for (const path of [
    '/auth/view/departments/999999',
    '/auth/view/departments/abc',
    '/auth/edit/departments/999999',
    '/auth/edit/cloud_contacts/1',
  ]) {
    await t.test(`${path} is the not-found page`, async (t) => {
      await page.goto(portal.baseUrl + path)
      await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
      t.equal(await page.getByRole('button', { name: 'Return to Home' }).count(), 1)
      t.equal(await page.title(), 'Not Found - 404 · CCoE Portal', 'the tab says so too')
      t.equal(await page.locator('table.record-view').count(), 0, 'no record shown')
    })
  }
})
