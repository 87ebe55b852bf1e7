/**
 * Issue 29 items 1 and 2 as a person meets them: columns chosen and views saved in one browser are
 * there in another (the upstream keeps them per person), a view's link shows another person the same
 * list, Reset is one click; and a wide table keeps every column reachable by scrolling sideways with
 * the column that names the record in view, cut values whole on hover and focus, emails unbroken.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Browser, Locator, Page } from 'playwright-core'
import t from 'tap'
import { startPortal } from '../helper.js'
import { launchBrowser, screenshot, signIn } from './browser.js'
import { expect } from './expect.js'

const ALICE = { email: 'alice@ccoe.example', password: 'alice' }
const VERA = { email: 'vera@ccoe.example', password: 'vera' }

async function personIn(browser: Browser, baseUrl: string, user: typeof ALICE, width = 1400): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  await signIn(page, baseUrl, user)
  return page
}

// the list's columns, without the bulk actions' selection box (a column of its own, no text)
const headers = (table: Locator) => table.locator('thead th:not(.resource-table__select)').allInnerTexts()

/** Waits until `check` holds (an answer or a render on its way), for at most 10 s. */
async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

t.test('columns and saved views follow the person', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const first = await personIn(browser, portal.baseUrl, ALICE)
  const table = (page: Page) => page.getByRole('table', { name: 'Cost Centers Table' })
  const stored = (page: Page) =>
    page.evaluate(async () => ((await (await fetch('/api/list_views?model=cost_centers')).json()) as { data: unknown }).data)

  await first.goto(portal.baseUrl + '/auth/view/cost_centers')
  await expect(table(first).getByRole('cell', { name: '1000-CCOE-01' }).first()).toBeVisible()
  const all = await headers(table(first))

  await t.test('hide and reorder columns with the chooser, by keyboard too', async (t) => {
    await first.getByRole('button', { name: 'Columns' }).click()
    const chooser = first.getByRole('list', { name: 'Columns' })
    // by keyboard: a pointer click may land beside the box while the popover still grows in
    const awsGl = chooser.getByRole('checkbox', { name: 'AWS GL' })
    await awsGl.focus()
    await first.keyboard.press('Space')
    await expect(awsGl).not.toBeChecked()
    await first.getByRole('button', { name: 'Move Company Code up' }).focus()
    await first.keyboard.press('Enter')
    await screenshot(first, 'list-views-chooser')
    await first.keyboard.press('Escape')
    const shown = await headers(table(first))
    t.same(shown.slice(0, 3), ['Company Code', 'Identifier', 'GCP GL'], 'Company Code first, AWS GL hidden')
    t.equal(shown.length, all.length - 1)
    await until(async () => {
      const { layout } = (await stored(first)) as { layout: { columns: string[] } | null }
      return layout?.columns[0] === 'company_code' && !layout.columns.includes('aws_gl')
    }, 'the columns stored')
    t.pass('kept by the upstream')
  })

  await t.test('a refused save says so and puts back the columns the upstream holds', async (t) => {
    const before = await headers(table(first))
    await first.route('**/api/list_layouts', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The provider API is unavailable' }) }),
    )
    await first.getByRole('button', { name: 'Columns' }).click()
    const gcpGl = first.getByRole('list', { name: 'Columns' }).getByRole('checkbox', { name: 'GCP GL' })
    await gcpGl.focus()
    await first.keyboard.press('Space')
    await expect(first.getByRole('alert').filter({ hasText: 'The columns could not be saved' }).first()).toBeVisible()
    await first.keyboard.press('Escape')
    await expect(table(first).getByRole('columnheader', { name: 'GCP GL' })).toBeVisible()
    t.same(await headers(table(first)), before, 'the columns as they were')
    await first.unroute('**/api/list_layouts')
  })

  let link = ''
  await t.test('save a view with a filter and sort, make it the default', async (t) => {
    await first.goto(portal.baseUrl + '/auth/view/cost_centers?by_identifier=1000&sort=-identifier')
    await expect(table(first).getByRole('cell', { name: '1000-CCOE-01' }).first()).toBeVisible()
    await first.getByRole('button', { name: 'Views' }).click()
    await first.getByRole('menuitem', { name: 'Save as new view…' }).click()
    const dialog = first.getByRole('dialog', { name: 'Save view' })
    await dialog.getByLabel('Name').fill('My 1000s')
    const makeDefault = dialog.getByRole('checkbox', { name: 'Open this list with it (my default)' })
    await makeDefault.focus()
    await first.keyboard.press('Space')
    await expect(makeDefault).toBeChecked()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await first.getByRole('button', { name: 'View: My 1000s' }).waitFor()
    const url = new URL(first.url())
    t.same(
      [url.searchParams.get('by_identifier'), url.searchParams.get('sort'), url.searchParams.get('columns')?.split(',').slice(0, 2)],
      ['1000', '-identifier', ['company_code', 'identifier']],
      'the URL says what the view shows',
    )
    await first.getByRole('button', { name: 'View: My 1000s' }).click()
    await first.getByRole('menuitem', { name: 'Copy link to this list' }).click()
    link = await first.evaluate(() => navigator.clipboard.readText())
    t.notMatch(link, /[?&]view=/, 'the shared link names no view of the person’s')
    await first.keyboard.press('Escape')
  })

  await t.test('the same person in another browser: the default view opens the bare list', async (t) => {
    const second = await personIn(browser, portal.baseUrl, ALICE)
    await second.goto(portal.baseUrl + '/auth/view/cost_centers')
    await second.getByRole('button', { name: 'View: My 1000s' }).waitFor()
    await second.waitForURL((u) => u.searchParams.get('by_identifier') === '1000')
    const shown = await headers(table(second))
    t.same(shown.slice(0, 2), ['Company Code', 'Identifier'])
    t.notOk(shown.includes('AWS GL'), 'the hidden column stays hidden')
    t.equal(await second.getByLabel('Identifier', { exact: true }).inputValue(), '1000', 'the filter')

    await t.test('Reset to the default layout: one click', async (t) => {
      await second.getByRole('button', { name: 'Columns' }).click()
      await second.getByRole('button', { name: 'Reset to default layout' }).click()
      await second.keyboard.press('Escape')
      await until(async () => (await headers(table(second))).join() === all.join(), 'the default columns')
      t.equal(new URL(second.url()).searchParams.get('columns'), null)
      await until(async () => ((await stored(second)) as { layout: unknown }).layout === null, 'the layout forgotten')
      t.pass('the registry’s columns, and the stored ones forgotten')
    })
  })

  await t.test('another person opens the link: the same list, none of the views', async (t) => {
    const vera = await personIn(browser, portal.baseUrl, VERA)
    await vera.goto(link)
    await expect(table(vera).getByRole('cell', { name: '1000-CCOE-01' }).first()).toBeVisible()
    const shown = await headers(table(vera))
    t.same(shown.slice(0, 2), ['Company Code', 'Identifier'])
    t.notOk(shown.includes('AWS GL'))
    t.equal(new URL(vera.url()).searchParams.get('sort'), '-identifier')
    await vera.getByRole('button', { name: 'Views', exact: true }).click()
    await expect(vera.getByRole('menuitem', { name: 'No saved views yet' }).first()).toBeVisible()
    t.equal(await vera.getByRole('menuitem', { name: 'My 1000s' }).count(), 0, 'alice’s view is hers')
  })
})

