/**
 * Issue 29 item 9, accessible to everyone: axe-core's WCAG 2.1 A and AA rules find nothing on any
 * screen of the menu, on the add forms of the registry, on the record pages and edit forms of the
 * cost centers, networks and project IDs, nor with the command palette, the column chooser or the
 * saved views menu open, and those three open, move and close by keyboard alone. Each screen is also
 * a working one: not the 404 page, no failed API call (every link of the logged-in menus, spec 000
 * §2). The screens come from the menu's own data and the registry, so a new one is checked the day
 * it is added. Both themes: the dark one, which follows a dark system until a theme is chosen
 * (app/theme.ts), is checked on the same screens and overlays by the rules that read colours.
 */
import { join, resolve } from 'node:path'
import { Classes } from '@blueprintjs/core'
import type { Page } from 'playwright-core'
import t from 'tap'
import { RESOURCES } from '../../shared/resources/index.js'
import { topMenus } from '../../web/src/app/shell/menu-items.js'
import { paths } from '../../web/src/config/paths.js'
import { startPortal, tempDir } from '../helper.js'
import { axeRun, WCAG_21_AA, type RunOnly } from './axe.js'
import { launchBrowser, settler, signIn, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

/** The models whose record page and edit form are checked too (the forms). */
const RECORD_MODELS = ['cost_centers', 'cost_center_networks', 'project_ids'] as const

/**
 * The rules whose outcome depends on the theme: both compare colours (text against its background,
 * a link against the text around it). Every other rule of WCAG_21_AA reads the DOM, its roles,
 * names and attributes, which the dark theme does not change: it is one class on <body>.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const EVERY_RULE: RunOnly = { type: 'tag', values: WCAG_21_AA }
const COLOURS_ONLY: RunOnly = { type: 'rule', values: COLOUR_RULES }

/** Turns the system's colour scheme, which the theme follows, and waits until the page is drawn in it. */
async function colourScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  const body = expect(page.locator('body'))
  await (scheme === 'dark' ? body.toContainClass(Classes.DARK) : body.not.toContainClass(Classes.DARK))
  await transitionsDone(page)
}

/**
 * What axe finds in an open overlay (the palette, a menu, a dialog) in both themes: every rule in the
 * light theme, then the colour rules with the page turned dark in place, as the system's setting
 * does at dusk (lines that start with `dark `).
 */
async function violations(page: Page): Promise<string[]> {
  const light = await axeRun(page, EVERY_RULE)
  await colourScheme(page, 'dark')
  const dark = await axeRun(page, COLOURS_ONLY)
  await colourScheme(page, 'light')
  return [...light, ...dark.map((line) => `dark ${line}`)]
}

