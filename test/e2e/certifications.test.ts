/**
 * Cloud certifications (spec 001 §2, §7, §8): a certification made on the create page (member lookup,
 * name, provider select, date pickers) shows in the list with its provider icon; Export Certificates
 * opens prefilled with the signed-in address and the upstream emails the CSV holding the new row.
 */
import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { readOutbox } from '../upstream/fixtures/outbox.js'
import { screenshot, signedInPage, upstreamJson } from './browser.js'
import { expect } from './expect.js'
import { pick } from './pick.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('cloud certifications: create, then Export Certificates', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const year = new Date().getFullYear()

  await t.test('create: member, name, provider, dates; then the list', async (t) => {
    await page.goto(portal.baseUrl + '/auth/create/cloud_certifications')
    await page.getByRole('heading', { name: 'Add New Cloud Certification' }).waitFor()
    await pick(page, page.getByRole('combobox', { name: 'Member' }), 'Chloe Nguyen', 'chloe')
    await page.getByLabel('Certification Name').fill('E2E Certified Kubernetes Administrator')
    await page.getByLabel('Certified Cloud').selectOption('gcp')
    // typed, not Enter: Enter in a form's input submits the form
    for (const [name, day] of [
      ['Issue Date', `March 3, ${year}`],
      ['Expiration Date', `March 3, ${year + 3}`],
    ]) {
      await page.getByRole('combobox', { name }).fill(day)
      await page.keyboard.press('Escape')
    }
    await page.getByRole('heading', { name: 'Add New Cloud Certification' }).click()
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, 'Your new cloud certification has been added!').first()).toBeVisible()
    await page.waitForURL('**/auth/view/cloud_certifications')

    const stored = (await upstreamJson(portal, '/cloud_certifications?by_name=E2E&per_page=10')).data
    t.equal(stored.length, 1, 'one certification')
    t.hasStrict(stored[0], {
      member_name: 'Chloe Nguyen',
      name: 'E2E Certified Kubernetes Administrator',
      provider: 'gcp',
      issue_date: `${year}-03-03`,
      expiration_date: `${year + 3}-03-03`,
    })
    const table = page.getByRole('table', { name: 'Cloud Certifications Table' })
    const row = table.getByRole('row').filter({ hasText: 'E2E Certified Kubernetes Administrator' })
    await expect(row.getByRole('img', { name: 'GCP' }).first()).toBeVisible()
    t.pass('the certified cloud is shown as the provider icon')
    await screenshot(page, 'cloud-certifications-list')
  })

  await t.test('Export Certificates: prefilled email, the CSV emailed', async (t) => {
    await page.getByRole('button', { name: 'Export Certificates' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Certificates' })
    const email = dialog.getByLabel('Email')
    await expect(email).toHaveValue('alice@ccoe.example')
    t.pass('prefilled with the signed-in address')
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cloud_certifications/export')
    await dialog.getByRole('button', { name: 'Send' }).click()
    const answer = await sent
    t.equal(answer.status(), 200)
    t.same(answer.request().postDataJSON(), { cloud_certification: { email: 'alice@ccoe.example' } }, 'the spec payload')
    await expect(toast(page, MESSAGES.reportEmailed).first()).toBeVisible()
    await dialog.waitFor({ state: 'detached' })
    await portal.upstream.mail.idle()
    const [mail] = readOutbox(portal.outboxDir)
    t.equal(mail?.headers.to, 'alice@ccoe.example')
    const csv = mail?.attachments[0]?.content ?? ''
    t.ok(
      csv
        .split('\r\n')
        .includes(
          `Chloe Nguyen,E2E Certified Kubernetes Administrator,${await businessUnitOf('Chloe Nguyen')},gcp,${year}-03-03,${year + 3}-03-03`,
        ),
      'the new row is in the CSV',
    )
  })

  await t.test('Export Certificates: a failed export says the spec text and keeps the dialog', async (t) => {
    await page.route('**/api/cloud_certifications/export', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down","statusCode":500}' }),
    )
    await page.getByRole('button', { name: 'Export Certificates' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Certificates' })
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(toast(page, 'There was a problem with this action. Please try again later').first()).toBeVisible()
    t.equal(await dialog.count(), 1, 'the dialog stays open for another try')
    await page.unroute('**/api/cloud_certifications/export')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  await t.test('the inline variant lists the row and its CSV download holds it', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/cloud_certifications')
    await expect(page.getByRole('cell', { name: 'E2E Certified Kubernetes Administrator', exact: true }).first()).toBeVisible()
    const href = await page.getByRole('link', { name: 'Download CSV' }).first().getAttribute('href')
    const csv = await (await page.request.get(new URL(String(href), portal.baseUrl).href)).text()
    t.match(csv.split('\r\n')[0], 'member_name,name,business_unit,provider,issue_date,expiration_date')
    t.match(csv, `Chloe Nguyen,E2E Certified Kubernetes Administrator,`)
  })

  await t.test('create: an expiry before the issue is refused under its field, nothing sent (issue 26)', async (t) => {
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/cloud_certifications') posts.push(r.url())
    })
    await page.goto(portal.baseUrl + '/auth/create/cloud_certifications')
    await page.getByRole('heading', { name: 'Add New Cloud Certification' }).waitFor()
    await pick(page, page.getByRole('combobox', { name: 'Member' }), 'Chloe Nguyen', 'chloe')
    await page.getByLabel('Certification Name').fill('E2E Expired Before Issued')
    await page.getByLabel('Certified Cloud').selectOption('aws')
    for (const [name, day] of [
      ['Issue Date', `March 3, ${year}`],
      ['Expiration Date', `March 2, ${year}`],
    ]) {
      await page.getByRole('combobox', { name }).fill(day)
      await page.keyboard.press('Escape')
    }
    await page.getByRole('heading', { name: 'Add New Cloud Certification' }).click()
    await page.getByRole('button', { name: 'Submit' }).click()
    const error = page.getByText('Expiration Date must not be before Issue Date', { exact: true })
    await expect(error.first()).toBeVisible()
    t.pass('the field error is shown')
    await screenshot(page, 'cloud-certifications-expiry-before-issue')
    t.strictSame(posts, [], 'the form sent nothing')
    t.equal(page.url(), portal.baseUrl + '/auth/create/cloud_certifications', 'still on the form')
    t.equal((await upstreamJson(portal, '/cloud_certifications?by_name=E2E%20Expired&per_page=10')).data.length, 0, 'nothing stored')
  })

  async function businessUnitOf(name: string) {
    const members = (await upstreamJson(portal, `/members?by_name=${encodeURIComponent(name)}`)).data
    return String(members[0]?.business_unit_name ?? '')
  }
})
