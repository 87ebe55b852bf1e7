/**
 * Issue 43 item 3, as an auditor sees it: Audrey opens the Audit Trail from the Information menu,
 * filters it (the filters in the URL), pages it, opens a line's detail with every field, and follows
 * the record history of the record the line changed; the CSV link carries the filter. Vera, a
 * viewer, has no menu entry and gets the Not allowed page. At 1400 and 800 px, axe finds nothing.
 */
import { join, resolve } from 'node:path'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import t from 'tap'
import { startPortal, tempDir, type Portal } from '../helper.js'
import { signIn as signInApi } from '../lib/sign-in.js'
import { launchBrowser, screenshot, signIn, transitionsDone } from './browser.js'
import { expect } from './expect.js'

async function pageAs(t: { teardown(fn: () => unknown): void }, browser: Browser, portal: Portal, user: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await signIn(page, portal.baseUrl, { email: `${user}@ccoe.example`, password: user })
  return page
}

/** what axe's WCAG 2.1 A and AA rules find on the page as it is (as accessibility.test.ts asks) */
async function axeFinds(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axe.source};undefined`)
  return page.evaluate(async () =>
    (
      await window.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      })
    ).violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
  )
}

async function informationMenu(page: Page): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Information', exact: true }).click()
  const items = page.getByRole('menu', { name: 'Information' }).getByRole('menuitem')
  await items.first().waitFor()
  const texts = await items.allTextContents()
  await page.keyboard.press('Escape')
  return texts
}

t.test('the audit trail screen', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), env: { AUDIT_LOG_FILE: join(tempDir(t), 'audit.log') } })
  const base = portal.baseUrl
  // a department Bob renames through the portal: its line names the record it changed
  const created = (await (
    await fetch(`${portal.upstreamUrl}/departments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'bob@ccoe.example', 'content-type': 'application/json' },
      body: JSON.stringify({ department: { name: 'Audit Desk', abbreviation: 'AD' } }),
    })
  ).json()) as { data: { id: number } }
  const id = created.data.id
  const bob = await signInApi(base, 'bob@ccoe.example', 'bob')
  const renamed = await fetch(`${base}/api/departments/${id}`, {
    method: 'PUT',
    headers: { cookie: bob, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ department: { name: 'Audit Office', abbreviation: 'AD' } }),
  })
  t.equal(renamed.status, 200, 'the rename went through the gateway')
  await portal.auditLine((line) => line.method === 'PUT' && line.status === 200)
  const browser = await launchBrowser(t)

  await t.test('Audrey filters, opens a line, and follows its record history', async (t) => {
    const page = await pageAs(t, browser, portal, 'audrey')
    t.ok((await informationMenu(page)).includes('Audit Trail'), 'in the Information menu')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Information', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Audit Trail' }).click()
    await page.waitForURL('**/auth/audit')
    await page.getByRole('heading', { name: 'Audit Trail', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: 'Audit Trail' })
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    t.ok((await table.getByRole('row').count()) > 2, 'the newest lines')
    await transitionsDone(page)
    t.same(await axeFinds(page), [], 'axe at 1400 px')
    await screenshot(page, 'audit-trail-1400')

    await page.getByLabel('Method').selectOption('PUT')
    await page.waitForURL('**/auth/audit?method=PUT')
    // the write's line before it went upstream, and its outcome
    await expect(table.getByRole('row')).toHaveCount(3)
    await page.getByLabel('Status').fill('200')
    await page.waitForURL('**/auth/audit?method=PUT&status=200')
    await expect(table.getByRole('row')).toHaveCount(2)
    t.same(
      (await table.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).slice(1, 6),
      ['bob@ccoe.example', '', 'PUT', `/api/departments/${id}`, '200'],
      "Bob's rename, alone",
    )
    t.equal(
      await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'),
      '/api/csv/audit?method=PUT&status=200&bom=1',
      'the CSV of the filter',
    )
    await page.getByLabel('Path').fill('/api/companies')
    await page.waitForURL('**/auth/audit?method=PUT&path=%2Fapi%2Fcompanies&status=200')
    await page.getByRole('heading', { name: 'No audit lines' }).waitFor()
    t.pass('a filter nothing matches says so')
    await page.goBack()
    await page.waitForURL('**/auth/audit?method=PUT&status=200')

    await table.getByRole('button', { name: /^Details of the line of/ }).click()
    const drawer = page.getByRole('dialog', { name: 'Audit line' })
    const fields = drawer.getByRole('table', { name: 'Fields of the line' })
    const field = (name: string) =>
      fields
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell')
    await expect(field('path')).toHaveText(`/api/departments/${id}`)
    await expect(field('status')).toHaveText('200')
    const names = await fields.getByRole('rowheader').allInnerTexts()
    for (const field of ['time', 'replica', 'reqId', 'user', 'method', 'path', 'status', 'durationMs', 'chain', 'seq', 'prev'])
      t.ok(names.includes(field), `the detail shows ${field}`)
    t.match(page.url(), /[?&]line=[0-9a-f]+\.\d+$/, 'the open line is in the URL')

    await page.setViewportSize({ width: 800, height: 900 })
    await transitionsDone(page)
    t.same(await axeFinds(page), [], 'axe at 800 px, the detail open')
    await screenshot(page, 'audit-trail-800-detail')

    const request = page.getByRole('link', { name: 'Every line of this request' })
    await request.click()
    await page.waitForURL(/\/auth\/audit\?reqId=[\w-]+$/)
    await expect(table.getByRole('row')).toHaveCount(3)
    t.same(
      await table.getByRole('row').locator('td:nth-child(3)').allInnerTexts(),
      ['', 'forwarding'],
      "the write's outcome, and its line before it went upstream",
    )
    await page.goBack()
    await page.waitForURL(/[?&]line=/)
    await drawer.getByRole('link', { name: 'Record history' }).click()
    await page.waitForURL(`**/auth/view/record_changes?by_model=departments&by_record_id=${id}`)
    await expect(page.getByRole('cell', { name: 'Audit Office' }).first()).toBeVisible()
    t.pass("the change log of the record, with Bob's rename")
  })

  await t.test('pages go forward and back by the cursor', async (t) => {
    for (let read = 0; read < 30; read++) await (await fetch(`${base}/api/departments`, { headers: { cookie: bob } })).arrayBuffer()
    const page = await pageAs(t, browser, portal, 'audrey')
    const lines = (await (await page.request.get(`${base}/api/audit?per_page=1000&user=bob%40ccoe.example`)).json()) as { data: unknown[] }
    t.ok(lines.data.length > 25, `${lines.data.length} lines: more than a page`)
    // Bob's lines: an auditor's own reads are lines too, and would move the newest page on
    await page.goto(`${base}/auth/audit?user=bob%40ccoe.example`)
    const rows = page.getByRole('table', { name: 'Audit Trail' }).getByRole('row')
    // 33 lines: a page of 25 (and the header row), then one of 8
    await expect(rows).toHaveCount(26)
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/after=\d+/)
    await expect(rows).toHaveCount(lines.data.length - 25 + 1)
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.waitForURL('**/auth/audit?user=bob%40ccoe.example')
    await expect(rows).toHaveCount(26)
    t.pass('Next, then Previous, is the first page again')
    await page.setViewportSize({ width: 800, height: 900 })
    await transitionsDone(page)
    t.same(await axeFinds(page), [], 'axe at 800 px, the list')
    await screenshot(page, 'audit-trail-800')
  })

  await t.test('Vera, a viewer: no menu entry, and Not allowed', async (t) => {
    const page = await pageAs(t, browser, portal, 'vera')
    t.notOk((await informationMenu(page)).includes('Audit Trail'), 'not in her menu')
    await page.goto(`${base}/auth/audit`)
    await page.getByRole('heading', { name: 'Not allowed', exact: true }).waitFor()
    t.match(await page.locator('main .bp6-non-ideal-state').innerText(), 'Needs the auditor or admin role; you are a viewer.')
  })
})
