/**
 * The portal shell of spec 000 §2, as a visitor meets it: the welcome page and its logo, the
 * redirects for logged-out and logged-in people, the 404 page, and the menus.
 */
import { resolve } from 'node:path'
import t from 'tap'
import { startPortal } from '../helper.js'
import { launchBrowser, signIn } from './browser.js'
import { expect } from './expect.js'

t.test('the shell', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), seed: false })
  const browser = await launchBrowser(t)
  const page = await browser.newPage()
  page.setDefaultTimeout(10_000)
  // lib/icons.ts bundles the paths of the icons the screens use; Blueprint's 100 KB chunks of every icon's paths are for the rest
  const iconChunks: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/paths-[^/]*\.js$/.test(request.url())) iconChunks.push(request.url())
  })
  const orbitState = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('.welcome .logo-mark__orbit')!)
      return `${style.animationName} ${style.animationPlayState}`
    })

  await t.test('logged out: / goes to the welcome page, whose logo stops after 3 s', async (t) => {
    // the page's clock is the test's: the 3 s are counted exactly, however busy the machine is
    // paused a minute ahead of now: the page is not open yet, so no timer fires on the way there
    const start = Date.now() + 60_000
    await page.clock.install({ time: Date.now() })
    await page.clock.pauseAt(start)
    await page.goto(portal.baseUrl + '/')
    await page.waitForURL('**/unauth/home')
    await page.getByRole('heading', { name: 'CCoE Portal' }).waitFor()
    t.equal(await orbitState(), 'logo-orbit running', 'animated at first')
    await page.clock.runFor(2_000)
    t.equal(await orbitState(), 'logo-orbit running', 'still turning at 2 s')
    await page.clock.runFor(1_100)
    await expect(page.locator('.welcome .logo-mark--paused')).toBeVisible({ timeout: 3_000 })
    t.equal(await orbitState(), 'logo-orbit paused', 'paused after 3 s')
    await page.clock.resume()
  })

  await t.test('logged out: the menu is Login only, and protected pages send you to the welcome page', async (t) => {
    t.ok(await page.getByRole('link', { name: 'Login' }).isVisible(), 'Login in the menu')
    for (const name of ['Members', 'CRUD', 'Services', 'Information']) {
      t.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name} menu`)
    }
    await page.goto(portal.baseUrl + '/auth/view/departments')
    await page.waitForURL((u) => u.pathname === '/unauth/home')
    t.equal(new URL(page.url()).searchParams.get('returnTo'), '/auth/view/departments', 'keeps the page asked for')
    t.equal(await page.getByRole('heading', { name: 'Departments Table' }).count(), 0, 'nothing protected shown')
  })

  await t.test('an unknown path is Not Found - 404, with Return to Home', async (t) => {
    await page.goto(portal.baseUrl + '/no/such/page')
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    await page.getByRole('button', { name: 'Return to Home' }).click()
    await page.waitForURL('**/unauth/home')
  })

  await t.test('a deep link survives signing in: Login lands on the page asked for, query and all', async (t) => {
    const context = await browser.newContext()
    t.teardown(() => context.close())
    const other = await context.newPage()
    other.setDefaultTimeout(10_000)
    await other.goto(portal.baseUrl + '/auth/view/cost_centers?by_identifier=x')
    await other.waitForURL((u) => u.pathname === '/unauth/home')
    t.equal(new URL(other.url()).searchParams.get('returnTo'), '/auth/view/cost_centers?by_identifier=x', 'returnTo in the URL')
    await other.getByRole('button', { name: 'Login', exact: true }).click()
    await other.getByLabel('Email').fill('alice@ccoe.example')
    await other.getByLabel('Password').fill('alice')
    await other.getByRole('button', { name: /sign in/i }).click()
    await other.waitForURL((u) => u.pathname === '/auth/view/cost_centers', { timeout: 10_000 })
    t.equal(new URL(other.url()).search, '?by_identifier=x', 'the query too')
    await other.getByRole('heading', { name: 'Cost Centers Table' }).waitFor()
    t.equal(await other.getByRole('searchbox', { name: 'Identifier' }).inputValue(), 'x', 'the filter is applied')
  })

  await t.test('returnTo never leaves the protected area of this origin', async (t) => {
    for (const bad of ['//evil.example/auth/home', 'https://evil.example/auth/x', '/unauth/logout', '/\\evil.example']) {
      await page.goto(portal.baseUrl + '/unauth/home?' + new URLSearchParams({ returnTo: bad }))
      await page.getByRole('heading', { name: 'CCoE Portal' }).waitFor()
      const href = await page.getByRole('link', { name: 'Login' }).getAttribute('href')
      t.equal(new URL(href!, portal.baseUrl).searchParams.get('returnTo'), '/auth/home', `${bad} → /auth/home`)
    }
  })

  await t.test('logged in: the full menu, and the welcome page sends you home', async (t) => {
    await signIn(page, portal.baseUrl)
    for (const name of ['Members', 'Deployments', 'CRUD', 'Services', 'Information', 'CODE']) {
      t.ok(await page.getByRole('button', { name, exact: true }).isVisible(), name)
    }
    t.ok(await page.getByRole('link', { name: 'Log Out' }).isVisible(), 'Log Out')
    await page.getByRole('button', { name: 'CRUD', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Departments' }).click()
    await page.waitForURL('**/auth/crud/departments')
    // two models list members: the menus tell them apart (issue 39 item 12)
    await page.getByRole('button', { name: 'Deployments', exact: true }).click()
    const deployments = page.getByRole('menu', { name: 'Deployments' })
    await deployments.waitFor()
    t.equal(await deployments.getByRole('menuitem', { name: 'All Members', exact: true }).count(), 1, 'Deployments: All Members')
    t.equal(await deployments.getByRole('menuitem', { name: 'CODE Members', exact: true }).count(), 1, 'Deployments: CODE Members')
    await page.keyboard.press('Escape')
    await deployments.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'CODE', exact: true }).click()
    await page.getByRole('menu', { name: 'CODE' }).getByRole('menuitem', { name: 'CODE Members', exact: true }).click()
    await page.waitForURL('**/auth/view/dcoe_members')
    await page.getByRole('heading', { name: 'Members Table', exact: true }).waitFor()
    t.pass('CODE → CODE Members opens the Members Table')
    await page.goto(portal.baseUrl + '/auth/home')
    await page.getByRole('heading', { name: 'Reference data' }).waitFor()
    // Quick Utilities are the report cards (spec 000 §2), never the table links, which are Reference data
    t.notOk(
      (await page.getByRole('region', { name: 'Quick Utilities' }).locator('.utility-card h3').allInnerTexts()).some((h) =>
        /Table$/.test(h),
      ),
      'no table card under Quick Utilities',
    )
    t.same(
      (await page.getByRole('region', { name: 'Reference data' }).locator('.utility-card h3').allInnerTexts()).filter((h) =>
        /Members/.test(h),
      ),
      ['All Members Table', 'CODE Members'],
      'the home cards tell the two member lists apart',
    )
    await page.goto(portal.baseUrl + '/auth/edit/departments')
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    t.pass('a route the registry does not allow (edit without an id) is not found')
    await page.goto(portal.baseUrl + '/unauth/home')
    await page.waitForURL('**/auth/home')
    t.pass('redirected to /auth/home')
  })

  await t.test('the icons drawn so far are the bundled ones: each has its paths, and no chunk of all paths was fetched', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/departments')
    await page.getByRole('heading', { name: 'Departments Table' }).waitFor()
    // Blueprint draws an icon whose paths it has as an svg[data-icon], one it is still waiting for as an empty span[data-icon]
    const drawn = page.locator('svg[data-icon]:has(path)')
    await expect(drawn.first()).toBeVisible()
    await expect(page.locator('[data-icon]:not(svg:has(path))')).toHaveCount(0)
    t.ok((await drawn.count()) > 5, 'the bar and the table show icons')
    t.same(iconChunks, [])
  })

  await t.test('Members → Members is the Members Table of spec 000 §2; Customers sits beside Missing Report Tags', async (t) => {
    await page.goto(portal.baseUrl + '/auth/home')
    await page.getByRole('button', { name: 'Members', exact: true }).click()
    await page.getByRole('menu', { name: 'Members' }).getByRole('menuitem', { name: 'Members', exact: true }).click()
    await page.getByRole('heading', { name: 'Members Table', exact: true }).waitFor()
    const table = page.getByRole('table', { name: 'Members Table' })
    t.same(
      (await table.locator('thead th:not(.resource-table__select)').allInnerTexts()).map((h) => h.trim()),
      ['Name', 'Email', 'Department', 'Business Unit', 'Team', 'Teams Member', 'DL Member', 'Blacklist', 'Actions'],
      'the columns of spec 000 §2',
    )
    for (const name of ['Department', 'Business Unit', 'Team']) {
      t.equal(await page.getByRole('combobox', { name, exact: true }).count(), 1, `a ${name} filter`)
    }
    t.equal(await page.getByRole('link', { name: 'Add New Member' }).getAttribute('href'), '/auth/create/members', 'Add New Member')

    await page.getByRole('button', { name: 'Information', exact: true }).click()
    const information = page.getByRole('menu', { name: 'Information' })
    // allInnerTexts does not wait: the popover's items first
    await expect(information.getByRole('menuitem', { name: 'Customers', exact: true })).toBeVisible()
    const items = (await information.getByRole('menuitem').allInnerTexts()).map((s) => s.trim())
    t.equal(items.indexOf('Customers'), items.indexOf('Missing Report Tags') + 1, 'Customers right after Missing Report Tags')
    await information.getByRole('menuitem', { name: 'Customers', exact: true }).click()
    await page.waitForURL('**/auth/customers')
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor()
  })

  await t.test('1280 px: every menu and Log Out inside the bar; 800 px: one Menu button opens them all', async (t) => {
    const inBar = async (name: string, role: 'button' | 'link') => {
      const box = (await page.getByRole('navigation').getByRole(role, { name, exact: true }).boundingBox())!
      return box.y >= 0 && box.y + box.height <= 50 && box.x + box.width <= (page.viewportSize()?.width ?? 0)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(portal.baseUrl + '/auth/home')
    await page.getByRole('heading', { name: 'Reference data' }).waitFor()
    for (const name of ['Members', 'Deployments', 'CRUD', 'Services', 'Information', 'CODE']) {
      t.ok(await inBar(name, 'button'), `1280: ${name} in the bar`)
    }
    t.ok(await inBar('Log Out', 'link'), '1280: Log Out in the bar')
    t.equal(await page.getByRole('button', { name: 'Menu', exact: true }).count(), 0, '1280: no Menu button')

    await page.setViewportSize({ width: 800, height: 800 })
    for (const name of ['Members', 'CRUD', 'Information']) {
      t.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `800: no ${name} in the bar`)
    }
    t.equal(await page.getByRole('link', { name: 'Log Out' }).count(), 0, '800: Log Out not under the bar')
    t.ok(await inBar('Menu', 'button'), '800: the Menu button in the bar')
    t.equal((await page.getByRole('navigation').boundingBox())!.height, 50, 'the bar keeps its height')

    // by keyboard: focus Menu, Enter, Tab to a link, Enter
    await page.getByRole('button', { name: 'Menu', exact: true }).focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.waitFor()
    for (const name of ['Members', 'Deployments', 'CRUD', 'Services', 'Information', 'CODE', 'Theme']) {
      t.equal(await drawer.getByRole(name === 'Theme' ? 'listbox' : 'menu', { name, exact: true }).count(), 1, `800: ${name} in the menu`)
    }
    t.equal(await drawer.getByRole('menuitem', { name: 'Log Out' }).count(), 1, '800: Log Out in the menu')
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Business Units') break
    }
    // Enter held down until the drawer has gone: its keyup must not land on Menu and open it again
    await page.keyboard.down('Enter')
    await page.waitForURL('**/auth/view/business_units')
    await drawer.waitFor({ state: 'detached' })
    await page.keyboard.up('Enter')
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    t.equal(await drawer.count(), 0, 'a link chosen by keyboard opens its page and closes the menu for good')
    t.not(await page.evaluate(() => document.activeElement?.textContent), 'Menu', 'focus stays off the Menu button')
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  await t.test('dark mode follows the system until a theme is chosen, and the choice is remembered', async (t) => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    t.teardown(() => context.close())
    const other = await context.newPage()
    other.setDefaultTimeout(10_000)
    const dark = () => other.evaluate(() => document.body.classList.contains('bp6-dark'))
    await other.goto(portal.baseUrl + '/unauth/home')
    await other.getByRole('heading', { name: 'CCoE Portal' }).waitFor()
    t.equal(await dark(), true, 'a dark system: dark')
    await other.emulateMedia({ colorScheme: 'light' })
    await other.waitForFunction(() => !document.body.classList.contains('bp6-dark'))
    t.pass('the system turns light: so does the page')
    await other.getByRole('button', { name: 'Theme' }).click()
    await other.getByRole('option', { name: 'Dark' }).click()
    t.equal(await dark(), true, 'chosen dark on a light system')
    await other.reload()
    await other.getByRole('heading', { name: 'CCoE Portal' }).waitFor()
    t.equal(await dark(), true, 'remembered after a reload')
    await other.getByRole('button', { name: 'Theme' }).click()
    await other.getByRole('option', { name: 'Match system' }).click()
    t.equal(await dark(), false, 'back to the light system')
  })

  await t.test('a write refused for an ended session sends the person to sign in, back to the form', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/departments')
    await page.getByLabel('Name').fill('Expired Session')
    await page.context().clearCookies()
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/departments')
    await page.getByRole('button', { name: 'Submit' }).click()
    t.equal((await posted).status(), 401, 'the write is refused')
    await page.waitForURL((u) => u.pathname === '/unauth/home')
    t.equal(new URL(page.url()).searchParams.get('returnTo'), '/auth/create/departments', 'Login will come back here')
  })
})
