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
  const orbitState = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('.welcome .logo-mark__orbit')!)
      return `${style.animationName} ${style.animationPlayState}`
    })

  await t.test('logged out: / goes to the welcome page, whose logo stops after 3 s', async (t) => {
    await page.goto(portal.baseUrl + '/')
    await page.waitForURL('**/unauth/home')
    await page.getByRole('heading', { name: 'CCoE Portal' }).waitFor()
    t.equal(await orbitState(), 'logo-orbit running', 'animated at first')
    await page.waitForTimeout(2_000)
    t.equal(await orbitState(), 'logo-orbit running', 'still turning at 2 s')
    await expect(page.locator('.welcome .logo-mark--paused'), undefined, 3_000)
    t.equal(await orbitState(), 'logo-orbit paused', 'paused after 3 s')
  })

  await t.test('logged out: the menu is Login only, and protected pages send you to /', async (t) => {
    t.ok(await page.getByRole('link', { name: 'Login' }).isVisible(), 'Login in the menu')
    for (const name of ['Members', 'CRUD', 'Services', 'Information']) {
      t.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name} menu`)
    }
    await page.goto(portal.baseUrl + '/auth/view/departments')
    await page.waitForURL('**/unauth/home')
    t.equal(await page.getByRole('heading', { name: 'Departments Table' }).count(), 0, 'nothing protected shown')
  })

  await t.test('an unknown path is Not Found - 404, with Return to Home', async (t) => {
    await page.goto(portal.baseUrl + '/no/such/page')
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    await page.getByRole('button', { name: 'Return to Home' }).click()
    await page.waitForURL('**/unauth/home')
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
    await page.goto(portal.baseUrl + '/auth/edit/departments')
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    t.pass('a route the registry does not allow (edit without an id) is not found')
    await page.goto(portal.baseUrl + '/unauth/home')
    await page.waitForURL('**/auth/home')
    t.pass('redirected to /auth/home')
  })
})
