import { resolve } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { startPortal } from '../helper.js'
import { readOutbox } from '../upstream/fixtures/outbox.js'
import { screenshot, signedInPage } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

t.test('home quick utilities', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)

  await t.test('Cost Center Inventory: prefilled address, sent, toast, the CSV attached', async (t) => {
    await page.goto(portal.baseUrl + '/auth/home')
    const card = page.getByRole('region', { name: 'Cost Center Inventory' })
    await card.waitFor()
    await expect(page.getByRole('heading', { name: 'Quick Utilities' }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Statistics' }).first()).toBeVisible()
    await screenshot(page, 'home')
    // cards side by side end on one line of buttons, whatever the length of their descriptions
    const cards = page.getByRole('region', { name: 'Quick Utilities' }).locator('.utility-card')
    const rows = new Map<number, number[]>()
    for (const one of await cards.all()) {
      const top = Math.round((await one.boundingBox())!.y)
      const button = Math.round((await one.getByRole('button').first().boundingBox())!.y)
      rows.set(top, [...(rows.get(top) ?? []), button])
    }
    t.ok(rows.size < (await cards.count()), 'some cards share a row')
    t.same(
      [...rows.values()].map((buttons) => new Set(buttons).size),
      [...rows.values()].map(() => 1),
      'the buttons of each row of cards are level',
    )
    await card.getByRole('button', { name: 'Send Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cost Center Inventory' })
    const email = dialog.getByLabel('Email')
    await expect(email).toHaveValue('alice@ccoe.example')
    await screenshot(page, 'home-send-report')
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cost_centers/send_report')
    await dialog.getByRole('button', { name: 'Send' }).click()
    const answer = await sent
    t.equal(answer.status(), 200, 'POST /cost_centers/send_report answered')
    t.same(answer.request().postDataJSON(), { cost_center: { email: true, send_to: 'alice@ccoe.example' } }, 'the spec payload')
    await expect(toast(page, 'Your report will be emailed!').first()).toBeVisible()
    await dialog.waitFor({ state: 'detached' })
    await portal.upstream.mail.idle()
    const mails = readOutbox(portal.outboxDir)
    t.equal(mails.length, 1, 'one email')
    t.match(mails[0]?.headers.to, /alice@ccoe\.example/, 'to the signed-in address')
    t.match(mails[0]?.attachments[0]?.filename ?? '', /\.csv$/, 'the inventory CSV attached')
  })

  await t.test(
    'AWS Zipped Bill, Database Backup and GitHub Enterprise Billing: the spec payloads, toast, their files attached',
    async (t) => {
      const cards = [
        {
          title: 'AWS Zipped Bill',
          path: '/api/cloud_bills/send_zipped_aws_bill',
          payload: { cloud_bill: { email: false, send_to: 'alice@ccoe.example' } },
          subject: 'AWS bill',
          attachment: /^aws_bills_.*\.zip$/,
        },
        {
          title: 'Database Backup',
          path: '/api/db_dump/dump_db',
          payload: { db_dump: { send_to: 'alice@ccoe.example' } },
          subject: 'Database backup',
          attachment: /^ccoe_portal_\d{4}-\d{2}-\d{2}T.*\.sql\.gz$/,
        },
        {
          title: 'GitHub Enterprise Billing',
          path: '/api/github/send_copilot_xlsx_email',
          payload: { github: { to_email: 'alice@ccoe.example' } },
          subject: 'GitHub enterprise billing',
          attachment: /^github_copilot_billing_\d{4}-\d{2}-\d{2}\.xlsx$/,
        },
      ]
      for (const card of cards) {
        await page.getByRole('region', { name: card.title }).getByRole('button', { name: 'Send Report' }).click()
        const dialog = page.getByRole('dialog', { name: card.title })
        const email = dialog.getByLabel('Email')
        await expect(email).toHaveValue('alice@ccoe.example')
        const sent = page.waitForResponse((r) => new URL(r.url()).pathname === card.path)
        await dialog.getByRole('button', { name: 'Send' }).click()
        const answer = await sent
        t.equal(answer.status(), 200, `${card.title}: answered`)
        t.same(answer.request().postDataJSON(), card.payload, `${card.title}: the spec payload`)
        await expect(toast(page, 'Your report will be emailed!').first()).toBeVisible()
        await dialog.waitFor({ state: 'detached' })
        await portal.upstream.mail.idle()
        const mail = readOutbox(portal.outboxDir).find((m) => m.headers.subject === card.subject)
        t.match(mail?.headers.to, /alice@ccoe\.example/, `${card.title}: to the signed-in address`)
        t.match(mail?.attachments[0]?.filename ?? '', card.attachment, `${card.title}: its file attached`)
      }
    },
  )

  await t.test('Terminated Cloud Contacts: prefilled address, the spec payload, toast, the CSV attached', async (t) => {
    const before = readOutbox(portal.outboxDir).length
    const card = page.getByRole('region', { name: 'Terminated Cloud Contacts' })
    await card.getByRole('button', { name: 'Send Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Terminated Cloud Contacts' })
    const email = dialog.getByLabel('Email')
    await expect(email).toHaveValue('alice@ccoe.example')
    const path = '/api/cloud_contacts/send_email_report_of_terminated_cloud_parent_owners'
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === path)
    await dialog.getByRole('button', { name: 'Send' }).click()
    const answer = await sent
    t.equal(answer.status(), 200)
    t.same(answer.request().postDataJSON(), { cloud_contact: { to_address: 'alice@ccoe.example' } }, 'the spec payload')
    await expect(toast(page, 'Your report will be emailed!').first()).toBeVisible()
    await dialog.waitFor({ state: 'detached' })
    await portal.upstream.mail.idle()
    const mails = readOutbox(portal.outboxDir)
    t.equal(mails.length, before + 1, 'one email')
    const mail = mails.find((m) => m.headers.subject === 'Terminated cloud contacts')
    t.match(mail?.headers.to, /alice@ccoe\.example/)
    t.match(mail?.attachments[0]?.content ?? '', /^email,name,cloud_parents,created_at\r\n/, 'the CSV attached')
  })

  await t.test('a second tab: the address modals start from the session too (spec 001 §6)', async (t) => {
    // a tab opened by hand shares the session cookie, not the first tab's sessionStorage
    const browser = page.context().browser()!
    const tabs = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    t.teardown(() => tabs.close())
    await tabs.addCookies(await page.context().cookies())
    const second = await tabs.newPage()
    second.setDefaultTimeout(10_000)
    await second.goto(portal.baseUrl + '/auth/home')
    t.equal(await second.evaluate(() => sessionStorage.length), 0, 'nothing stored in this tab')
    await second.getByRole('region', { name: 'Cost Center Inventory' }).getByRole('button', { name: 'Send Report' }).click()
    const dialog = second.getByRole('dialog', { name: 'Cost Center Inventory' })
    const email = dialog.getByLabel('Email')
    await expect(email).toHaveValue('alice@ccoe.example')
    t.ok(await dialog.getByRole('button', { name: 'Send' }).isEnabled(), 'Send enabled')
    await screenshot(second, 'home-second-tab-send-report')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })

    await second.goto(portal.baseUrl + '/auth/view/cloud_certifications')
    await second.getByRole('button', { name: 'Export Certificates' }).click()
    const exportDialog = second.getByRole('dialog', { name: 'Export Certificates' })
    const exportEmail = exportDialog.getByLabel('Email')
    await expect(exportEmail).toHaveValue('alice@ccoe.example')
    t.ok(await exportDialog.getByRole('button', { name: 'Send' }).isEnabled(), 'Export Certificates: Send enabled')
  })

  for (const [title, path] of [
    ['Expired Cost Centers', '/api/cost_centers/send_expired_cost_centers_report'],
    ['Terminated Cloud Accounts', '/api/cloud_parents/send_email_to_terminated_cloud_accounts'],
  ] as const) {
    await t.test(`${title}: 'Are you sure?', then one email per owner and the toast`, async (t) => {
      const before = readOutbox(portal.outboxDir).length
      const card = page.getByRole('region', { name: title })
      await card.getByRole('button', { name: 'Send Emails' }).click()
      const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
      await dialog.waitFor()
      await screenshot(page, `home-confirm-${title.toLowerCase().replace(/ /g, '-')}`)
      const sent = page.waitForResponse((r) => new URL(r.url()).pathname === path)
      await dialog.getByRole('button', { name: 'OK' }).click()
      const answer = await sent
      t.equal(answer.status(), 200, `POST ${path} answered`)
      t.same(answer.request().postDataJSON(), {}, 'no input')
      const { data } = (await answer.json()) as { data: { sent: number } }
      await expect(toast(page, 'Your report will be emailed!').first()).toBeVisible()
      await dialog.waitFor({ state: 'detached' })
      await portal.upstream.mail.idle()
      const added = readOutbox(portal.outboxDir).length - before
      t.equal(added, data.sent, 'as many emails as the answer counts')
      const owners = readOutbox(portal.outboxDir).map((m) => m.headers.to)
      t.equal(new Set(owners.slice(before)).size, added, 'one email per owner')
    })
  }
})
