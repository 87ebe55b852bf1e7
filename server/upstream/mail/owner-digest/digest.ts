import type { Executor } from '../../db/records/rows.js'
import type { Mail } from '../mailer.js'
import { escapeHtml } from './html.js'
import { monthTitle } from './months.js'
import type { DigestScope, DigestSection, DigestSectionBuilder } from './section.js'
import { spendSection } from './spend-section.js'
import { anomaliesSection } from './anomalies-section.js'
import { budgetsSection } from './budgets-section.js'
import { unchargeableSection } from './unchargeable-section.js'

/**
 * The sections of an owner's monthly digest, in the order the email shows them (issue 42 item 5):
 * the spend, its anomalies (item 2), the budgets (item 3) and the resources that cannot be charged
 * (item 4). Each is one DigestSectionBuilder (section.ts) in a file of its own beside this one; the
 * route, the recipients and the email's frame are the same for every section.
 */
export const DIGEST_SECTIONS: readonly DigestSectionBuilder[] = [spendSection, anomaliesSection, budgetsSection, unchargeableSection]

/** Each owner in scope with something to say: their sections, in DIGEST_SECTIONS' order. */
export async function digestsOf(
  db: Executor,
  scope: DigestScope,
  sections: readonly DigestSectionBuilder[] = DIGEST_SECTIONS,
): Promise<Map<string, DigestSection[]>> {
  const built = await Promise.all(sections.map((section) => section(db, scope)))
  const byOwner = new Map<string, DigestSection[]>()
  for (const ofSection of built) {
    for (const [owner, section] of ofSection) {
      const theirs = byOwner.get(owner)
      if (theirs) theirs.push(section)
      else byOwner.set(owner, [section])
    }
  }
  return byOwner
}

/** One owner's digest email: the sections in a frame, as text and as HTML. */
export function digestMail(to: string, month: string, sections: readonly DigestSection[]): Mail {
  const title = monthTitle(month)
  const intro = `this is the monthly digest of the cost centers you own, for ${title}.`
  return {
    to,
    subject: `Your cost centers in ${title}`,
    text: `Hello,\n\n${intro}\n\n${sections.map((s) => s.text).join('\n\n')}\n\nCCoE Portal`,
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(`Your cost centers in ${title}`)}</title></head>` +
      `<body style="font-family:sans-serif"><p>Hello,</p><p>${escapeHtml(intro)}</p>${sections.map((s) => s.html).join('')}` +
      `<p>CCoE Portal</p></body></html>`,
  }
}
