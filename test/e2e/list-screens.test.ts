/**
 * Issue 29 items 2 and 8: every list of the registry (its view, and its inline table where it has
 * one) at 1400 and 800 px. The page itself never scrolls sideways (a wide table scrolls inside its
 * frame), the column that names the record stays in view when the table is scrolled sideways, and a
 * grid's values each keep to their row's one line. Each is saved as a
 * screenshot (E2E_SHOTS) to be looked at.
 */
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import t from 'tap'
import { allowsRoute, RESOURCES } from '../../shared/resources/index.js'
import { paths } from '../../web/src/config/paths.js'
import { startPortal } from '../helper.js'
import { launchBrowser, screenshot, settler, signIn } from './browser.js'

const WIDTHS = [1400, 800] as const

/**
 * How the screen sits in the window: whether the page overflows it, and whether the column that
 * names the record is still in the table's frame once the frame is scrolled to its far end (sticky).
 */
const fit = (page: Page) =>
  page.evaluate(() => {
    const pageOverflows = document.documentElement.scrollWidth > window.innerWidth
    const frame = document.querySelector<HTMLElement>('.table-scroll')
    const key = frame?.querySelector('th.resource-table__key')
    if (!frame || !key) return { pageOverflows, keyStays: null }
    frame.scrollLeft = frame.scrollWidth
    const [box, within] = [key.getBoundingClientRect(), frame.getBoundingClientRect()]
    const keyStays = box.left >= within.left - 1 && box.right <= within.right + 1
    frame.scrollLeft = 0
    return { pageOverflows, keyStays }
  })

/**
 * Whether the line under the header runs on under the column that names the record: Blueprint draws
 * it as the first row's top shadow, and that cell draws a shadow of its own (its right edge). Null
 * where the list shows no such cell (a grid, an empty list).
 */
const headerLineOverKey = (page: Page) =>
  page.evaluate(() => {
    const key = document.querySelector('.table-scroll tbody tr:first-child td.resource-table__key')
    const other = key?.parentElement?.querySelector('td:not(.resource-table__key)')
    if (!key || !other) return null
    return getComputedStyle(key).boxShadow.includes(getComputedStyle(other).boxShadow)
  })

/** The grid's values that take more than one line (its rows are one line high: their rest would not show). */
const wrappedInGrid = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.resource-grid span.cell-text')]
      // a value cut by an ellipsis may be several pieces, but on one line: wrapped, its pieces lie on several
      .filter((value) => new Set([...value.getClientRects()].map((piece) => Math.round(piece.top))).size > 1)
      .map((value) => value.textContent),
  )

t.test('every list at 1400 and 800 px: nothing past the window but the table, which scrolls in its frame', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await (await launchBrowser(t)).newPage({ viewport: { width: WIDTHS[0], height: 900 } })
  page.setDefaultTimeout(30_000)
  await signIn(page, portal.baseUrl)
  const settled = settler(page)
  const lists = RESOURCES.flatMap((r) =>
    (['view', 'crud'] as const).filter((action) => allowsRoute(r, action, false)).map((action) => ({ key: r.key, action })),
  )
  t.ok(lists.length >= 30, `${lists.length} lists`)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    for (const { key, action } of lists) {
      // in the app, as a menu link moves: no reload of the app per list
      await page.evaluate((to) => history.pushState(null, '', to), paths.auth.resource.getHref(action, key))
      await settled()
      await screenshot(page, `list-${action}-${key}-${width}`)
      const { pageOverflows, keyStays } = await fit(page)
      t.equal(pageOverflows, false, `${action} ${key} at ${width} px: the page does not scroll sideways`)
      // the grid layout freezes its own first column; an HTML table names its key column
      if (keyStays !== null) t.equal(keyStays, true, `${action} ${key} at ${width} px: the name column stays in view scrolled sideways`)
      t.strictSame(await wrappedInGrid(page), [], `${action} ${key} at ${width} px: a grid's every value on its one line`)
      const line = await headerLineOverKey(page)
      if (line !== null) t.equal(line, true, `${action} ${key} at ${width} px: the line under the header runs on under the name column`)
    }
  }
})
