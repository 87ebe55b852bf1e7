/**
 * The public member self-service (spec 000 §2, §5, §8), as a member uses the link the team sent: no
 * sign-in, the department and business unit choices, Other with its typed department, the success
 * text then the thank-you page; a broken, used or replaced link says why and to reach out to the
 * team, and changes nothing.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { LINK_REFUSALS } from '../../server/upstream/routes/self-service/links.js'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { signedInApi } from '../lib/sign-in.js'
import { launchBrowser, screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('member self-service', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), seed: true })
  const api = await signedInApi(portal.baseUrl)
  const [member] = (await api('GET', 'dcoe/members?per_page=1&sort=name')).json().data
  let link = ''
  const stored = async () => {
    const { department, other_department, business_unit } = (
      await upstreamJson<{ data: Record<string, unknown> }>(portal, `/dcoe/members/${member.id}`)
    ).data
    return { department, other_department, business_unit }
  }
  const browser = await launchBrowser(t)
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.setDefaultTimeout(10_000)

  await t.test('the team issues the link from the Members Table and copies it', async (t) => {
    const staff = await signedInPage(t, portal)
    await staff.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl })
    await staff.goto(`${portal.baseUrl}/auth/view/dcoe_members?sort=name`)
    await staff.getByRole('button', { name: `Self-service link for ${member.name}` }).click()
    const dialog = staff.getByRole('dialog', { name: `Self-service link for ${member.name}` })
    const field = dialog.getByLabel('Link')
    await expect(field.first()).toBeVisible()
    const shown = new URL(await field.inputValue())
    t.equal(shown.origin, portal.baseUrl, 'a whole address, ready to send')
    t.equal(shown.pathname, '/unauth/update-member')
    t.equal(shown.searchParams.get('member_id'), String(member.id))
    await expect(dialog.getByText(/^Valid until \w+ \d{1,2}, \d{4} \d\d:\d\d$/).first()).toBeVisible()
    await screenshot(staff, 'self-service-link-dialog')
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    await expect(toast(staff, 'Link copied').first()).toBeVisible()
    t.equal(await staff.evaluate(() => navigator.clipboard.readText()), shown.href, 'the clipboard holds the link')
    link = `${shown.pathname}${shown.search}`
  })

  await t.test('a broken link', async (t) => {
    const before = await stored()
    await page.goto(portal.baseUrl + link.replace(/credential=[^&]+/, 'credential=1.forged'))
    await expect(page.getByText(MESSAGES.memberUpdateFailed, { exact: true }).first()).toBeVisible()
    t.same(await stored(), before)
  })

  await t.test('Other: the typed department, then the thank-you page', async (t) => {
    await page.goto(portal.baseUrl + link)
    await page.getByRole('heading', { name: 'Update Your Details' }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText(MESSAGES.pleaseInput('Department'), { exact: true }).first()).toBeVisible()
    await expect(page.getByText(MESSAGES.pleaseInput('Business Unit'), { exact: true }).first()).toBeVisible()
    await page.getByLabel('Department', { exact: true }).selectOption('Other')
    await expect(page.getByText(MESSAGES.pleaseInput('If Other, Department'), { exact: true }).first()).toBeVisible()
    await page.getByLabel('If Other, Department').fill('Quantum Lab')
    await page.getByLabel('Business Unit').selectOption({ label: 'GAM Gaming' })
    await screenshot(page, 'self-service-form')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, MESSAGES.memberUpdated).first()).toBeVisible()
    await page.waitForURL('**/redirect')
    await expect(page.getByRole('heading', { name: 'Thank you!' }).first()).toBeVisible()
    await screenshot(page, 'self-service-thank-you')
    t.same(await stored(), { department: 'Quantum Lab', other_department: 'Quantum Lab', business_unit: 'GAM' })
  })

  // what the member sees opening a link again: the reason, then the spec's failure text
  const refusedLink = async (reason: string) => {
    await expect(page.getByText(reason, { exact: true }).first()).toBeVisible()
    await expect(page.getByText(MESSAGES.memberUpdateFailed, { exact: true }).first()).toBeVisible()
  }
  const issueLink = async () => (await api('POST', `dcoe/members/${member.id}/credential`)).json().data.link as string

  await t.test('a used link says so', async () => {
    await page.goto(portal.baseUrl + link)
    await refusedLink(LINK_REFUSALS.spent)
    await screenshot(page, 'self-service-used-link')
  })

  await t.test('a replaced link says so', async (t) => {
    const replaced = await issueLink()
    link = await issueLink()
    const before = await stored()
    await page.goto(portal.baseUrl + replaced)
    await refusedLink(LINK_REFUSALS.voided)
    t.same(await stored(), before)
  })

  await t.test("the upstream's refusal of a field shows under that field", async (t) => {
    // a department the team removes while the member's form still offers it
    const created = await api('POST', 'departments', { department: { name: 'Fleeting Lab' } })
    t.equal(created.status, 201)
    await page.goto(portal.baseUrl + link)
    await page.getByLabel('Department', { exact: true }).selectOption('Fleeting Lab')
    t.equal((await api('DELETE', `departments/${created.json().data.id}`)).status, 200)
    await page.getByLabel('Business Unit').selectOption('LOT')
    const before = await stored()
    const answer = page.waitForResponse((r) => r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Submit' }).click()
    const refused = await answer
    const gone = 'Department "Fleeting Lab" does not exist'
    t.same(await refused.json(), { error: gone, statusCode: 422, fields: { department: gone } }, 'the server names the field')
    const group = page.locator('.bp6-form-group').filter({ has: page.getByLabel('Department', { exact: true }) })
    await expect(group.getByText(gone, { exact: true }).first()).toBeVisible()
    await expect(toast(page, MESSAGES.memberUpdateFailed).first()).toBeVisible()
    t.match(page.url(), /\/unauth\/update-member\?/, 'the form stays')
    t.same(await stored(), before, 'nothing changed')
  })

  await t.test('a known department', async (t) => {
    await page.goto(portal.baseUrl + link)
    await page.getByLabel('Department', { exact: true }).selectOption('Finance')
    await page.getByLabel('Business Unit').selectOption('LOT')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL('**/redirect')
    t.same(await stored(), { department: 'Finance', other_department: null, business_unit: 'LOT' })
  })
})
