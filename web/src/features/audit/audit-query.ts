/**
 * The audit trail screen's state in its URL (bulletproof-react: filters in the query string): the
 * filters of shared/audit-trail.ts, the page's cursor and the line whose detail is open; and the
 * filter row's boxes for them.
 */
import { AUDIT_FILTERS, type AuditFilterQuery } from '../../../../shared/audit-trail.js'
import type { FilterDef } from '../../../../shared/resources/index.js'
import type { AuditScreenQuery } from '../../config/paths.js'

export function auditQueryOf(search: string): AuditScreenQuery {
  const params = new URLSearchParams(search)
  const query: Record<string, string> = {}
  for (const name of [...AUDIT_FILTERS, 'after', 'line'] as const) {
    const value = params.get(name)
    if (value) query[name] = value
  }
  return query
}

/** the filters alone (what the page, the CSV and the paging's reset depend on) */
export function filtersOf(query: AuditScreenQuery): AuditFilterQuery {
  return Object.fromEntries(AUDIT_FILTERS.flatMap((name) => (query[name] ? [[name, query[name]]] : [])))
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** the filter row's boxes, by the trail's parameters; the days are whole days (a URL may narrow them to the minute) */
export const AUDIT_FILTER_ROW: readonly FilterDef[] = [
  { param: 'from', label: 'From', field: 'time', kind: 'from', input: 'date' },
  { param: 'to', label: 'To', field: 'time', kind: 'until', input: 'date' },
  { param: 'user', label: 'Person or client', field: 'user', kind: 'text', placeholder: 'Email or client id' },
  { param: 'method', label: 'Method', field: 'method', kind: 'exact', options: METHODS },
  { param: 'path', label: 'Path', field: 'path', kind: 'text', placeholder: 'Starts with /api/…' },
  { param: 'status', label: 'Status', field: 'status', kind: 'exact', input: 'number' },
  { param: 'reqId', label: 'Request id', field: 'reqId', kind: 'text', placeholder: 'Request id' },
  { param: 'replica', label: 'Replica', field: 'replica', kind: 'text', placeholder: 'Replica name' },
]

/** a line's name in the URL: its chain and its place in it */
export const lineName = (chain: string, seq: number) => `${chain}.${seq}`
export function lineOf(name: string | undefined): { chain: string; seq: number } | undefined {
  const match = /^([0-9a-f]{1,64})\.(\d{1,15})$/.exec(name ?? '')
  return match ? { chain: match[1]!, seq: Number(match[2]) } : undefined
}
