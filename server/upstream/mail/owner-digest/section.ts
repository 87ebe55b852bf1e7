import type { Executor } from '../../db/records/rows.js'

/** What one digest covers: a month (yyyy-MM), and one owner (lower case) or, unset, every owner. */
export interface DigestScope {
  month: string
  owner?: string
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