t.test('no WCAG 2.1 A/AA violation on any screen', async (t) => {
  // a trail to read: the Audit Trail screen (a menu link for admins) reads AUDIT_LOG_FILE
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), env: { AUDIT_LOG_FILE: join(tempDir(t), 'audit.log') } })
  const browser = await launchBrowser(t)
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  // a shared, busy machine: the first page load has taken more than 10 s
  page.setDefaultTimeout(30_000)
  await signIn(page, portal.baseUrl)
  const settled = settler(page)
  // the same person in a dark system (the theme follows it until one is chosen): the session's cookie
  const dark = await browser.newPage({
    viewport: { width: 1440, height: 900 },
    colorScheme: 'dark',
    storageState: await page.context().storageState(),
  })
  dark.setDefaultTimeout(30_000)
  await dark.goto(portal.baseUrl + paths.auth.home.getHref())
  await expect(dark.locator('body')).toContainClass(Classes.DARK)

  const firstId = async (model: string) => {
    const resource = RESOURCES.find((r) => r.key === model)!
    const { data } = await upstreamJson<{ data: { id: number }[] }>(portal, `/${resource.path}?per_page=1&sort=id`)
    return data[0].id
  }
  const menuLinks = topMenus().flatMap((menu) => menu.sections.flatMap((s) => s.links.map((l) => l.href)))
  const screens = [
    paths.auth.home.getHref(),
    ...menuLinks,
    ...RESOURCES.filter((r) => r.actions.includes('create')).map((r) => paths.auth.resource.getHref('create', r.key)),
    ...(
      await Promise.all(
        RECORD_MODELS.map(async (model) => {
          const id = await firstId(model)
          return [paths.auth.resource.getHref('view', model, id), paths.auth.resource.getHref('edit', model, id)]
        }),
      )
    ).flat(),
  ]
  const unique = [...new Set(screens)]
  t.ok(unique.length >= 67, `${unique.length} screens`)

  /**
   * Checks every screen in one page: not the 404 page (spec 000 §2's menus), no failed call, and what
   * axe finds with `runOnly`. The light page runs every rule; the dark one walks the same screens at
   * the same time and runs only the colour rules (the others would read the same DOM again). Two
   * walks side by side, not one that turns each screen dark and back: each turn waits for
   * Blueprint's transitions (inputs', checkboxes'), one after the other. Measured here, the test
   * took about 32 s with the light walk alone, 38 s with the dark walk beside it, and 52 s turning
   * each screen dark and back in one page (42 s leaving it in the other theme for the next screen).
   */
  const walk = async (page: Page, settled: () => Promise<void>, theme: string, runOnly: RunOnly) => {
    const failedCalls: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) failedCalls.push(`${response.status()} ${response.url()}`)
    })
    const heading = page.locator('main h1, main h2, main h3, main h4').first()
    for (const href of unique) {
      failedCalls.length = 0
      // in the app, as a menu link moves (wouter follows pushState): no reload of the app and of axe per screen
      await page.evaluate((to) => history.pushState(null, '', to), href)
      await settled()
      t.not(await heading.textContent(), 'Not Found - 404', `${theme}: ${href} is not the 404 page`)
      t.same(failedCalls, [], `${theme}: ${href}: no failed API call`)
      t.same(await axeRun(page, runOnly), [], `${theme}: ${href}`)
    }
  }
  await Promise.all([walk(page, settled, 'light', EVERY_RULE), walk(dark, settler(dark), 'dark', COLOURS_ONLY)])
  await dark.close()

  await t.test('the command palette, opened by keyboard, with records found', async (t) => {
    await page.goto(portal.baseUrl + paths.auth.resource.getHref('view', 'cost_centers'))
    await settled()
    await page.keyboard.press('Control+k')
    const input = page.getByRole('textbox', { name: 'Search screens and records' })
    await expect(input).toBeFocused()
    await page.keyboard.type('wbs-corp')
    const results = page.getByRole('menu', { name: 'Results' })
    await expect(results.getByRole('menuitem', { name: /WBS-CORP-2024-01/ })).toBeVisible()
    await settled()
    t.same(await violations(page), [], 'the palette with records found')
    await page.keyboard.press('Escape')
    await expect(input).toHaveCount(0)
  })

  await t.test('the column chooser, by keyboard', async (t) => {
    const button = page.getByRole('button', { name: 'Columns' })
    await button.focus()
    await page.keyboard.press('Enter')
    const chooser = page.getByRole('list', { name: 'Columns' })
    await expect(chooser).toBeVisible()
    await transitionsDone(page)
    t.same(await violations(page), [], 'the chooser open')
    // opened: on the first column's box; Tab goes on to its Move down (Move up of the first is disabled)
    await expect(chooser.getByRole('checkbox', { name: 'Identifier' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Move Identifier down' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(chooser).toHaveCount(0)
    await expect(button).toBeFocused()
  })

  await t.test('the saved views menu, by keyboard', async (t) => {
    const button = page.getByRole('button', { name: 'Views' })
    await button.focus()
    await page.keyboard.press('Enter')
    const save = page.getByRole('menuitem', { name: 'Save as new view…' })
    await expect(save).toBeVisible()
    await transitionsDone(page)
    t.same(await violations(page), [], 'the views menu open')
    // no view saved yet: the first item that takes the focus
    await expect(save).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(save).toHaveCount(0)
    await expect(button).toBeFocused()

    // Enter opens it again and Enter on its item opens the Save view dialog, whose Name keeps the focus
    await page.keyboard.press('Enter')
    await expect(save).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Save view' })
    await expect(dialog).toBeVisible()
    await transitionsDone(page)
    await expect(dialog.getByLabel('Name')).toBeFocused()
    t.same(await violations(page), [], 'the Save view dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(button).toBeFocused()
  })

  await t.test("the bulk actions' boxes and toolbar, in the table and in the grid, by keyboard", async (t) => {
    // the first row's box (the page's box leads the table)
    const box = page.getByRole('table', { name: 'Cost Centers Table' }).getByRole('checkbox').nth(1)
    await box.focus()
    await page.keyboard.press('Space')
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' })
    await expect(bar.getByText('1 cost center selected')).toBeVisible()
    t.same(await violations(page), [], 'a row selected in the table')
    await page.getByRole('radio', { name: 'Grid' }).click()
    const grid = page.getByRole('region', { name: 'Cost Centers Table (grid)' })
    // the third row's box: the grid draws the rows' boxes before the page's (its top-left quadrant comes last)
    const gridBox = grid.getByRole('checkbox').nth(2)
    await gridBox.focus()
    await page.keyboard.press('Space')
    await expect(bar.getByText('2 cost centers selected')).toBeVisible()
    await settled()
    t.same(await violations(page), [], 'two rows selected in the grid')
    await bar.getByRole('button', { name: 'Clear selection' }).click()
    await page.getByRole('radio', { name: 'Table' }).click()
    await expect(bar).toHaveCount(0)
  })
})
