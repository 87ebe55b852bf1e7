/**
 * `npm run bench` part: what a browser downloads on a first visit, on the wire (compressed as
 * the gateway serves it) beside the same files uncompressed. Two visits with an empty cache:
 * the welcome page, and a table page opened directly by a signed-in person.
 */
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser, signIn } from '../../test/e2e/browser.js'
import { startPortal } from '../../test/helper.js'

interface Weight {
  js: number
  css: number
  jsRaw: number
}

async function weigh(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<Weight> {
  const page = await context.newPage()
  const weight: Weight = { js: 0, css: 0, jsRaw: 0 }
  const pending: Promise<void>[] = []
  page.on('requestfinished', (request) => {
    const type = request.resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    pending.push(
      (async () => {
        const sizes = await request.sizes()
        const response = await request.response()
        const body = response ? (await response.body()).length : 0
        if (type === 'script') {
          weight.js += sizes.responseBodySize
          weight.jsRaw += body
        } else weight.css += sizes.responseBodySize
      })(),
    )
  })
  await page.goto(url)
  await ready(page)
  await Promise.all(pending)
  await page.close()
  return weight
}

async function measureAssets(cleanups: (() => unknown)[]): Promise<void> {
  const t = { teardown: (fn: () => unknown) => cleanups.push(fn) }
  const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url))
  const portal = await startPortal(t, { webRoot })
  const browser = await launchBrowser(t)

  const anonymous = await browser.newContext()
  const welcome = await weigh(anonymous, `${portal.baseUrl}/unauth/home`, (p) =>
    p.getByRole('button', { name: 'Login', exact: true }).waitFor(),
  )
  const signing = await browser.newContext()
  await signIn(await signing.newPage(), portal.baseUrl)
  const signedIn = await browser.newContext({ storageState: await signing.storageState() })
  const table = await weigh(signedIn, `${portal.baseUrl}/auth/view/cost_centers`, (p) => p.getByRole('table').first().waitFor())

  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
  console.log(
    `welcome page, first load  JS ${kb(welcome.js)} on the wire (${kb(welcome.jsRaw)} uncompressed), CSS ${kb(welcome.css)}  goal JS <= 150 KB`,
  )
  console.log(
    `table page, first load    JS ${kb(table.js)} on the wire (${kb(table.jsRaw)} uncompressed), CSS ${kb(table.css)}  goal JS <= 300 KB`,
  )
}

const cleanups: (() => unknown)[] = []
measureAssets(cleanups)
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })
