/**
 * Every link of the logged-in menus (spec 000 §2) leads to a working screen: a menu link that ends on
 * the 404 page, or on a page that fails to load, is a defect. The links come from the menu's own data,
 * so a new menu entry is covered the day it is added.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { topMenus } from '../../web/src/app/shell/menu-items.js'
import { startPortal } from '../helper.js'
import { signedInPage } from './browser.js'

t.test('every menu link opens a working screen', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const failedCalls: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) failedCalls.push(`${response.status()} ${response.url()}`)
  })
  const links = topMenus().flatMap((menu) =>
    menu.sections.flatMap((section) => section.links.map((link) => ({ menu: menu.text, ...link }))),
  )
  t.ok(links.length > 30, `${links.length} links`)

  for (const link of links) {
    failedCalls.length = 0
    await page.goto(portal.baseUrl + link.href)
    // the page's own heading once its chunk and first data are in; the 404 page has one too
    const heading = page.locator('main h1, main h2, main h3, main h4').first()
    await heading.waitFor()
    await page.waitForLoadState('networkidle')
    t.not(await heading.textContent(), 'Not Found - 404', `${link.menu} → ${link.text} (${link.href}) is not the 404 page`)
    t.same(failedCalls, [], `${link.menu} → ${link.text}: no failed API call`)
  }
})
