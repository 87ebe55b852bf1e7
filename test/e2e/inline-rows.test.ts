/**
 * The rules of particular models on their inline rows (spec 001 §4, §5), the same as on their forms:
 * a company code fills the GL accounts, a new cost center row starts on the first dropdown items and
 * Active now, a duplicate cost center identifier reloads the page, and the server's message for a
 * field shows under that field's cell.
 */
import { resolve } from 'node:path'
import { format } from 'date-fns'
import t from 'tap'
import type { Locator, Page, Route } from 'playwright-core'
import type { Portal } from '../helper.js'
import { startPortal } from '../helper.js'
import { screenshot, signedInPage, transitionsDone, upstreamJson } from './browser.js'
import { expect } from './expect.js'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

/** A write asked of the upstream directly, as the gateway does (set-up the page must not see). */
async function upstreamWrite(portal: Portal, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  const res = await fetch(portal.upstreamUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${portal.config.upstreamToken}`,
      uid: 'test@ccoe.example',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}`)
  return (await res.json()) as { data: Record<string, unknown> }
}

/** Chooses a row of a lookup as a person does: a select's option, or typed and picked from the search (Suggest). */
async function choose(page: Page, box: Locator, label: string) {
  if (await box.evaluate((e) => e instanceof HTMLSelectElement)) {
    await box.selectOption({ label })
    return
  }
  await box.click()
  await box.fill(label)
  await page.getByRole('option', { name: label, exact: true }).click()
}

/** The id of a model's first row in the order its lookup lists them (by the label field). */
async function firstId(portal: Portal, path: string, labelField: string) {
  const list = await upstreamJson(portal, `/${path}?sort=${labelField}&per_page=1`)
  return list.data[0]?.id
}

