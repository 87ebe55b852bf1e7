import type { ListMeta } from '../../../../shared/schemas/common.js'
import type { ListController } from '../../lib/use-list-controller.js'
import { Button, ButtonGroup, Classes, HTMLSelect } from '@blueprintjs/core'
import { plural, pluralOf } from '../../../../shared/plural.js'
import './resource-table.css'

export interface PagerProps {
  page: number
  perPage: number
  /** the list answer's total; undefined while the first answer loads (no count is shown yet) */
  total: number | undefined
  /** the total is the server's estimate (past its exact-count limit): shown as "about 1.2M" */
  estimated?: boolean
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
  /** @default [10, 25, 50, 100] */
  pageSizes?: readonly number[]
  /** what the list counts, one of them: '1–25 of 53 cost centers' @default 'record' */
  noun?: string
}

/** Server-side paging: the list answer's meta.total drives it. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

export function Pager({ page, perPage, total, estimated, onPage, onPerPage, pageSizes = [10, 25, 50, 100], noun = 'record' }: PagerProps) {
  const known = total ?? 0
  const pages = Math.max(1, Math.ceil(known / perPage))
  const first = known === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(known, page * perPage)
  const sizes = pageSizes.includes(perPage) ? pageSizes : [...pageSizes, perPage].sort((a, b) => a - b)
  return (
    <nav className="pager" aria-label="Pagination">
      {/* 'No records' only once the server said so: while loading, a skeleton like the table's */}
      {total === undefined ? (
        <span className={Classes.SKELETON}>Loading records</span>
      ) : (
        <span className={Classes.TEXT_MUTED} aria-live="polite">
          {total === 0
            ? 'No records'
            : `${first}–${last} of ${estimated ? `about ${compact.format(total)} ${pluralOf(noun)}` : plural(total, noun)}`}
        </span>
      )}
      <span className="pager__controls">
        <label className="pager__size">
          <span className={Classes.TEXT_MUTED}>Rows per page</span>
          <HTMLSelect
            value={perPage}
            options={sizes.map((n) => ({ value: n, label: String(n) }))}
            onChange={(e) => onPerPage(Number(e.currentTarget.value))}
          />
        </label>
        <ButtonGroup>
          <Button icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
          <Button disabled className="pager__page" text={`Page ${page} of ${pages}`} />
          <Button
            icon="chevron-right"
            aria-label="Next page"
            disabled={total === undefined || page >= pages}
            onClick={() => onPage(page + 1)}
          />
        </ButtonGroup>
      </span>
    </nav>
  )
}

/**
 * The pager of a list whose page and size live in the URL (the list controller). `hiddenCount` rows
 * of the answer are out of the list while their delete can be undone: they are not counted.
 */
export function ListPager({
  list,
  meta,
  noun,
  hiddenCount = 0,
}: {
  list: ListController
  meta: ListMeta | undefined
  noun?: string
  hiddenCount?: number
}) {
  return (
    <Pager
      page={list.query.page}
      perPage={list.query.perPage}
      total={meta && Math.max(0, meta.total - hiddenCount)}
      estimated={meta?.total_estimated}
      onPage={list.setPage}
      onPerPage={list.setPerPage}
      noun={noun}
    />
  )
}
