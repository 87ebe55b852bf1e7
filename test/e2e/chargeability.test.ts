/**
 * Issue 42 item 4 in the browser, at 1400 and 800 px: Chargeability opens from the Information menu
 * (and the palette), counts the unchargeable resources per business unit and provider with this
 * month against last, lists them with their reasons, filters by reason, provider and kind into the
 * URL, offers the CSV of the same filters, and a row opens the resource's record page. axe finds nothing.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import t from 'tap'
import { startPortal } from '../helper.js'
import { axeRun } from './axe.js'
import { launchBrowser, screenshot, settler, signIn } from './browser.js'
import { expect } from './expect.js'

const lastMonth = () => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10)
}

t.test('Chargeability: menu, counts, trend, filters, CSV, a row to its record', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web'), seed: false })
  const db = portal.database.db
  await db.execute(sql`INSERT INTO business_units (id, name, abbreviation) VALUES (1, 'Retail', 'GAM'), (2, 'Online', 'LOT')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(
    sql`INSERT INTO cloud_contacts (id, email, terminated) VALUES (1, 'ann@ccoe.example', false), (2, 'tom@ccoe.example', true)`,
  )
  await db.execute(sql`
    INSERT INTO cost_centers (id, identifier, cloud_contact_id, companies_id, business_units_id, departments_id, approved, active_at, expired_at)
    SELECT id, identifier, owner, (SELECT min(id) FROM companies), 1, (SELECT min(id) FROM departments), approved,
           '2024-01-01T00:00:00Z', expired_at::timestamptz
    FROM (VALUES (1, 'CC-OK', 1, true, NULL), (2, 'CC-OLD', 1, true, '2025-01-31T23:59:59Z'), (3, 'CC-NEW', 1, false, NULL),
                 (4, 'CC-TOM', 2, true, NULL)) AS v (id, identifier, owner, approved, expired_at)`)
  await db.execute(sql`
    INSERT INTO cloud_parents (id, provider_type, identifier, name, business_unit_name, cost_center) VALUES
      (1, 'AwsCloudParent', '111', 'ok', 'GAM', 'CC-OK'),
      (2, 'AwsCloudParent', '222', 'none', 'GAM', NULL),
      (3, 'GcpCloudParent', 'gcp-ghost', 'ghost', 'LOT', 'CC-GHOST'),
      (4, 'AwsCloudParent', '444', 'old', 'GAM', 'CC-OLD')`)
  await db.execute(sql`
    INSERT INTO virtual_machines (id, resource_id, provider_type, name, business_units_id, default_cost_center_id) VALUES
      (1, 'i-new', 'azure', 'vm new', 2, 3), (2, 'i-tom', 'aws', 'vm tom', 1, 4)`)
  // last month's counts as the portal kept them: one missing AWS account in Retail
  const kept = [
    {
      kind: 'cloud_parents',
      business_units_id: 1,
      business_unit_name: 'Retail',
      provider: 'aws',
      counts: { missing: 1, unknown: 0, expired: 0, not_approved: 0, terminated_owner: 0, total: 1 },
    },
  ]
  await db.execute(sql`INSERT INTO chargeability_months (month, counts, taken_at)
    VALUES (${lastMonth()}::date, ${JSON.stringify(kept)}::jsonb, ${lastMonth()}::date + interval '20 days')`)

  const browser = await launchBrowser(t)
  for (const width of [1400, 800]) {
    await t.test(`${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      page.setDefaultTimeout(30_000)
      await signIn(page, portal.baseUrl)
      const settled = settler(page)
      const list = page.getByRole('table', { name: 'Unchargeable resources', exact: true })
      const counts = page.getByRole('table', { name: 'Unchargeable resources by business unit and provider' })
      const resources = () => list.locator('tbody th').allInnerTexts()
      const query = () => Object.fromEntries(new URL(page.url()).searchParams)
      const footRow = (name: string) => counts.locator('tfoot tr').filter({ hasText: name }).locator('td').allInnerTexts()

      await openFromMenu(page, width)
      await page.waitForURL('**/auth/chargeability')
      await page.getByRole('heading', { name: 'Chargeability', exact: true }).waitFor()
      await settled()
      t.strictSame(await resources(), ['222', '444', 'gcp-ghost', 'i-new', 'i-tom'], 'cloud parents, then machines')
      await expect(list.locator('tbody tr').filter({ hasText: 'gcp-ghost' })).toContainText('Unknown')
      t.strictSame(
        await counts.locator('tbody tr').allInnerTexts(),
        ['Online\tAzure\t0\t0\t0\t1\t0\t1', 'Online\tGCP\t0\t1\t0\t0\t0\t1', 'Retail\tAWS\t1\t0\t1\t0\t1\t3'],
        'a row per business unit and provider, the kinds summed',
      )
      t.strictSame(await footRow('This month'), ['1', '1', '1', '1', '1', '5'])
      t.strictSame(await footRow('Last month'), ['1', '0', '0', '0', '0', '1'])
      t.strictSame(await footRow('Change'), ['0', '+1', '+1', '+1', '+1', '+4'], 'this month against last')
      t.strictSame(await axeRun(page), [], 'axe: the screen')
      await screenshot(page, `chargeability-${width}`)

      await page.getByLabel('Reason').selectOption('missing')
      await expect.poll(resources).toEqual(['222'])
      t.strictSame(query(), { reason: 'missing' }, 'the filter is in the URL')
      await page.getByLabel('Reason').selectOption('')
      await page.getByLabel('Kind').selectOption('virtual_machines')
      await expect.poll(resources).toEqual(['i-new', 'i-tom'])
      t.strictSame(await footRow('This month'), ['0', '0', '0', '1', '1', '2'], 'the counts of the kind selected')
      await page.getByLabel('Provider', { exact: true }).selectOption('aws')
      await expect.poll(resources).toEqual(['i-tom'])
      t.strictSame(query(), { kind: 'virtual_machines', provider: 'aws' })
      t.equal(
        await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'),
        '/api/chargeability/csv?provider=aws&kind=virtual_machines',
        'the CSV of the same filters',
      )
      await settled()
      t.strictSame(await axeRun(page), [], 'axe: filtered')
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await expect.poll(resources).toEqual(['222', '444', 'gcp-ghost', 'i-new', 'i-tom'])

      await list.getByRole('link', { name: 'Cloud parent gcp-ghost' }).click()
      await page.waitForURL('**/auth/view/cloud_parents/3')
      await page.getByRole('heading', { name: 'ghost' }).first().waitFor()
      t.pass('the resource opens its record page')
      await page.close()
    })
  }

  await t.test('the palette opens Chargeability', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    page.setDefaultTimeout(30_000)
    await signIn(page, portal.baseUrl)
    await page.keyboard.press('Control+k')
    await page.getByRole('textbox', { name: 'Search screens and records' }).fill('chargeab')
    await page
      .getByRole('menu', { name: 'Results' })
      .getByRole('menuitem', { name: /^Chargeability/ })
      .first()
      .click()
    await page.waitForURL('**/auth/chargeability')
    t.pass('Chargeability from the palette')
    await page.close()
  })
})

/** Information › Chargeability: the navbar's menu on a wide screen, the Menu drawer on a narrow one. */
async function openFromMenu(page: Page, width: number) {
  if (width >= 1024) {
    await page.getByRole('button', { name: 'Information', exact: true }).click()
    await page.getByRole('menu', { name: 'Information' }).getByRole('menuitem', { name: 'Chargeability', exact: true }).click()
  } else {
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer
      .getByRole('menu', { name: 'Information', exact: true })
      .getByRole('menuitem', { name: 'Chargeability', exact: true })
      .click()
  }
}