t.test('inline rows of particular models', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const page = await signedInPage(t, portal)
  const newRows = page.getByRole('table', { name: 'New rows' })

  await t.test('companies: the company code fills the GL accounts and RI/Reno, as on the form', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/companies')
    await page.getByRole('heading', { name: 'Companies Table' }).waitFor()
    await page.getByRole('button', { name: 'Add a row' }).click()
    const input = (name: string) => newRows.getByRole('textbox', { name, exact: true })
    const values = async () => ({
      aws_gl: await input('AWS GL').inputValue(),
      gcp_gl: await input('GCP GL').inputValue(),
      azure_gl: await input('Azure GL').inputValue(),
      riOrReno: await newRows.getByRole('combobox', { name: 'RI/Reno' }).inputValue(),
    })
    await input('Company Code').fill('3500')
    t.strictSame(await values(), { aws_gl: '784031', gcp_gl: '784033', azure_gl: '784032', riOrReno: 'Reno' }, 'a Reno code')
    await input('Company Code').fill('7702')
    t.strictSame(await values(), { aws_gl: '520084', gcp_gl: '520110', azure_gl: '520109', riOrReno: 'RI' }, 'any other code')
    await newRows.getByRole('combobox', { name: 'GL Type' }).selectOption('Cloud Services')
    await screenshot(page, 'inline-companies-gl')
    await newRows.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your new company has been added!').first()).toBeVisible()
    const stored = await upstreamJson(portal, '/companies?by_code=7702')
    t.strictSame(
      stored.data.map(({ code, aws_gl, gcp_gl, azure_gl, riOrReno }) => ({ code, aws_gl, gcp_gl, azure_gl, riOrReno })),
      [{ code: '7702', aws_gl: '520084', gcp_gl: '520110', azure_gl: '520109', riOrReno: 'RI' }],
      'stored with the filled accounts',
    )
  })

  const table = page.getByRole('table', { name: 'Cost Centers Table' })
  /** the list asked for again after the duplicate (set before the Save that causes it) */
  let reloaded: Promise<unknown> = Promise.resolve()
  const costCenterRow = (identifier: string) =>
    table.getByRole('row').filter({ has: page.getByRole('cell', { name: identifier, exact: true }) })

  await t.test('cost centers: Save replaces the row with the server answer', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
    const row = costCenterRow('2000-LOT-12')
    await expect(row.first()).toBeVisible()
    await screenshot(page, 'inline-cost-centers')
    await row.getByRole('button', { name: 'Edit' }).click()
    // the company decides the GL accounts: only the server's answer (a join) can show them
    await choose(page, table.getByRole('combobox', { name: 'Company Code' }), '3100')
    await table.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Your cost center has been updated!').first()).toBeVisible()
    const saved = costCenterRow('2000-LOT-12')
    await expect(saved.getByRole('cell', { name: '784031', exact: true }).first()).toBeVisible()
    t.ok(await saved.getByRole('cell', { name: '3100', exact: true }).isVisible(), 'the new company code')
  })

  await t.test("cost centers: the server's message for a field shows under its cell", async (t) => {
    // a department that is gone by the time the row is saved: only the server can know
    const doomed = await upstreamWrite(portal, 'POST', '/departments', { department: { name: 'Soon Gone' } })
    await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
    await costCenterRow('2000-LOT-12').getByRole('button', { name: 'Edit' }).click()
    await choose(page, table.getByRole('combobox', { name: 'Department' }), 'Soon Gone')
    await upstreamWrite(portal, 'DELETE', `/departments/${String(doomed.data.id)}`)

    const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/cost_centers/'))
    await table.getByRole('button', { name: 'Save' }).click()
    const refusal = (await (await answer).json()) as { fields?: Record<string, string> }
    const message = refusal.fields?.departments_id
    t.ok(message, `the server names the field: ${message}`)
    const cell = table.getByRole('cell').filter({ has: page.getByRole('combobox', { name: 'Department' }) })
    const alert = cell.getByRole('alert')
    await expect(alert.first()).toBeVisible()
    t.equal(await alert.textContent(), message, 'the message under the Department cell')
    t.ok(await cell.locator('.bp6-intent-danger').count(), 'in the danger intent')
    await screenshot(page, 'inline-cost-centers-field-error')
    t.equal(await table.getByRole('button', { name: 'Save' }).count(), 1, 'the row stays in edit mode')
    await table.getByRole('button', { name: 'Cancel' }).click()
    const pop = page.getByRole('alertdialog', { name: 'Sure to cancel?' })
    await pop.waitFor()
    await transitionsDone(page)
    await pop.getByRole('button', { name: 'Yes' }).click()
    await table.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' })
  })

  await t.test('cost centers: a new row starts on the first items and Active now (spec 001 §4)', async (t) => {
    // the page's clock is the test's, stopped while the row is opened: "now" is known exactly
    const now = new Date('2026-11-23T09:41:00.000Z')
    await page.clock.install({ time: now.getTime() - 60_000 })
    await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
    await expect(costCenterRow('2000-LOT-12').first()).toBeVisible()
    await page.clock.pauseAt(now)
    await page.getByRole('button', { name: 'Add a row' }).click()
    const active = newRows.getByLabel('Active', { exact: true })
    await expect(active).not.toHaveValue('')
    // spec 001 §9: 'The editor date format is MM-DD-YYYY with time HH:mm' (the page's clock is this machine's zone)
    t.equal(await active.inputValue(), format(now, 'MM-dd-yyyy HH:mm'), 'Active: now, in the editor format')
    await page.clock.resume()
    const department = newRows.getByRole('combobox', { name: 'Department', exact: true })
    await expect(department).not.toHaveValue(/^(|None|-9999)$/)
    await screenshot(page, 'inline-cost-centers-add')

    // what the row holds is what it sends; an existing identifier, so nothing is stored
    await newRows.getByRole('textbox', { name: 'Identifier' }).fill('1000-CCOE-01')
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/cost_centers'))
    reloaded = page.waitForRequest((r) => r.method() === 'GET' && r.url().includes('/api/cost_centers?'))
    await newRows.getByRole('button', { name: 'Save' }).click()
    const body = (await sent).postDataJSON() as Record<string, unknown>
    t.strictSame(
      {
        cloud_contact_id: body.cloud_contact_id,
        companies_id: body.companies_id,
        business_units_id: body.business_units_id,
        departments_id: body.departments_id,
        new_cost_center_id: body.new_cost_center_id,
        active_at: body.active_at,
      },
      {
        cloud_contact_id: await firstId(portal, 'cloud_contacts', 'email'),
        companies_id: await firstId(portal, 'companies', 'code'),
        business_units_id: await firstId(portal, 'business_units', 'name'),
        departments_id: await firstId(portal, 'departments', 'name'),
        new_cost_center_id: null,
        active_at: now.toISOString(),
      },
      'the first owner, company, business unit and department; no replacement; active from when the row was opened',
    )
  })

  await t.test('cost centers: a duplicate identifier is refused and the page reloads (spec 001 §5)', async (t) => {
    await expect(toast(page, 'Duplicate identifier found. Please enter a unique identifier!').first()).toBeVisible()
    await reloaded
    await newRows.waitFor({ state: 'detached' })
    t.pass('the page reloaded: the list asked again, the new row gone')
    t.ok(await page.getByRole('button', { name: 'Add a row' }).isEnabled(), 'ready for another add')
    const stored = await upstreamJson(portal, '/cost_centers?by_identifier=1000-CCOE-01')
    t.equal(stored.data.length, 1, 'still one record with it')
  })

  await t.test('cost centers: the inline table offers the terminated owners CSV, named apart from the full export', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/cost_centers')
    await expect(costCenterRow('2000-LOT-12').first()).toBeVisible()
    const csv = async (name: string) => {
      const href = await page.getByRole('link', { name, exact: true }).getAttribute('href')
      const answer = await page.request.get(new URL(String(href), portal.baseUrl).href)
      return { file: /filename="([^"]+)"/.exec(answer.headers()['content-disposition'] ?? '')?.[1] ?? '', text: await answer.text() }
    }
    const terminated = await csv('Download Terminated Owners CSV')
    t.match(terminated.file, /^terminated_owner_cost_centers_\d{4}-.*\.csv$/, 'its own prefix')
    const [header, ...lines] = terminated.text.trim().split('\r\n')
    const column = header!.split(',').indexOf('owner_terminated')
    t.ok(lines.length > 0, 'some cost centers have a terminated owner')
    t.same([...new Set(lines.map((l) => l.split(',')[column]))], ['true'], 'only theirs')
    t.match((await csv('Download CSV')).file, /^cost_centers_\d{4}-.*\.csv$/, 'the full export keeps its own')
    await screenshot(page, 'inline-cost-centers-csv-links')
  })

  await t.test('cloud contacts: an add reads its record back (GET /cloud_contacts/{id}); a failed read says so', async (t) => {
    await page.goto(portal.baseUrl + '/auth/crud/cloud_contacts')
    await page.getByRole('heading', { name: 'Cloud Contacts Table' }).waitFor()
    const records = page.getByRole('table', { name: 'Cloud Contacts Table' })
    const add = async (email: string) => {
      await page.getByRole('button', { name: 'Add a row' }).click()
      await newRows.getByRole('textbox', { name: 'Email' }).fill(email)
      await newRows.getByRole('textbox', { name: 'Name' }).fill('Read Back')
      const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cloud_contacts')
      await newRows.getByRole('button', { name: 'Save' }).click()
      return ((await (await created).json()) as { data: { id: number } }).data.id
    }
    const readBack = page.waitForRequest((r) => r.method() === 'GET' && /^\/api\/cloud_contacts\/\d+$/.test(new URL(r.url()).pathname))
    const id = await add('read.back@ccoe.example')
    t.equal(new URL((await readBack).url()).pathname, `/api/cloud_contacts/${id}`, 'the added record, read back')
    await expect(toast(page, 'Your new contact has been added!').first()).toBeVisible()
    await newRows.waitFor({ state: 'detached' })
    await expect(records.getByRole('cell', { name: 'read.back@ccoe.example', exact: true }).first()).toBeVisible()

    const failing = (route: Route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { error: 'Internal Server Error', statusCode: 500 } })
        : route.fallback()
    await page.route('**/api/cloud_contacts/*', failing)
    await add('read.fails@ccoe.example')
    await expect(
      toast(page, 'There was a problem getting this cloud contact record after adding the record. Please try again.').first(),
    ).toBeVisible()
    await newRows.waitFor({ state: 'detached' })
    await expect(records.getByRole('cell', { name: 'read.fails@ccoe.example', exact: true }).first()).toBeVisible()
    t.pass('the added row shows what the add answered')
    await screenshot(page, 'inline-cloud-contacts-read-back-failed')
    await page.unroute('**/api/cloud_contacts/*', failing)
  })
})
