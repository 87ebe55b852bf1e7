/**
 * The generic lists as a person sees them: long values cut with the whole text on hover, a
 * skeleton (never 'No records') while a page loads, remembered density, the wide lists' grid
 * (Blueprint Table2) with its frozen first column and the person's columns, and toasts that leave
 * the navbar's menus uncovered.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { startPortal } from '../helper.js'
import { holdRequests, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

t.test('lists', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  await page.setViewportSize({ width: 1280, height: 900 })

  await t.test('a 5,000-character value is cut with an ellipsis, whole on hover, and leaves the table alone', async (t) => {
    const long = 'Z'.repeat(5000)
    // older data than the registry's limits: stored directly, as a migration would have left it
    await portal.database.db.execute(sql`UPDATE companies SET country = ${long} WHERE code = '3100'`)
    await page.goto(portal.baseUrl + '/auth/view/companies')
    const table = page.getByRole('table', { name: 'Companies Table' })
    await expect(table.getByRole('cell', { name: '3100', exact: true }).first()).toBeVisible()
    const row = (code: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) })
    const longCell = row('3100').getByRole('cell', { name: long, exact: true })
    t.equal(await longCell.locator('[title]').getAttribute('title'), long, 'the whole text on hover')
    const height = async (code: string) => (await row(code).boundingBox())!.height
    t.equal(await height('3100'), await height('1000'), 'the row is as high as its neighbours')
    // .cell-text's max-width, 28em of 14 px: the column stops there however long the value
    t.equal((await longCell.locator('.cell-text').boundingBox())!.width, 392, "the value is cut at the column's measure")
  })

  await t.test('a long text (a 200-character name) shows two lines at most, whole on hover', async (t) => {
    const name = 'Y'.repeat(200)
    await portal.database.db.execute(sql`INSERT INTO departments (name) VALUES (${name})`)
    await page.goto(portal.baseUrl + '/auth/view/departments?by_name=YYYY')
    const text = page.getByRole('table', { name: 'Departments Table' }).getByRole('cell', { name, exact: true }).locator('.cell-text')
    await expect(text.first()).toBeVisible()
    t.equal(await text.getAttribute('title'), name, 'the whole name on hover')
    const lines = await text.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))
    t.equal(Math.round(lines), 2, 'two lines, cut with an ellipsis')
  })

  await t.test('while a page loads: skeleton rows, no "No records"; once empty: "No records"', async (t) => {
    await page.goto(portal.baseUrl + '/auth/home')
    const held = await holdRequests(page, '**/api/departments?*')
    await page.goto(portal.baseUrl + '/auth/view/departments?by_name=nothing-like-this')
    await expect(page.locator('.resource-table .bp6-skeleton').first()).toBeVisible()
    t.equal(await page.getByText('No records').count(), 0, 'no empty state under the skeleton')
    held.release()
    await expect(page.getByRole('heading', { name: 'No records match these filters' }).first()).toBeVisible()
    t.equal(await page.getByText('No records', { exact: true }).count(), 1, 'the pager says so once loaded')
    t.equal(await page.locator('.bp6-skeleton').count(), 0, 'the skeleton is gone')
    await held.stop()
  })

  await t.test('past the exact-count limit the pager gives an estimate, said as one', async (t) => {
    await portal.database.db.execute(sql`
      INSERT INTO virtual_machines (resource_id, provider_type, name)
      SELECT 'vm-bulk-' || g, 'aws', 'Bulk VM ' || g FROM generate_series(1, 12000) g`)
    await portal.database.db.execute(sql`ANALYZE virtual_machines`)
    await page.goto(portal.baseUrl + '/auth/view/virtual_machines')
    const pager = page.getByRole('navigation', { name: 'Pagination' }).first()
    await expect(pager.getByText(/^1–25 of about 1\d(\.\d)?K virtual machines$/).first()).toBeVisible()
    await page.goto(portal.baseUrl + '/auth/view/virtual_machines?by_name=Bulk%20VM%201100')
    await expect(pager.getByText('1–11 of 11 virtual machines', { exact: true }).first()).toBeVisible()
  })

  await t.test('row density is remembered', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/departments')
    const table = page.getByRole('table', { name: 'Departments Table' })
    await expect(table.getByRole('cell').first()).toBeVisible()
    t.equal(await table.evaluate((el) => el.classList.contains('bp6-compact')), false, 'regular rows at first')
    await page.getByRole('radio', { name: 'Compact' }).click()
    await page.goto(portal.baseUrl + '/auth/view/companies')
    await expect(page.getByRole('table', { name: 'Companies Table' }).getByRole('cell').first()).toBeVisible()
    t.equal(
      await page.getByRole('table', { name: 'Companies Table' }).evaluate((el) => el.classList.contains('bp6-compact')),
      true,
      'another list, after a page load: still compact',
    )
    await page.getByRole('radio', { name: 'Regular' }).click()
  })

  await t.test('a wide list as the grid: frozen first column, sorting, remembered columns, row actions by keyboard', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cost_centers')
    await expect(page.getByRole('table', { name: 'Cost Centers Table' }).getByRole('cell', { name: '1000-CCOE-01' }).first()).toBeVisible()
    t.equal(await page.getByRole('radio', { name: 'Grid' }).count(), 1, 'a wide list offers the grid')
    await page.getByRole('radio', { name: 'Grid' }).click()
    const grid = page.getByRole('region', { name: 'Cost Centers Table (grid)' })
    await expect(grid.getByText('1000-CCOE-01', { exact: true }).first()).toBeVisible()
    // Table2 draws the frozen column in its own left quadrant, over the scrolling one
    t.same(
      await grid.locator('.bp6-table-quadrant-left .bp6-table-column-name .sort-header').allInnerTexts(),
      ['Identifier'],
      'the identifier column is frozen',
    )
    await grid.locator('.bp6-table-quadrant-top .sort-header', { hasText: 'Company Code' }).click()
    await page.waitForURL((u) => u.searchParams.get('sort') === 'company_code')
    t.pass('a header sorts the list (in the URL)')

    // the order and widths a person dragged to are the person's, kept by the upstream (list-settings.ts)
    const api = (method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ({ method, path, body }) => {
          const init =
            body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
          return (await (await fetch(`/api/${path}`, init)).json()) as { data: any }
        },
        { method, path, body },
      )
    t.same((await api('GET', 'list_views?model=cost_centers')).data.layout, { layout: 'grid' }, 'the grid, picked above, is stored')
    const order = ['company_code', 'identifier', 'aws_gl', 'gcp_gl', 'azure_gl', 'cloud_contact_email', 'approved', 'owner_terminated']
    await api('PUT', 'list_layouts', { model: 'cost_centers', layout: 'grid', columns: order, widths: { identifier: 240 } })
    await page.reload()
    await expect(grid.getByText('1000-CCOE-01', { exact: true }).first()).toBeVisible()
    const headers = await grid.locator('.bp6-table-quadrant-main .bp6-table-column-name .sort-header').allInnerTexts()
    t.same(headers.slice(0, 3), ['Company Code', 'Identifier', 'AWS GL'], 'the stored column order')
    t.equal(headers.length, order.length, 'only the columns stored')
    const identifierHeader = grid.locator('.bp6-table-quadrant-main .bp6-table-header', { hasText: 'Identifier' })
    t.equal((await identifierHeader.boundingBox())!.width, 240, 'the stored width')

    // dragging a header's handle moves the column; dragging its edge resizes it: both are stored
    const header = (name: string) => grid.locator('.bp6-table-quadrant-main .bp6-table-header', { hasText: name })
    const stored = async (check: (layout: { columns: string[]; widths: Record<string, number> }) => boolean) => {
      const deadline = Date.now() + 10_000
      while (!check((await api('GET', 'list_views?model=cost_centers')).data.layout) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50))
      return (await api('GET', 'list_views?model=cost_centers')).data.layout as { columns: string[]; widths: Record<string, number> }
    }
    const from = (await header('AWS GL').locator('.bp6-table-reorder-handle-target').boundingBox())!
    const to = (await header('Company Code').boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(to.x + 10, from.y + from.height / 2, { steps: 8 })
    await page.mouse.up()
    const dragged = await stored((l) => l.columns[0] === 'aws_gl')
    t.same(dragged.columns.slice(0, 3), ['aws_gl', 'company_code', 'identifier'], 'AWS GL dragged before Company Code')
    const edge = (await header('GCP GL').locator('.bp6-table-resize-handle-target').boundingBox())!
    const before = (await header('GCP GL').boundingBox())!.width
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2)
    await page.mouse.down()
    await page.mouse.move(edge.x + edge.width / 2 + 60, edge.y + edge.height / 2, { steps: 6 })
    await page.mouse.up()
    t.equal((await stored((l) => l.widths.gcp_gl !== undefined)).widths.gcp_gl, before + 60, 'GCP GL 60 px wider, stored')

    // row actions by keyboard: Tab from the layout switch reaches the first row's Actions, Enter opens its menu
    await page.getByRole('radio', { name: 'Grid' }).focus()
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab')
      if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Actions for 1000-CCOE-01') break
    }
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Actions for 1000-CCOE-01', 'reached by Tab')
    await page.keyboard.press('Enter')
    await expect(
      page
        .getByRole('menu', { name: /^Actions for / })
        .getByRole('menuitem', { name: 'Edit' })
        .first(),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByRole('radio', { name: 'Table' }).click()
    await expect(page.getByRole('table', { name: 'Cost Centers Table' }).first()).toBeVisible()
    t.pass('back to the table')
  })

  await t.test('a wide read-only list starts as the grid; the table, once chosen, is remembered', async (t) => {
    await page.evaluate(() => fetch('/api/list_layouts?model=cloud_parents', { method: 'DELETE' }))
    await page.goto(portal.baseUrl + '/auth/view/cloud_parents')
    const grid = page.getByRole('region', { name: 'Cloud Parents Table (grid)' })
    await grid.waitFor()
    t.ok(await page.getByRole('radio', { name: 'Grid' }).isChecked(), 'the grid is the starting layout')
    t.equal(await page.getByRole('table', { name: 'Cloud Parents Table' }).count(), 0, 'no HTML table')
    await page.getByRole('radio', { name: 'Table' }).click()
    await page.getByRole('table', { name: 'Cloud Parents Table' }).waitFor()
    await page.reload()
    await page.getByRole('table', { name: 'Cloud Parents Table' }).waitFor()
    t.equal(await grid.count(), 0, 'the chosen table stays after a reload')
    await page.goto(portal.baseUrl + '/auth/view/cost_centers')
    await page.getByRole('table', { name: 'Cost Centers Table' }).waitFor()
    t.pass('a wide list with row writes starts as the table')
  })

  await t.test('a toast leaves the navbar menus uncovered', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/cost_centers')
    await page.getByRole('button', { name: 'Send Inventory Report' }).click()
    await page.getByRole('dialog').getByLabel(/email/i).fill('someone@example.com')
    await page.getByRole('dialog').getByRole('button', { name: /send/i }).click()
    const toast = page.locator('.bp6-toast')
    await expect(toast.first()).toBeVisible()
    await page.getByRole('button', { name: 'Deployments', exact: true }).click()
    const menu = page.getByRole('menu', { name: 'Deployments' })
    await menu.waitFor()
    const a = (await menu.boundingBox())!
    const b = (await toast.boundingBox())!
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    t.equal(overlap, false, 'the toast and the open menu do not overlap')
    await page.keyboard.press('Escape')
  })

  await t.test("home's Statistics: the dashboard counts of GET cloud_parents, and View Details opens that list", async (t) => {
    // spec 000 §3 'Dashboard meta': members, cloud parents and projects are their lists' totals; cost
    // centers count the valid (not expired) ones
    const cards = {
      'Team Members': ['dcoe/members', 'member_count'],
      'Cloud Accounts': ['cloud_parents', 'account_count'],
      'Cost Centers': ['cost_centers', 'valid_cost_center_count'],
      'Cloud Projects': ['cloud_projects', 'project_count'],
    } as const
    const { meta: dashboard } = await upstreamJson<{ meta: Record<string, number> }>(portal, '/cloud_parents?per_page=1')
    const totals: Record<string, string> = {}
    for (const [title, [model, count]] of Object.entries(cards)) {
      totals[title] = dashboard[count].toLocaleString('en-US')
      const { meta } = await upstreamJson<{ meta: { total: number } }>(portal, `/${model}?per_page=1`)
      if (model === 'cost_centers') t.ok(meta.total >= dashboard[count], 'valid cost centers are some of the list')
      else t.equal(meta.total, dashboard[count], `${title}: the list's total`)
    }
    t.ok(Number(totals['Cloud Accounts'].replace(',', '')) > 0, 'the demo data has cloud accounts to count')
    await page.goto(portal.baseUrl + '/auth/home')
    const shown: Record<string, string> = {}
    for (const title of Object.keys(cards)) {
      const value = page.getByRole('region', { name: title }).locator('.statistic__value')
      await expect(value).toHaveText(/\d/)
      shown[title] = await value.innerText()
    }
    t.same(shown, totals)
    await page.getByRole('region', { name: 'Cloud Accounts' }).getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL('**/auth/view/cloud_parents')
    t.pass('View Details opens the cloud accounts list')
  })
})
