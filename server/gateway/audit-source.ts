/**
 * Where GET /api/audit reads the trail (issue 43 item 3): the gateway's database when
 * GATEWAY_DATABASE_URL is set (audit-store.ts: every replica's lines), else this gateway's
 * AUDIT_LOG_FILE read backwards. Both page newest first by an opaque cursor (`meta.next` → `after=`).
 */
import type { AuditLine } from '../../shared/audit-trail.js'
import { auditFields } from './audit-ecs.js'
import { linesBackwards } from './audit-file.js'
import { matchesAuditFilter, type AuditFilter } from './audit-filter.js'

export interface AuditPage {
  lines: AuditLine[]
  /** the cursor of the lines after this page's (older ones); none after the last page */
  next?: string
}

export interface AuditSource {
  /** whether `after` is a cursor this source gave */
  isCursor(after: string): boolean
  page(filter: AuditFilter, perPage: number, after?: string): Promise<AuditPage>
  /** the line `seq` of the chain `chain`: a line's name in the trail */
  line(chain: string, seq: number): Promise<AuditLine | undefined>
}

/** a line as written, in our names whichever AUDIT_FORMAT wrote it (an ECS line is answered in ours: one shape) */
function parsed(text: string): AuditLine | undefined {
  try {
    return auditFields(JSON.parse(text) as Record<string, unknown>) as AuditLine
  } catch {
    return undefined // a line a worker is still writing
  }
}

/**
 * AUDIT_LOG_FILE as a source: a cursor is the byte the page's last line starts at. The file is in
 * the order its lines were written, so a page with `from` stops at the first line older than it; a
 * filter that matches rarely reads far back to fill a page.
 */
export function fileAuditSource(file: string): AuditSource {
  return {
    isCursor: (after) => /^\d{1,15}$/.test(after),
    async page(filter, perPage, after) {
      const lines: AuditLine[] = []
      let next: string | undefined
      for await (const { start, text } of linesBackwards(file, after === undefined ? Infinity : Number(after))) {
        const line = parsed(text)
        if (!line) continue
        if (filter.from !== undefined && Date.parse(line.time) < filter.from) return { lines }
        if (!matchesAuditFilter(filter, line)) continue
        // a line beyond the page: there is a next one, of the lines before the page's last
        if (lines.length === perPage) return { lines, next }
        lines.push(line)
        next = String(start)
      }
      return { lines }
    },
    async line(chain, seq) {
      for await (const { text } of linesBackwards(file)) {
        const line = text.includes(`"chain":"${chain}"`) ? parsed(text) : undefined
        if (line?.chain === chain && line.seq === seq) return line
      }
      return undefined
    },
  }
}
