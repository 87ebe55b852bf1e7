/**
 * The end of the 409 text of a save or delete over someone else's newer change (a stale If-Match):
 * the upstream writes `<Model>` + this, and the web tells it from other 409s (duplicates, rows in
 * use) by it, to offer reloading the record.
 */
export const STALE_RECORD_TEXT =
  ' was changed by someone else since you loaded it. Reload it to see the current version, then make your change again.'

export function isStaleRecordText(text: string): boolean {
  return text.endsWith(STALE_RECORD_TEXT)
}