/** Where each header sits once the frame is scrolled to show it, and what covers its middle. */
async function reach(table: Locator) {
  return table.evaluate((el) => {
    const frame = el.closest('.table-scroll') as HTMLElement
    const key = el.querySelector<HTMLElement>('th.resource-table__key')
    const results: { name: string; visible: boolean }[] = []
    for (const th of el.querySelectorAll<HTMLElement>('thead th:not(.resource-table__select)')) {
      frame.scrollLeft = Math.max(0, th.offsetLeft - (key && th !== key ? key.offsetWidth : 0))
      const box = th.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      results.push({ name: th.innerText.trim(), visible: !!hit && th.contains(hit) })
    }
    frame.scrollLeft = frame.scrollWidth
    const keyBox = key?.getBoundingClientRect()
    const frameBox = frame.getBoundingClientRect()
    const keyHit = keyBox && document.elementFromPoint(keyBox.left + keyBox.width / 2, keyBox.top + keyBox.height / 2)
    return {
      results,
      key: key?.innerText.trim(),
      // scrolled to the end, the identifying column is still there to read, uncovered
      keyInView: !!keyHit && key!.contains(keyHit) && keyBox!.left >= frameBox.left - 1 && keyBox!.right <= frameBox.right + 1,
      scrolls: frame.scrollWidth > frame.clientWidth,
      inPage: frameBox.right <= document.documentElement.clientWidth,
    }
  })
}

