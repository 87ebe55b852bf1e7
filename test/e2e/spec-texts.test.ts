/**
 * Issue 39 (spec conformance IV), the texts and screens a person sees: the cloud contact's email
 * placeholder (item 10), a cloud parent's page headed with its name (11), the two member lists
 * named apart and the Statistics cards agreeing with their lists (12), why a row's buttons wait
 * while another row is open (16), the home's cards at 1400 and 800 px (18), a console without
 * errors for a signed-out page or an answered refusal (19), CSV downloads Excel reads as UTF-8 (20)
 * and the FAQs' edit link in view (21).
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { ConsoleMessage, Locator, Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { scriptToken, signedInApi } from '../lib/sign-in.js'
import { launchBrowser, screenshot, signIn, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const EMAIL_PLACEHOLDER = 'Company email, e.g. jane.doe@company.com'
const ONE_ROW_AT_A_TIME = 'One row at a time: save or cancel the open row first'

/** The console's errors and the page's own '[api]' lines, as they come. */
function consoleOf(page: Page): { errors: string[]; api: string[] } {
  const seen = { errors: [] as string[], api: [] as string[] }
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') seen.errors.push(m.text())
    if (m.text().startsWith('[api]')) seen.api.push(`${m.type()}: ${m.text()}`)
  })
  return seen
}

/** The control is disabled, and hovering it shows this reason. */
async function refusal(page: Page, control: Locator): Promise<string> {
  await control.waitFor()
  if (!(await control.isDisabled())) return 'enabled'
  await control.hover()
  const tip = page.locator('.bp6-tooltip')
  await tip.waitFor()
  const text = (await tip.textContent()) ?? ''
  await page.mouse.move(0, 0)
  await tip.waitFor({ state: 'detached' })
  return text
}

t.test('spec conformance IV: texts and screens', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const browser = await launchBrowser(t)
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const seen = consoleOf(page)

  await t.test('item 19: a signed-out page logs no error; its session check is answered 200', async (t) => {
    const check = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session')
    await page.goto(portal.baseUrl + '/unauth/home')
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor()
    const answer = await check
    t.equal(answer.status(), 200, 'signed out is an answer')
    t.same(await answer.json(), { signedIn: false })
    t.strictSame(seen.errors, [], 'no console error')
    const script = await fetch(portal.baseUrl + '/api/session')
    t.equal(script.status, 401, "a script's /api/session without the check keeps its 401")
  })

  await signIn(page, portal.baseUrl)

  await t.test('item 19: an answered refusal (a record that does not exist) is no console error', async (t) => {
    seen.errors.length = 0
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/departments/999999')
    await page.goto(portal.baseUrl + '/auth/view/departments/999999')
    t.equal((await refused).status(), 404)
    await page.getByRole('heading', { name: 'Not Found - 404' }).waitFor()
    t.strictSame(
      seen.errors.filter((e) => !e.startsWith('Failed to load resource')),
      [],
      "no error of the page's own (the browser's network line aside)",
    )
    t.strictSame(seen.api, ['info: [api] /api/departments/999999: 404 Department not found'], 'one line, no stack')
  })

  await t.test('item 10: the cloud contact email fields say it is a company email (spec 001 §5)', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/cloud_contacts')
    await expect(page.getByLabel('Email')).toHaveAttribute('placeholder', EMAIL_PLACEHOLDER)
    await screenshot(page, 'contact-create-placeholder')
    await page.goto(portal.baseUrl + '/auth/crud/cloud_contacts')
    await page.getByRole('button', { name: 'Add a row' }).click()
    const email = page.getByRole('table', { name: 'New rows' }).getByRole('textbox', { name: 'Email' })
    await expect(email).toHaveAttribute('placeholder', EMAIL_PLACEHOLDER)
    await screenshot(page, 'contact-inline-placeholder')
  })

  await t.test('item 16: while a row is open, the other rows say why their buttons wait', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/departments')
    const records = page.getByRole('table', { name: 'Departments Table' })
    const row = (name: string) => records.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })
    await row('Cloud Engineering').getByRole('button', { name: 'Edit' }).click()
    // the open row's cells are inputs now: it is the one with Save
    await records.getByRole('button', { name: 'Save' }).waitFor()
    await transitionsDone(page)
    const other = row('Application Development')
    t.equal(await refusal(page, other.getByRole('button', { name: 'Edit' })), ONE_ROW_AT_A_TIME, 'Edit')
    t.equal(await refusal(page, other.getByRole('button', { name: 'Delete' })), ONE_ROW_AT_A_TIME, 'Delete')
    t.equal(await refusal(page, page.getByRole('button', { name: 'Add a row' })), ONE_ROW_AT_A_TIME, 'Add a row')
    await expect(other.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-description', ONE_ROW_AT_A_TIME)
    await screenshot(page, 'inline-one-row-at-a-time')
  })

  await t.test("item 11: a cloud parent's page is headed with the account's name", async (t) => {
    const { data } = await upstreamJson<{ data: { name: string; provider_type: string } }>(portal, '/cloud_parents/1')
    t.not(data.name, '', 'the demo account has a name')
    await page.goto(portal.baseUrl + '/auth/view/cloud_parents/1')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.name)
    t.equal(await page.getByRole('heading', { name: data.provider_type, exact: true }).count(), 0, 'not its cloud')
    await screenshot(page, 'cloud-parent-named')
  })

  await t.test('item 12: the member lists are named apart; Team Members counts and opens the Members Table', async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/members')
    await page.getByRole('heading', { name: 'All Members Table', exact: true }).waitFor()
    await page.goto(portal.baseUrl + '/auth/view/dcoe_members')
    await page.getByRole('heading', { name: 'Members Table', exact: true }).waitFor()

    const api = await signedInApi(portal.baseUrl)
    const added = await api('POST', 'dcoe/members', { member: { name: 'Zed Counted', email: 'zed.counted@example.com' } })
    t.equal(added.status, 201)
    const team = await upstreamJson<{ meta: { total: number } }>(portal, '/dcoe/members?per_page=1')
    const all = await upstreamJson<{ meta: { total: number } }>(portal, '/members?per_page=1')
    t.not(team.meta.total, all.meta.total, 'the two lists hold different numbers now')

    await page.goto(portal.baseUrl + '/auth/home')
    const card = page.getByRole('region', { name: 'Team Members' })
    await expect(card.locator('.statistic__value')).toHaveText(String(team.meta.total))
    await expect(page.getByRole('region', { name: 'Cost Centers', exact: true })).toContainText('Valid: not expired')
    await card.getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL('**/auth/view/dcoe_members')
    await page.getByRole('heading', { name: 'Members Table', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Members', exact: true }).click()
    await page.getByRole('menu', { name: 'Members' }).getByRole('menuitem', { name: 'Members', exact: true }).click()
    await page.waitForURL('**/auth/view/dcoe_members')
    t.pass("the card's View Details and the menu's Members open the same list")
    await page.getByRole('button', { name: 'Deployments', exact: true }).click()
    await page.getByRole('menu', { name: 'Deployments' }).getByRole('menuitem', { name: 'All Members', exact: true }).click()
    await page.waitForURL('**/auth/view/members')
    t.pass('Deployments → All Members is the other list')
  })

  await t.test("item 18: the home's cards, 1400 px: every link on one line; 800 px: Open above Add in each card", async (t) => {
    for (const width of [1400, 800]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(portal.baseUrl + '/auth/home')
      const cards = page.getByRole('region', { name: 'Reference data' }).locator('.utility-card')
      await expect(cards.first()).toBeVisible()
      await screenshot(page, `home-${width}`)
      const layout = await cards.evaluateAll((all) =>
        all.map((card) => {
          const links = [...card.querySelectorAll('.utility-card__actions > *')].map((a) => a.getBoundingClientRect())
          return {
            heights: links.map((r) => Math.round(r.height)),
            lefts: links.map((r) => Math.round(r.left)),
            tops: links.map((r) => r.top),
          }
        }),
      )
      const height = layout[0]!.heights[0]!
      t.strictSame(
        layout.map((c) => c.heights.every((h) => h === height)),
        layout.map(() => true),
        `${width} px: every link is one line high`,
      )
      t.strictSame(
        layout.filter((c) => c.tops.length === 2).map((c) => c.tops[1]! >= c.tops[0]! + height && c.lefts[1] === c.lefts[0]),
        layout.filter((c) => c.tops.length === 2).map(() => true),
        `${width} px: the second link under the first in every card`,
      )
    }
    const adds = await page
      .getByRole('region', { name: 'Reference data' })
      .getByRole('link', { name: /^Add New/ })
      .allInnerTexts()
    t.ok(adds.includes('Add New Business Unit'), 'Add New Business Unit')
    t.strictSame(
      adds.filter((a) => a.split(' ').some((w) => w[0] !== w[0]!.toUpperCase())),
      [],
      'every word capitalised',
    )
    await expect(page.getByRole('link', { name: 'Open Cloud Survey Responses Table' })).toBeVisible()
    await page.setViewportSize({ width: 1400, height: 900 })
  })

  await t.test("item 20: a CSV download opens in Excel with its 'Ü'; a script's CSV is plain UTF-8", async (t) => {
    const api = await signedInApi(portal.baseUrl)
    t.equal((await api('POST', 'departments', { department: { name: 'Über Ünits', abbreviation: 'ÜU' } })).status, 201)
    await page.goto(portal.baseUrl + '/auth/view/departments')
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')
    t.match(href, /[?&]bom=1(&|$)/, 'the download asks for the mark')
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download CSV' }).click()
    const file = await (await download).createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of file) chunks.push(chunk as Buffer)
    const bytes = Buffer.concat(chunks)
    t.strictSame([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the UTF-8 byte-order mark first')
    t.match(bytes.subarray(3).toString('utf8'), /^name,abbreviation,created_at\r\n/)
    t.match(bytes.toString('utf8'), /Über Ünits,ÜU,/)

    // the bytes, not fetch's text(), which drops a leading mark itself (a parser of the bytes does not)
    const token = await scriptToken(portal.baseUrl)
    const script = await fetch(`${portal.baseUrl}/api/csv/departments`, { headers: { authorization: `Bearer ${token}` } })
    t.equal(script.status, 200)
    const text = Buffer.from(await script.arrayBuffer()).toString('utf8')
    t.equal(text.split('\r\n')[0], 'name,abbreviation,created_at', "a script's parser reads the header as it is: no mark")
    t.match(text, /Über Ünits,ÜU,/)
  })

  await t.test("item 21: each FAQ's edit link is in view (spec 001 §2)", async (t) => {
    await page.goto(portal.baseUrl + '/auth/view/faqs')
    const table = page.getByRole('table', { name: 'FAQs Table' })
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    const { data } = await upstreamJson<{ data: { id: number; question: string }[] }>(portal, '/faqs?per_page=100&sort=question')
    for (const faq of data) {
      const edit = table.getByRole('link', { name: `Edit ${faq.question}`, exact: true })
      await expect(edit).toBeVisible()
      t.equal(await edit.getAttribute('href'), `/auth/edit/faqs/${faq.id}`, faq.question)
    }
    await screenshot(page, 'faqs-edit-links')
    await page.getByRole('button', { name: `Actions for ${data[0]!.question}` }).click()
    const menu = page.getByRole('menu', { name: `Actions for ${data[0]!.question}` })
    await expect(menu.getByRole('menuitem', { name: 'View' })).toBeVisible()
    t.strictSame(
      (await menu.getByRole('menuitem').allInnerTexts()).map((s) => s.trim()),
      ['View'],
      'the menu keeps the rest (FAQs take no deletes)',
    )
    await page.keyboard.press('Escape')
    await table.getByRole('link', { name: `Edit ${data[0]!.question}`, exact: true }).click()
    await page.waitForURL(`**/auth/edit/faqs/${data[0]!.id}`)
    await page.getByRole('heading', { name: 'Edit FAQ' }).waitFor()
  })
})
