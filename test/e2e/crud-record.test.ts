/**
 * /auth/crud/{model}/{modelId} (spec 000 §2): the inline table with that record open for editing,
 * for every model whose inline rows can be edited; shown first while open when it is not on the
 * page; a record the upstream does not have is the not-found page. The editor's dates (spec 001 §9).
 */
import { resolve } from 'node:path'
import { format, parseISO } from 'date-fns'
import t from 'tap'
import type { Page } from 'playwright-core'
import { RESOURCES, allowedWrites } from '../../shared/resources/index.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('/auth/crud/{model}/{modelId}', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const editing = page.locator('tr.inline-row--editing')

  await t.test('every model with editable inline rows: that row opens, and only it', async (t) => {
    const models = RESOURCES.filter((r) => r.actions.includes('crud') && allowedWrites(r).includes('update'))
    t.ok(models.length > 10, `${models.length} models`)
    for (const resource of models) {
      const { data } = await upstreamJson(portal, `/${resource.path}?per_page=1`)
      const id = data[0]?.id
      t.ok(id, `${resource.key}: the demo data has a record`)
      await page.goto(`${portal.baseUrl}/auth/crud/${resource.key}/${String(id)}`)
      await page.getByRole('heading', { name: resource.messages.listTitle, exact: true }).waitFor()
      const records = page.getByRole('table', { name: resource.messages.listTitle })
      await expect(records.locator('tr.inline-row--editing').first()).toBeVisible()
      t.equal(await editing.count(), 1, `${resource.key}: one row in edit mode`)
      t.equal(await records.getByRole('button', { name: 'Save' }).count(), 1, `${resource.key}: its Save`)
    }
  })

  await t.test('a department off the page: first while open, its values in the inputs, Save stores it', async (t) => {
    const { data } = await upstreamJson<{ data: { id: number; name: string; abbreviation: string }[] }>(
      portal,
      '/departments?sort=-name&per_page=1',
    )
    const last = data[0]!
    // two rows a page, sorted by name: the last name is far from the first page
    await page.goto(`${portal.baseUrl}/auth/crud/departments/${last.id}?per_page=2`)
    const records = page.getByRole('table', { name: 'Departments Table' })
    const name = records.getByRole('textbox', { name: 'Name' })
    await expect(name).toHaveValue(last.name)
    // the open record can arrive before the page's rows: wait for both
    await expect(records.locator('tbody tr')).toHaveCount(3)
    t.equal(await records.locator('tbody tr').count(), 3, 'the two rows of the page, and the open one')
    t.equal(await records.locator('tbody tr').first().getAttribute('class'), 'inline-row inline-row--editing', 'first')
    t.ok(await page.getByRole('button', { name: 'Add a row' }).isDisabled(), 'no add while it is open')
    await screenshot(page, 'crud-record-open')
    await records.getByRole('textbox', { name: 'Abbreviation' }).fill('LAST')
    await records.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your department has been updated!').first()).toBeVisible()
    await editing.waitFor({ state: 'detached' })
    await expect(records.getByRole('cell', { name: 'LAST', exact: true }).first()).toBeVisible()
    const stored = await upstreamJson<{ data: { abbreviation: string } }>(portal, `/departments/${last.id}`)
    t.equal(stored.data.abbreviation, 'LAST', 'stored')
  })

  await t.test("the editor's dates: MM-DD-YYYY, with HH:mm for an instant (spec 001 §9)", async (t) => {
    const [center] = (await upstreamJson<{ data: { id: number; active_at: string }[] }>(portal, '/cost_centers?per_page=1')).data
    await page.goto(`${portal.baseUrl}/auth/crud/cost_centers/${center!.id}`)
    const active = page.getByRole('table', { name: 'Cost Centers Table' }).getByLabel('Active', { exact: true })
    await expect(active).not.toHaveValue('')
    t.equal(await active.inputValue(), format(new Date(center!.active_at), 'MM-dd-yyyy HH:mm'), 'cost center Active')
    await active.scrollIntoViewIfNeeded()
    await screenshot(page, 'crud-record-editor-dates')

    const [cert] = (await upstreamJson<{ data: { id: number; issue_date: string }[] }>(portal, '/cloud_certifications?per_page=1')).data
    await page.goto(`${portal.baseUrl}/auth/crud/cloud_certifications/${cert!.id}`)
    const issued = page.getByRole('table', { name: 'Cloud Certifications Table' }).getByLabel('Issue Date', { exact: true })
    await expect(issued).not.toHaveValue('')
    t.equal(await issued.inputValue(), format(parseISO(cert!.issue_date), 'MM-dd-yyyy'), 'a day has no time')
  })

  for (const path of ['/auth/crud/departments/999999', '/auth/crud/departments/abc']) {
    await t.test(`${path} is the not-found page`, async (t) => {
      await page.goto(portal.baseUrl + path)
      await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
      t.equal(await page.getByRole('table').count(), 0, 'no table')
    })
  }
})
