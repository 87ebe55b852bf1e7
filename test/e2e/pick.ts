import type { Locator, Page } from 'playwright-core'

/**
 * Choose in a lookup (a Blueprint Suggest that searches the server as one types): type `typed`
 * into it, click the offered option named `option`, and wait until its list has gone (so the
 * next lookup's options are the only ones on the page).
 */
export async function pick(page: Page, input: Locator, option: string, typed: string = option): Promise<void> {
  await input.click()
  await input.fill(typed)
  const list = page.getByRole('listbox')
  await list.getByRole('option', { name: option, exact: true }).click()
  await list.first().waitFor({ state: 'detached' })
}

/**
 * Type a whole value into a lookup that also takes free text (the cost center's owner email) and
 * close its suggestions with Escape, as a person does, so they do not cover the next field.
 */
export async function typeFree(page: Page, input: Locator, text: string): Promise<void> {
  await input.fill(text)
  await input.press('Escape')
  await page.getByRole('listbox').first().waitFor({ state: 'detached' })
}
