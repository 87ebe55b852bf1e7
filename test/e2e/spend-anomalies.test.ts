/**
 * Issue 42 item 2 in the browser, at 1400 and 800 px, on the demo data a first start seeds (issue 42
 * item 6): this month's anomaly of 3100-GAM-07 on the Spend screen and the Statistics page, with what
 * grew; an editor acknowledges it with a note and changes the note, both in the record history; the
 * cost center page of 4100-BET-03 shows its anomaly of four months ago; a viewer cannot acknowledge.
 * axe finds nothing.
 */
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../server/upstream/db/records/rows.js'
import { startPortal } from '../helper.js'
import { axeRun } from './axe.js'
import { launchBrowser, screenshot, settler, signIn, transitionsDone } from './browser.js'
import { expect } from './expect.js'

/** 'Nov 2026' for the month `offset` months from this one, as the screens write it */
const monthName = (offset: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
const EDITOR = { email: 'bob@ccoe.example', password: 'bob' }
const VIEWER = { email: 'vera@ccoe.example', password: 'vera' }

// two widths, three screens and a dialog each, on a machine that may be running other browsers
t.setTimeout(360_000)

t.test('Spend anomalies: Spend, Statistics, the cost center page, acknowledged with a note', async (t) => {
  const portal = await startPortal(t, { webRoot: resolve('dist/web') })
  const [{ id: betting }] = await rows<{ id: number }>(
    portal.database.db,
    sql`SELECT id FROM cost_centers WHERE identifier = '4100-BET-03'`,
  )
  const gaming = `3100-GAM-07, ${monthName(0)} (USD)`

  const browser = await launchBrowser(t)
  for (const width of [1400, 800]) {
    await t.test(`${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      page.setDefaultTimeout(30_000)
      await signIn(page, portal.baseUrl, EDITOR)
      const settled = settler(page)

      await page.goto(`${portal.baseUrl}/auth/spend`)
      const section = page.getByRole('region', { name: `Anomalies, ${monthName(0)}` })
      const card = section.getByRole('article', { name: `Anomaly of ${gaming}` })
      await card.waitFor()
      await settled()
      t.equal(await section.getByRole('article').count(), 1, "this month's one anomaly")
      await expect(section).toContainText('at least 1.5 times the median of the 6 months before and at least 1,000 above it')
      await expect(card).toContainText('AWS GPU instances (model training)')
      await expect(card).toContainText(`INV-${new Date().toISOString().slice(0, 7).replace('-', '')}-AWS`)
      await expect(card).toContainText('650100')
      t.strictSame(await axeRun(page), [], 'axe: the Spend screen with its anomaly')
      await screenshot(page, `spend-anomalies-${width}`)

      const note = width === 1400 ? 'GPU training approved by the Gaming team' : 'GPU training approved until next quarter'
      await card.getByRole('button', { name: width === 1400 ? `Acknowledge ${gaming}` : `Change note of ${gaming}` }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Note').fill(note)
      await transitionsDone(page)
      t.strictSame(await axeRun(page), [], 'axe: the acknowledge dialog')
      await dialog.getByRole('button', { name: width === 1400 ? 'Acknowledge' : 'Save note' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await expect(card).toContainText(note)
      await expect(card).toContainText('bob@ccoe.example')
      await expect(card.getByText('Acknowledged', { exact: true })).toBeVisible()

      await page.goto(`${portal.baseUrl}/auth/dash-stats`)
      const stats = page.getByRole('region', { name: 'Spend Anomalies, this month' })
      const statsCard = stats.getByRole('article', { name: `Anomaly of ${gaming}` })
      await statsCard.waitFor()
      await settled()
      await expect(statsCard).toContainText(note)
      t.strictSame(await axeRun(page), [], 'axe: the Statistics page')
      await screenshot(page, `statistics-anomalies-${width}`)

      if (width === 1400) {
        // the acknowledgement's history (both notes are asserted by the upstream's test)
        await statsCard.getByRole('link', { name: `History of the acknowledgement of ${gaming}` }).click()
        await page.waitForURL('**/auth/view/record_changes?**')
        await expect(page.getByRole('main')).toContainText(note)
      }

      await page.goto(`${portal.baseUrl}/auth/view/cost_centers/${betting}`)
      const own = page.getByRole('region', { name: /^Anomalies, / })
      const past = own.getByRole('article', { name: `Anomaly of 4100-BET-03, ${monthName(-4)} (USD)` })
      await past.waitFor()
      await settled()
      t.equal(await own.getByRole('article').count(), 1, 'its own anomaly of four months ago, none of another cost center')
      await expect(past).toContainText('Azure premium storage snapshots')
      t.strictSame(await axeRun(page), [], 'axe: the cost center page')
      await screenshot(page, `cost-center-anomalies-${width}`)
      await page.close()
    })
  }

  await t.test('a viewer sees the anomaly, not the Acknowledge button', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    page.setDefaultTimeout(30_000)
    await signIn(page, portal.baseUrl, VIEWER)
    await page.goto(`${portal.baseUrl}/auth/spend`)
    const card = page.getByRole('article', { name: `Anomaly of ${gaming}` })
    await expect(card.getByRole('button', { name: `Change note of ${gaming}` })).toBeDisabled()
    t.equal(
      await card.getByRole('button', { name: `Change note of ${gaming}` }).getAttribute('aria-description'),
      'Needs the editor role; you are a viewer',
    )
    await page.close()
  })
})
