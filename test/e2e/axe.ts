/** axe-core in a page of the portal: what the accessibility test and a screen's own test run. */
import axe from 'axe-core'
import type { Page } from 'playwright-core'

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export type RunOnly = { type: 'tag' | 'rule'; values: string[] }

/** What axe finds on the page as it is, one line per rule and node: `rule-id: selector (why)`. */
export async function axeRun(page: Page, runOnly: RunOnly = { type: 'tag', values: WCAG_21_AA }): Promise<string[]> {
  // evaluated, not a script tag: the portal's Content-Security-Policy refuses inline scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axe.source};undefined`)
  return page.evaluate(
    async (runOnly) =>
      (await window.axe.run(document, { runOnly, resultTypes: ['violations'] })).violations.flatMap((v) =>
        v.nodes.map((n) => {
          const why = [...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ')
          return `${v.id}: ${n.target.join(' ')}${why ? ` (${why})` : ''}`
        }),
      ),
    runOnly,
  )
}

declare global {
  interface Window {
    axe: typeof axe
  }
}
