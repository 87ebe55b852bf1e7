import { expect as playwrightExpect } from '@playwright/test'

/**
 * Playwright's retrying assertions, used outside its runner on playwright-core's pages: each waits
 * until the locator's state holds, or fails after 10 s saying what it expected and what it found.
 */
export const expect = playwrightExpect.configure({ timeout: 10_000 })