t.test('wide tables keep every column reachable', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const long = `Recharge of the shared platform services ${'and more words '.repeat(30)}end`
  await portal.database.db.execute(sql`UPDATE cloud_bills SET line_item = ${long} WHERE id = (SELECT min(id) FROM cloud_bills)`)
  const browser = await launchBrowser(t)
  const lists = [
    { model: 'cloud_bills', title: 'Cloud Bills History', key: 'Identifier' },
    { model: 'microsoft_approvals', title: 'Microsoft Approvals Table', key: 'Approval ID' },
    { model: 'cloud_survey_responses', title: 'Cloud Survey Responses Table', key: 'Identifier' },
  ]
  for (const width of [1400, 800]) {
    const page = await personIn(browser, portal.baseUrl, ALICE, width)
    for (const list of lists) {
      await t.test(`${list.model} at ${width} px`, async (t) => {
        await page.goto(`${portal.baseUrl}/auth/view/${list.model}`)
        const table = page.getByRole('table', { name: list.title })
        await expect(table.locator('tbody td .cell-text').first()).toBeVisible()
        const seen = await reach(table)
        t.same(
          seen.results.filter((r) => !r.visible).map((r) => r.name),
          [],
          'every column, Actions too, comes into view',
        )
        t.equal(seen.key, list.key, 'the identifying column is the sticky one')
        t.ok(seen.keyInView, 'and stays in view when scrolled to the end')
        t.ok(seen.inPage, 'the table scrolls inside its frame, not the page')
        if (width === 800) t.ok(seen.scrolls, 'at 800 px it scrolls')
        await page.evaluate(() => {
          const frame = document.querySelector('.table-scroll')!
          frame.scrollLeft = 0
        })
        await screenshot(page, `list-views-${list.model}-${width}`)
        // an email is one word: its cell holds it on one line
        const emails = await table.locator('tbody td .cell-text').evaluateAll((texts) =>
          texts
            .filter((el) => /@/.test(el.textContent ?? ''))
            .map((el) => ({
              text: el.textContent,
              lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '20')),
              broken: (el.textContent ?? '').split(/[\s,]+/).some((word) => {
                const range = document.createRange()
                const node = el.firstChild
                if (!node || !word) return false
                const at = (node.textContent ?? '').indexOf(word)
                range.setStart(node, at)
                range.setEnd(node, at + word.length)
                return range.getClientRects().length > 1
              }),
            })),
        )
        t.same(
          emails.filter((e) => e.broken),
          [],
          'no email is broken across lines',
        )
      })
    }
    await t.test(`a cut value at ${width} px: an ellipsis, whole on hover and focus`, async (t) => {
      await page.goto(`${portal.baseUrl}/auth/view/cloud_bills?sort=date`)
      const table = page.getByRole('table', { name: 'Cloud Bills History' })
      const cut = table.locator('td .cell-text', { hasText: 'Recharge of the shared platform services' })
      await expect(cut.first()).toBeVisible()
      const before = await cut.evaluate((el) => ({
        overflow: getComputedStyle(el).textOverflow,
        cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
        title: el.getAttribute('title'),
        tabIndex: el.tabIndex,
      }))
      t.same(before, { overflow: 'ellipsis', cut: true, title: long, tabIndex: 0 })
      await cut.focus()
      const focused = await cut.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth + 1, overflow: getComputedStyle(el).overflow }))
      t.same(focused, { cut: false, overflow: 'visible' }, 'focused: the whole text')
    })
  }
})
