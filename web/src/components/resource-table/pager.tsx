import type { ListController } from '../../lib/use-list-controller.js'
import { Button, ButtonGroup, Classes, HTMLSelect } from '@blueprintjs/core'

export interface PagerProps {
  page: number
  perPage: number
  total: number
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
  /** @default [10, 25, 50, 100] */
  pageSizes?: readonly number[]
}

/** Server-side paging: the list answer's meta.total drives it. */
export function Pager({ page, perPage, total, onPage, onPerPage, pageSizes = [10, 25, 50, 100] }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(total, page * perPage)
  const sizes = pageSizes.includes(perPage) ? pageSizes : [...pageSizes, perPage].sort((a, b) => a - b)
  return (
    <nav className="pager" aria-label="Pagination">
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {total === 0 ? 'No records' : `${first}–${last} of ${total} records`}
      </span>
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
          <Button icon="chevron-right" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)} />
        </ButtonGroup>
      </span>
    </nav>
  )
}

/** The pager of a list whose page and size live in the URL (the list controller). */
export function ListPager({ list, total }: { list: ListController; total: number }) {
  return (
    <Pager page={list.query.page} perPage={list.query.perPage} total={total} onPage={list.setPage} onPerPage={list.setPerPage} />
  )
}
