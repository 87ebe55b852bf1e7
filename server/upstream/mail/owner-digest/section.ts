import type { AnomalyRule } from '../../../../shared/rules/spend-anomaly.js'
import type { Executor } from '../../db/records/rows.js'
import { escapeHtml } from './html.js'

/**
 * What one digest covers: a month (yyyy-MM), and one owner (lower case) or, unset, every owner; the
 * clock's time, as of which the resources that cannot be charged are judged, and the anomaly rule.
 */
export interface DigestScope {
  month: string
  owner?: string
  now: Date
  anomalyRule: AnomalyRule
}

/** One part of an owner's digest, written both ways: its heading included, never empty. */
export interface DigestSection {
  text: string
  html: string
}

/**
 * One kind of news for owners (their spend, later their anomalies, budget status, unchargeable
 * resources): the section of each owner in scope who has something to say, by owner (lower case).
 * An owner it has nothing for is absent from the map, so the digest leaves the section out rather
 * than writing an empty one. One call for all owners: one query per section, whatever their number.
 */
export type DigestSectionBuilder = (db: Executor, scope: DigestScope) => Promise<Map<string, DigestSection>>

/** A section of one line per item, under its heading: as text, an underlined title and dashes; as HTML, a list. */
export function listSection(title: string, items: readonly string[]): DigestSection {
  return {
    text: `${title}\n${'-'.repeat(title.length)}\n\n${items.map((i) => `- ${i}`).join('\n')}`,
    html: `<h2>${escapeHtml(title)}</h2><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
  }
}

/** Items grouped by their owner, in the order they come. */
export function byOwner<T extends { owner: string | null }>(items: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>()
  for (const item of items) {
    if (item.owner === null) continue
    const theirs = grouped.get(item.owner)
    if (theirs) theirs.push(item)
    else grouped.set(item.owner, [item])
  }
  return grouped
}
