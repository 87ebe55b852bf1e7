/**
 * Issue 39 item 4 on /auth/crud/members: an open row with nothing changed loses nothing, so leaving
 * asks nothing (a change does ask); the row the address opened closes into the table's own address;
 * and a row open at 1400 px keeps the table inside its frame, every other row's Edit whole.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Dialog, Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, transitionsDone } from './browser.js'

/** whether a browser unload (reload, closing the tab) now asks the browser's own question */
const unloadAsks = (page: Page) => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))

/** whether a click on the brand link now asks first (the guard's confirm(), answered No) */
async function linkAsks(page: Page) {
  const asked: string[] = []
  const answer = (d: Dialog) => void (asked.push(d.message()), d.dismiss())
  page.on('dialog', answer)
  await page.getByRole('link', { name: 'CCoE Portal' }).click()
  page.off('dialog', answer)
  return asked.length > 0
}

t.test('the members inline table: guarded only with a change, the opened row closes into the address', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  await page.setViewportSize({ width: 1400, height: 900 })
  const table = page.getByRole('table', { name: 'Members Table' })
  const editing = table.locator('tr.inline-row--editing')
  const cancel = async () => {
    await editing.getByRole('button', { name: 'Cancel' }).click()
    const pop = page.getByRole('alertdialog', { name: 'Sure to cancel?' })
    await pop.waitFor()
    await transitionsDone(page)
    await pop.getByRole('button', { name: 'Yes' }).click()
    await editing.waitFor({ state: 'detached' })
  }

  await t.test('Edit with no change, or typed back: leaving asks nothing; a change asks', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/members')
    await table.getByRole('button', { name: 'Edit' }).first().click()
    await editing.waitFor()
    t.equal(await unloadAsks(page), false, 'nothing changed: an unload asks nothing')
    const name = editing.getByRole('textbox', { name: 'Name' })
    const stored = await name.inputValue()
    await name.fill('Somebody Else')
    t.equal(await unloadAsks(page), true, 'a change: an unload asks')
    t.equal(await linkAsks(page), true, 'a change: a link asks')
    await name.fill(stored)
    t.equal(await unloadAsks(page), false, 'typed back as it was: nothing to lose')
    t.equal(await linkAsks(page), false, 'nor does a link ask')
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
    t.equal(new URL(page.url()).pathname, '/auth/home', 'the link was followed')
  })

  await t.test('/auth/crud/members/1: not guarded while untouched; Cancel leaves /auth/crud/members', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/members/1?sort=email')
    await editing.waitFor()
    t.equal(await unloadAsks(page), false, 'the opened row has nothing to lose')
    await cancel()
    await page.waitForURL((url) => url.pathname === '/auth/crud/members')
    t.equal(new URL(page.url()).search, '?sort=email', 'the query stays')
  })

  await t.test('1400 px: a row open keeps the table in its frame and every other Edit whole', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/members/1')
    await editing.waitFor()
    await transitionsDone(page)
    const frame = table.locator('xpath=..')
    const fit = await frame.evaluate((f) => ({ scroll: f.scrollWidth, client: f.clientWidth }))
    t.ok(fit.scroll <= fit.client, `the table (${fit.scroll} px) fits its frame (${fit.client} px)`)
    const right = (await frame.boundingBox())!
    const edits = await table.locator('tbody tr:not(.inline-row--editing)').getByRole('button', { name: 'Edit' }).all()
    t.ok(edits.length >= 3, `${edits.length} other rows`)
    for (const edit of edits) {
      const box = (await edit.boundingBox())!
      t.ok(box.x + box.width <= right.x + right.width, 'an Edit inside the frame')
    }
    await screenshot(page, 'inline-open-row-1400')
    await page.setViewportSize({ width: 800, height: 900 })
    await screenshot(page, 'inline-open-row-800')
  })
})
