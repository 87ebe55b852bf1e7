/**
 * The audit trail's filters (shared/audit-trail.ts AUDIT_FILTERS) read once from a query, then
 * applied by either source of lines: `matchesAuditFilter` for the file read backwards,
 * `auditFilterSql` for the gateway's database. One definition, so both answer the same lines.
 */
import type { AuditFilterQuery, AuditLine } from '../../shared/audit-trail.js'

export interface AuditFilter {
  /** milliseconds since the epoch: from inclusive, to exclusive (a `to` of a day alone is the next midnight: the day is in) */
  from?: number
  to?: number
  user?: string
  method?: string
  /** how the path starts */
  path?: string
  status?: number
  reqId?: string
  replica?: string
}

/** an ISO 8601 date, or date and time with its zone, as the screen and scripts send it */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/
const DAY_MS = 24 * 60 * 60 * 1000
const time = (text: string) => (ISO_TIME.test(text) && !Number.isNaN(Date.parse(text)) ? Date.parse(text) : undefined)

/** The filter of `query`, or the refusal of each parameter that is not one (a 400 names them). */
export function parseAuditFilter(query: AuditFilterQuery): { filter: AuditFilter } | { wrong: Record<string, string> } {
  const wrong: Record<string, string> = {}
  const filter: AuditFilter = {}
  for (const name of ['from', 'to'] as const) {
    const text = query[name]
    if (text === undefined || text === '') continue
    // a day alone is that day's midnight, UTC; as `to`, the whole day is in the range
    const at = time(text)
    const ms = at !== undefined && name === 'to' && text.length === 10 ? at + DAY_MS : at
    if (ms === undefined) wrong[name] = `${name} must be a date or a date and time in ISO 8601, such as 2026-11-28T09:30:00Z`
    else filter[name] = ms
  }
  if (query.status !== undefined && query.status !== '') {
    const status = /^\d{3}$/.test(query.status) ? Number(query.status) : NaN
    if (status >= 100 && status <= 599) filter.status = status
    else wrong.status = 'status must be an HTTP status, 100 to 599'
  }
  for (const name of ['user', 'path', 'reqId', 'replica'] as const) if (query[name]) filter[name] = query[name]
  if (query.method) filter.method = query.method.toUpperCase()
  return Object.keys(wrong).length ? { wrong } : { filter }
}

/** Whether a line as written passes the filter. */
export function matchesAuditFilter(filter: AuditFilter, line: AuditLine): boolean {
  if (filter.from !== undefined || filter.to !== undefined) {
    const at = Date.parse(line.time)
    if (filter.from !== undefined && !(at >= filter.from)) return false
    if (filter.to !== undefined && !(at < filter.to)) return false
  }
  return (
    (filter.user === undefined || line.user === filter.user) &&
    (filter.method === undefined || line.method === filter.method) &&
    (filter.path === undefined || (typeof line.path === 'string' && line.path.startsWith(filter.path))) &&
    (filter.status === undefined || line.status === filter.status) &&
    (filter.reqId === undefined || line.reqId === filter.reqId) &&
    (filter.replica === undefined || line.replica === filter.replica)
  )
}

/** `LIKE` matches its pattern's `%`, `_` and `\` as themselves only escaped */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The filter as SQL conditions on the lines' table (audit-store.ts), `$n` numbered from
 * `params.length + 1`; the caller joins them with AND.
 */
export function auditFilterSql(filter: AuditFilter, params: unknown[]): string[] {
  const where: string[] = []
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value)
    where.push(condition(`$${params.length}`))
  }
  if (filter.from !== undefined) add((n) => `at_ms >= ${n}`, filter.from)
  if (filter.to !== undefined) add((n) => `at_ms < ${n}`, filter.to)
  if (filter.user !== undefined) add((n) => `user_name = ${n}`, filter.user)
  if (filter.method !== undefined) add((n) => `method = ${n}`, filter.method)
  if (filter.path !== undefined) add((n) => `path LIKE ${n}`, likePrefix(filter.path))
  if (filter.status !== undefined) add((n) => `status = ${n}`, filter.status)
  if (filter.reqId !== undefined) add((n) => `req_id = ${n}`, filter.reqId)
  if (filter.replica !== undefined) add((n) => `replica = ${n}`, filter.replica)
  return where
}
