import type { Locator } from 'playwright-core'

/** Waits until the locator is visible (and `check` holds), so a test fails with a clear timeout. */
export async function expect(locator: Locator, check?: () => Promise<boolean>, timeoutMs = 10_000) {
  await locator.first().waitFor({ state: 'visible', timeout: timeoutMs })
  if (!check) return
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met for ${locator}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
