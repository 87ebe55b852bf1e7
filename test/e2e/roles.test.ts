/**
 * Issue 27: the web shows what the role can do. Vera (viewer) and Bob (editor) sign in through the
 * IdP form and see the controls their role may use, the others disabled with the role they need,
 * the menus without the screens they cannot open, and Not allowed on those screens' URLs. Olga, in
 * none of the portal's groups, gets the No access page on every route, and can log out from it.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Browser, Locator, Page } from 'playwright-core'
import { startPortal, type Portal } from '../helper.js'
import { launchBrowser, screenshot, signIn, transitionsDone } from './browser.js'

const VIEWER = 'Needs the editor role; you are a viewer'
const EDITOR_NOT_ADMIN = 'Needs the admin role; you are an editor'
const VIEWER_NOT_ADMIN = 'Needs the admin role; you are a viewer'

/** A page of its own browser context, signed in as `user` (password: the name), at 1400 px. */
async function signedInAs(t: { teardown(fn: () => unknown): void }, browser: Browser, portal: Portal, user: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  await signIn(page, portal.baseUrl, { email: `${user}@ccoe.example`, password: user })
  return page
}

/** The control is disabled, and hovering it (or `target`: a switch's drawn label) shows this reason. */
async function refusal(page: Page, control: Locator, target: Locator = control): Promise<string> {
  await control.waitFor()
  if (!(await control.isDisabled())) return 'enabled'
  await target.hover()
  const tip = page.locator('.bp6-tooltip')
  await tip.waitFor()
  const text = (await tip.textContent()) ?? ''
  // away from it: the next hover starts with no tooltip open
  await page.mouse.move(0, 0)
  await tip.waitFor({ state: 'detached' })
  return text
}

/** The link texts of one top menu, as the person sees them once it is open (absent menu: none). */
async function menuLinks(page: Page, menu: string): Promise<string[]> {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu, exact: true })
  if ((await button.count()) === 0) return []
  await button.click()
  const items = page.getByRole('menu', { name: menu }).getByRole('menuitem')
  await items.first().waitFor()
  const texts = await items.allTextContents()
  await page.keyboard.press('Escape')
  await page.getByRole('menu', { name: menu }).waitFor({ state: 'detached' })
  return texts
}

async function notAllowed(page: Page, url: string): Promise<string> {
  await page.goto(url)
  await page.getByRole('heading', { name: 'Not allowed', exact: true }).waitFor()
  return (await page.locator('main .bp6-non-ideal-state').innerText()).replace(/\s+/g, ' ').trim()
}

t.test('each role sees the controls it may use', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const base = portal.baseUrl

  await t.test('vera, a viewer, reads everything and is offered no write', async (t) => {
    const page = await signedInAs(t, browser, portal, 'vera')
    const session = (await (await page.request.get(base + '/api/session')).json()) as { role: string; permits: { calls: string[] } }
    t.equal(session.role, 'viewer', '/api/session says the role')

    t.same(await menuLinks(page, 'CRUD'), [], 'no CRUD menu: every inline table is for writing')
    t.same(
      await menuLinks(page, 'Services'),
      ['Service Catalog Manager'],
      'Services: the catalog alone, no request form or billing automation',
    )
    t.ok((await menuLinks(page, 'Deployments')).includes('Departments'), 'the lists are all there')

    await t.test('home: every report and every add disabled, with why', async (t) => {
      await page.goto(base + '/auth/home')
      const card = (title: string) => page.getByRole('region', { name: title })
      t.equal(await refusal(page, card('Cost Center Inventory').getByRole('button', { name: 'Send Report' })), VIEWER)
      t.equal(await refusal(page, card('Database Backup').getByRole('button', { name: 'Send Report' })), VIEWER_NOT_ADMIN)
      t.equal(await refusal(page, card('Expired Cost Centers').getByRole('button', { name: 'Send Emails' })), VIEWER_NOT_ADMIN)
      t.equal(await page.getByRole('button', { name: /^Send (Report|Emails)$/, disabled: false }).count(), 0, 'no report can be sent')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Add New Department' })), VIEWER, 'the add shortcut')
      t.equal(await page.getByRole('link', { name: /^Add New / }).count(), 0, 'no add link left')
      t.ok(await page.getByRole('link', { name: 'Open Departments Table' }).isVisible(), 'the lists open')
    })

    await t.test('a list: Add, Edit and Delete disabled; View works', async (t) => {
      await page.goto(base + '/auth/view/departments')
      await page.getByRole('cell', { name: 'Cloud Engineering', exact: true }).waitFor()
      t.equal(await refusal(page, page.getByRole('button', { name: 'Add New Department' })), VIEWER)
      await page.getByRole('button', { name: 'Actions for Cloud Engineering' }).click()
      const menu = page.getByRole('menu', { name: 'Actions for Cloud Engineering' })
      await transitionsDone(page)
      t.equal(await refusal(page, menu.getByRole('menuitem', { name: 'Edit' })), VIEWER)
      t.equal(await refusal(page, menu.getByRole('menuitem', { name: 'Delete' })), VIEWER_NOT_ADMIN)
      await menu.getByRole('menuitem', { name: 'Edit' }).hover()
      await page.locator('.bp6-tooltip').waitFor()
      await screenshot(page, 'roles-list-vera')
      await menu.getByRole('menuitem', { name: 'View' }).click()
      await page.getByRole('heading', { name: 'Cloud Engineering' }).waitFor()
      t.equal(await refusal(page, page.getByRole('button', { name: 'Edit' })), VIEWER, 'the record view’s Edit')
    })

    await t.test('uploads, reports and toggles in the lists are disabled', async (t) => {
      await page.goto(base + '/auth/view/sap_cost_centers')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Upload New Cost Centers' })), VIEWER)
      await page.goto(base + '/auth/view/cost_center_networks')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Upload New Network/Project IDs' })), VIEWER)
      await page.goto(base + '/auth/view/cost_centers')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Send Inventory Report' })), VIEWER)
      t.ok(await page.getByRole('link', { name: 'Download CSV' }).isVisible(), 'the CSV is a read: there')
      await page.goto(base + '/auth/view/cloud_bills')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Export Data' })), VIEWER)
      await page.goto(base + '/auth/view/dcoe_members')
      const blacklist = page.getByRole('checkbox', { name: 'Blacklist Alice Martin' })
      const drawn = page.locator('label.bp6-switch').filter({ has: blacklist })
      t.equal(await refusal(page, blacklist, drawn), VIEWER, 'the Blacklist toggle')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Self-service link for Alice Martin' })), VIEWER, 'the credential link')
      await page.goto(base + '/auth/view/service_catalog_products')
      t.equal(await refusal(page, page.getByRole('button', { name: /^Update / }).first()), VIEWER, 'a product card’s Update')
      await page.goto(base + '/auth/customers')
      const editMode = page.getByRole('checkbox', { name: 'Edit mode' })
      t.equal(await refusal(page, editMode, page.locator('label.bp6-switch').filter({ has: editMode })), VIEWER, 'the config Edit mode')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Create' })), VIEWER, 'the config Create')
    })

    await t.test('a direct URL to a screen the role cannot use is Not allowed', async (t) => {
      const expected = `Not allowed ${VIEWER}. Ask the CCoE team if you need it. Return to Home`
      t.equal(await notAllowed(page, base + '/auth/create/departments'), expected, 'an add form')
      t.equal(await page.getByRole('button', { name: 'Submit' }).count(), 0, 'no form behind it')
      t.equal(await page.title(), 'Not allowed · CCoE Portal', 'the tab says so')
      await screenshot(page, 'roles-not-allowed')
      t.equal(await notAllowed(page, base + '/auth/edit/departments/1'), expected, 'an edit form')
      t.equal(await notAllowed(page, base + '/auth/crud/departments'), expected, 'an inline table')
      t.equal(await notAllowed(page, base + '/auth/create-aws-account'), expected, 'a request form')
      t.equal(
        await notAllowed(page, base + '/auth/billing-automation'),
        `Not allowed ${VIEWER_NOT_ADMIN}. Ask the CCoE team if you need it. Return to Home`,
        'the billing automation',
      )
      await page.getByRole('button', { name: 'Return to Home' }).click()
      await page.waitForURL('**/auth/home')
    })
  })

  await t.test('bob, an editor, writes but does not delete or run the admin utilities', async (t) => {
    const page = await signedInAs(t, browser, portal, 'bob')
    t.ok((await menuLinks(page, 'CRUD')).includes('Departments'), 'the inline tables are offered')
    t.same(
      await menuLinks(page, 'Services'),
      ['Create AWS Account', 'Create Azure Subscription', 'Create GCP Project', 'Modify Spinco Security Groups', 'Service Catalog Manager'],
      'the request forms, no Billing Automation',
    )

    await t.test('home: the editor’s reports work, the admin’s are disabled', async (t) => {
      const card = (title: string) => page.getByRole('region', { name: title })
      t.equal(await refusal(page, card('Cost Center Inventory').getByRole('button', { name: 'Send Report' })), 'enabled')
      t.equal(await refusal(page, card('Database Backup').getByRole('button', { name: 'Send Report' })), EDITOR_NOT_ADMIN)
      t.equal(await refusal(page, card('Expired Cost Centers').getByRole('button', { name: 'Send Emails' })), EDITOR_NOT_ADMIN)
      t.equal(await refusal(page, card('Terminated Cloud Accounts').getByRole('button', { name: 'Send Emails' })), EDITOR_NOT_ADMIN)
      t.ok(await page.getByRole('link', { name: 'Add New Department' }).isVisible(), 'the add shortcut is a link')
    })

    await t.test('a report to an address outside the company is refused in the dialog, which stays open', async (t) => {
      await page.goto(base + '/auth/home')
      await page.getByRole('region', { name: 'Cost Center Inventory' }).getByRole('button', { name: 'Send Report' }).click()
      const dialog = page.getByRole('dialog', { name: 'Cost Center Inventory' })
      const email = dialog.getByRole('textbox', { name: 'Email' })
      await email.fill('attacker@evil.example')
      await dialog.getByRole('button', { name: 'Send' }).click()
      t.equal(await dialog.getByRole('alert').innerText(), 'Reports go only to addresses of ccoe.example, example.com.')
      t.equal(await email.inputValue(), 'attacker@evil.example', 'what was typed stays')
      await email.fill('bob@ccoe.example')
      t.equal(await dialog.getByRole('alert').count(), 0, 'typing clears the refusal')
      await dialog.getByRole('button', { name: 'Send' }).click()
      await page.getByText('Your report will be emailed!').waitFor()
      await dialog.waitFor({ state: 'detached' })
      t.pass('an address of the company is sent')
    })

    await t.test('a list: adds and edits; Delete disabled with the admin role named', async (t) => {
      await page.goto(base + '/auth/view/departments')
      await page.getByRole('link', { name: 'Add New Department' }).click()
      await page.getByLabel('Name').fill('Platform Guild')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByText('Your new department has been added!').waitFor()
      await page.getByRole('cell', { name: 'Platform Guild', exact: true }).waitFor()
      await page.getByRole('button', { name: 'Actions for Platform Guild' }).click()
      const menu = page.getByRole('menu', { name: 'Actions for Platform Guild' })
      await transitionsDone(page)
      t.equal(await refusal(page, menu.getByRole('menuitem', { name: 'Delete' })), EDITOR_NOT_ADMIN)
      await menu.getByRole('menuitem', { name: 'Edit' }).click()
      await page.getByRole('heading', { name: 'Edit Department' }).waitFor()
      t.pass('Edit opens the edit form')
    })

    await t.test('the inline table: Add a row and Edit work, Delete is disabled', async (t) => {
      await page.goto(base + '/auth/crud/departments')
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Cloud Engineering', exact: true }) })
      t.equal(await refusal(page, row.getByRole('button', { name: 'Delete' })), EDITOR_NOT_ADMIN)
      t.equal(await refusal(page, row.getByRole('button', { name: 'Edit' })), 'enabled')
      t.equal(await refusal(page, page.getByRole('button', { name: 'Add a row' })), 'enabled')
      await row.getByRole('button', { name: 'Edit' }).click()
      const name = page.getByRole('table', { name: 'Departments Table' }).getByRole('textbox', { name: 'Name', exact: true })
      t.equal(await name.inputValue(), 'Cloud Engineering', 'the row opens for editing')
      // closed again, so that leaving the page asks nothing
      await page.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('alertdialog', { name: 'Sure to cancel?' }).getByRole('button', { name: 'Yes' }).click()
      await name.waitFor({ state: 'detached' })
    })

    await t.test('the config screens: Edit mode works, Delete is disabled', async (t) => {
      await page.goto(base + '/auth/customers')
      const editMode = page.getByRole('checkbox', { name: 'Edit mode' })
      await page.locator('label.bp6-switch').filter({ has: editMode }).click()
      t.equal(await refusal(page, page.getByRole('button', { name: 'Delete' }).first()), EDITOR_NOT_ADMIN)
    })

    await t.test('the admin screens are Not allowed', async (t) => {
      t.equal(
        await notAllowed(page, base + '/auth/billing-automation'),
        `Not allowed ${EDITOR_NOT_ADMIN}. Ask the CCoE team if you need it. Return to Home`,
      )
      await page.goto(base + '/auth/create-aws-account')
      await page.getByRole('heading', { name: 'Create AWS Account' }).waitFor()
      t.pass('a request form opens')
    })
  })

  await t.test('olga, in no group, gets the No access page everywhere and can log out', async (t) => {
    const page = await signedInAs(t, browser, portal, 'olga')
    const refused: string[] = []
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname)
    })
    const noAccess = async () => {
      await page.getByRole('heading', { name: 'No access', exact: true }).waitFor()
      return (await page.locator('main .bp6-non-ideal-state').innerText()).replace(/\s+/g, ' ').trim()
    }
    const expected = 'No access Signed in as olga@ccoe.example. You have no access to the portal; ask the CCoE team. Log Out'
    t.equal(await noAccess(), expected, 'home after sign-in')
    await screenshot(page, 'roles-no-access')
    for (const menu of ['Members', 'Deployments', 'CRUD', 'Services', 'Information', 'CODE']) {
      t.equal(await page.getByRole('button', { name: menu, exact: true }).count(), 0, `no ${menu} menu`)
    }
    await page.goto(base + '/auth/view/departments')
    t.equal(await noAccess(), expected, 'a list by its URL')
    t.equal(new URL(page.url()).pathname, '/auth/view/departments', 'no redirect')
    await page.goto(base + '/unauth/home')
    t.equal(await noAccess(), expected, 'the welcome page takes a signed-in person in, to the same page')
    t.same(refused, [], 'the page asks the gateway for nothing it would refuse')

    await page.getByRole('main').getByRole('link', { name: 'Log Out' }).click()
    await page.getByText('Logging You Out...').waitFor()
    await page.waitForURL('**/unauth/home', { timeout: 15_000 })
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor()
    const after = await page.request.get(base + '/api/session')
    t.equal(after.status(), 401, 'the session is over')
  })
})
