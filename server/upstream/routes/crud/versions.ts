import { STALE_RECORD_TEXT } from '../../../../shared/record-versions.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { ExpectedVersions } from '../../db/records/row-versions.js'
import { modelName } from './db-errors.js'

/**
 * Record versions over HTTP (RFC 9110 §13.1.1): every single-record answer carries `ETag`, a weak
 * tag of the row's hash; `If-Match` on PUT and DELETE names the version the writer read. A request
 * without `If-Match` (scripts) writes unconditionally, as before.
 */
export function etagOf(version: string): string {
  return `W/"${version}"`
}

/** The versions `If-Match` accepts; undefined when absent or `*` (any version of an existing row). */
export function expectedVersions(header: string | string[] | undefined): ExpectedVersions {
  if (header === undefined) return undefined
  const text = Array.isArray(header) ? header.join(',') : header
  if (text.trim() === '*') return undefined
  // weak comparison: W/"x" and "x" name the same version
  return text
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((tag) => tag.length > 0)
}

export function staleMessage(resource: ResourceDef): string {
  return `${modelName(resource)}${STALE_RECORD_TEXT}`
}
