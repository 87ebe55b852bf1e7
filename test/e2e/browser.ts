/** Debian's chromium driven by playwright-core: never a downloaded browser. */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
// Blueprint's class names alone: the package's index loads all of Blueprint's React components (1.5 s of CPU a test process)
import * as Classes from '@blueprintjs/core/lib/esm/common/classes.js'
import { chromium, type Browser, type Locator, type Page, type Request, type Route } from 'playwright-core'
import type { Portal } from '../helper.js'
import { expect } from './expect.js'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
]

export async function launchBrowser(t: { teardown(fn: () => unknown): void }): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  t.teardown(() => browser.close())
  return browser
}

/** Signs alice in as a person does: the welcome page's Login, the IdP form, back to /auth/home. */
export async function signIn(page: Page, baseUrl: string, user = { email: 'alice@ccoe.example', password: 'alice' }) {
  await page.goto(baseUrl + '/')
  await page.waitForURL('**/unauth/home')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL('**/auth/home', { timeout: 10_000 })
}

/** A browser with one signed-in page on a wide screen (the 15-column tables fit, or scroll). */
export async function signedInPage(t: { teardown(fn: () => unknown): void }, portal: Portal): Promise<Page> {
  const browser = await launchBrowser(t)
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  page.setDefaultTimeout(10_000)
  await signIn(page, portal.baseUrl)
  return page
}

/** Waits for the page's running transitions (a popover or dialog opening) to end: a click during one can land beside its target. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/** Screenshots for a person to look at (never in the repo): E2E_SHOTS, else /tmp/e2e-shots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS ?? '/tmp/e2e-shots'
  mkdirSync(dir, { recursive: true })
  // a dialog or toast caught half-way through its transition shows nothing useful
  await transitionsDone(page)
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

/** What the database holds, asked of the upstream directly (as the gateway does, with its token). */
export async function upstreamJson<T = { data: Record<string, unknown>[] }>(portal: Portal, path: string): Promise<T> {
  const res = await fetch(portal.upstreamUrl + path, {
    headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'test@ccoe.example' },
  })
  if (!res.ok) throw new Error(`GET ${path} → ${res.status}`)
  return (await res.json()) as T
}

/**
 * Clicks a Blueprint checkbox or switch where a person does: on its drawn indicator, which lies over
 * the real input (playwright's check() refuses an input whose indicator takes the click). The
 * caller checks what follows: a switch may flip back when its update fails.
 */
export async function toggle(box: Locator, checked: boolean): Promise<void> {
  if ((await box.isChecked()) !== checked) await box.click({ force: true })
}

/**
 * Holds the browser's calls to `pattern` until release() is called: what the page shows while
 * the server has not answered yet. stop() lets later calls through again.
 */
export async function holdRequests(page: Page, pattern: string) {
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  const handler = async (route: Route) => {
    await held
    await route.fallback()
  }
  await page.route(pattern, handler)
  return { release, stop: () => page.unroute(pattern, handler) }
}

/**
 * Waits until the screen has its data: its heading shown, no call of the page still on its way, no
 * spinner or skeleton left and no transition running (axe measures colours as they are drawn).
 */
export function settler(page: Page) {
  const pending = new Set<Request>()
  page.on('request', (r) => pending.add(r))
  page.on('requestfinished', (r) => pending.delete(r))
  page.on('requestfailed', (r) => pending.delete(r))
  const busy = page.locator(`.${Classes.SPINNER}, .${Classes.SKELETON}, .${Classes.PROGRESS_BAR}`)
  return async () => {
    await page.locator('main h1, main h2, main h3, main h4').first().waitFor()
    const deadline = Date.now() + 30_000
    for (let quiet = 0; quiet < 2;) {
      if (Date.now() > deadline) throw new Error(`still loading: ${[...pending].map((r) => r.url()).join(', ')}`)
      await expect(busy).toHaveCount(0)
      await transitionsDone(page)
      // two frames: a render that an answer caused has been drawn, and any call it started is seen
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
      if (pending.size === 0) quiet++
      else {
        quiet = 0
        await page.waitForEvent('requestfinished', { timeout: 10_000 }).catch(() => undefined)
      }
    }
  }
}
