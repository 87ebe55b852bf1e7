/**
 * The command palette (issue 29 item 6), all by keyboard: Ctrl+K or the navbar's Search opens it,
 * an empty text offers the role's screens, what is typed finds records on the server, grouped by
 * model; arrows move, Enter opens the screen or the record's page, Escape closes.
 */
import { resolve } from 'node:path'
// Blueprint's class names alone: the package's index loads all of Blueprint's React components (1.5 s of CPU a test process)
import * as Classes from '@blueprintjs/core/lib/esm/common/classes.js'
import type { Page } from 'playwright-core'
import t from 'tap'
import { startPortal } from '../helper.js'
import { launchBrowser, screenshot, signIn, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

/** The palette's groups and options as a person reads them, the active option marked with '>'. */
async function shown(page: Page): Promise<string[]> {
  return page
    .getByRole('menu', { name: 'Results' })
    .locator('li')
    .evaluateAll(
      (items, active) =>
        items.map((li) => {
          const text = (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()
          const item = li.querySelector('[role=menuitem]')
          if (!item) return `# ${text}`
          return `${item.classList.contains(active) ? '>' : ' '} ${text}`
        }),
      Classes.ACTIVE,
    )
}

t.test('the command palette: screens, and records by name, id and email', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await (await launchBrowser(t)).newPage({ viewport: { width: 1280, height: 800 } })
  // a shared, busy machine: the first page load has taken more than signedInPage's 10 s
  page.setDefaultTimeout(30_000)
  await signIn(page, portal.baseUrl)
  const input = page.getByRole('textbox', { name: 'Search screens and records' })
  const results = page.getByRole('menu', { name: 'Results' })
  /** types the text and waits until the server's answer (or no answer) is listed */
  const type = async (text: string, until: string | RegExp) => {
    await input.fill(text)
    await expect(results.getByRole('menuitem', { name: until }).first()).toBeVisible()
    await results.getByText('Searching…').waitFor({ state: 'detached' })
  }

  await page.keyboard.press('Control+k')
  await expect(input).toBeFocused()
  const screens = await shown(page)
  t.same(screens.slice(0, 3), ['# Screens', '> Home', '  CODE Members Members'], 'an empty text: the screens, the first active')
  t.notOk(
    screens.some((line) => line.startsWith('#') && line !== '# Screens'),
    'no records before anything is typed',
  )

  // the list and the inline table of a model: each screen once, each by a name of its own
  await type('departments', /Departments/)
  t.same(await shown(page), ['# Screens', '> Departments Deployments', '  Departments (CRUD) CRUD'])

  await type('billing auto', /Billing Automation/)
  t.same(await shown(page), ['# Screens', '> Billing Automation Services'])
  await page.keyboard.press('Enter')
  await page.waitForURL('**/auth/billing-automation')
  await expect(input).toHaveCount(0)
  t.pass('Enter jumps to the screen and closes the palette')

  // the navbar's button, then a cost center by (the start of) its identifier, in any case
  await page.getByRole('button', { name: /Search/ }).click()
  await type('wbs-corp', /WBS-CORP-2024-01/)
  t.same(await shown(page), ['# Cost Centers', '> WBS-CORP-2024-01 1000 · emma.schultz@example.com'])
  await page.keyboard.press('Enter')
  await page.waitForURL('**/auth/view/cost_centers/5')
  await expect(page.locator('table.record-view').getByText('WBS-CORP-2024-01').first()).toBeVisible()
  t.pass("Enter opens the cost center's record page")

  // a cost center by its id: the first group is the cost centers'
  const { data: second } = await upstreamJson<{ data: { identifier: string } }>(portal, '/cost_centers/2')
  await page.keyboard.press('Control+k')
  await type('2', new RegExp(second.identifier))
  const byId = await shown(page)
  t.same(byId.slice(0, 2), ['# Cost Centers', `> ${second.identifier} ${byId[1].slice(2 + second.identifier.length + 1)}`])
  await page.keyboard.press('Enter')
  await page.waitForURL('**/auth/view/cost_centers/2')
  t.pass('a cost center by its id')

  // a member by email: the contact of that address first, then the member, one arrow down
  await page.keyboard.press('Control+k')
  await type('alice.martin@', /Alice Martin/)
  t.same(await shown(page), [
    '# Cloud Contacts',
    '> alice.martin@example.com Alice Martin',
    '# All Members',
    '  Alice Martin alice.martin@example.com',
  ])
  await page.keyboard.press('ArrowDown')
  t.same((await shown(page))[3], '> Alice Martin alice.martin@example.com', 'the arrow moves to the member')
  await page.keyboard.press('Enter')
  await page.waitForURL('**/auth/view/members/1')
  await expect(page.locator('table.record-view').getByText('alice.martin@example.com').first()).toBeVisible()
  t.pass("Enter opens the member's record page")

  // a bill's lines by their invoice number: each amount with its currency, each day as the lists write it
  await page.keyboard.press('Control+k')
  await type('inv-202510-gcp', /INV-202510-GCP/)
  t.same(await shown(page), [
    '# Cloud Bills',
    '> INV-202510-GCP 3100-GAM-07 · 01-Oct-2025 · USD 2,792.50',
    '  INV-202510-GCP WBS-CORP-2024-01 · 01-Oct-2025 · USD 5,284.00',
  ])
  await transitionsDone(page)
  await screenshot(page, 'command-palette-bills')
  await page.keyboard.press('Escape')
  await expect(input).toHaveCount(0)

  // nothing found; Escape closes and gives the focus back
  await page.getByRole('button', { name: /Search/ }).focus()
  await page.keyboard.press('Control+k')
  await type('zzz-nothing', 'No results.')
  t.same(await shown(page), ['  No results.'])
  await page.keyboard.press('Escape')
  await expect(input).toHaveCount(0)
  t.ok(await page.getByRole('button', { name: /Search/ }).evaluate((el) => el === document.activeElement), 'Escape: the focus is back')

  // for a person to look at beside Blueprint's Omnibar example
  await page.keyboard.press('Control+k')
  await type('a', /Alice Martin/)
  await transitionsDone(page)
  await page.screenshot({ path: '/tmp/palette.png' })
  await screenshot(page, 'command-palette')
})
