/**
 * The audit trail as the gateway serves it and the /auth/audit screen reads it (issue 43 item 3):
 * its filters by query parameter, a line's shape, and the record a line changed.
 */
import { RESOURCES } from './resources/index.js'

/**
 * GET /api/audit's and GET /api/csv/audit's filters, in the screen's order: `from` (inclusive) and
 * `to` (exclusive) are ISO 8601 times; `user` the person's email or the script client's id; `path`
 * how the path starts; the others exactly (`method` in any case).
 */
export const AUDIT_FILTERS = ['from', 'to', 'user', 'method', 'path', 'status', 'reqId', 'replica'] as const
export type AuditFilterName = (typeof AUDIT_FILTERS)[number]
export type AuditFilterQuery = Partial<Record<AuditFilterName, string>>

/** One audit line as written: the fields most lines have (README "Audit log"), and whatever else it carries. */
export interface AuditLine {
  time: string
  replica?: string
  event?: string
  reqId?: string
  user?: string | null
  method?: string
  path?: string
  status?: number | null
  durationMs?: number
  /** its chain and place in it (audit-chain.ts): together, the line's name in the trail */
  chain?: string
  seq?: number
  [field: string]: unknown
}

/** The trail's columns in its CSV, in this order. */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'replica',
  'user',
  'event',
  'method',
  'path',
  'status',
  'durationMs',
  'reqId',
  'reason',
  'bulk',
  'chain',
  'seq',
] as const

const WRITES = new Set(['PUT', 'PATCH', 'DELETE'])

/**
 * The registry record a line's call changed: a write (PUT, PATCH, DELETE; a bulk call's line per
 * record too) to `/api/<model path>/<id>` that succeeded, or a create whose line names the record it
 * made (`created`, from the upstream's Location).
 */
export function changedRecord(line: AuditLine): { model: string; id: string } | undefined {
  const path = line.method === 'POST' ? line.created : WRITES.has(line.method ?? '') ? line.path : undefined
  if (typeof path !== 'string') return undefined
  if (typeof line.status !== 'number' || line.status < 200 || line.status > 299) return undefined
  for (const resource of RESOURCES) {
    const records = `/api/${resource.path}/`
    if (!path.startsWith(records)) continue
    const id = path.slice(records.length)
    if (/^[^/]+$/.test(id)) return { model: resource.key, id: decodeURIComponent(id) }
  }
  return undefined
}
