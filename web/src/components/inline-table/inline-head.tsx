import { Classes } from '@blueprintjs/core'
import type { RowSelection } from '../resource-table/table-props.js'
import { PageSelectBox } from '../resource-table/select-boxes.js'
import { SortHeader } from '../resource-table/sort-header.js'
import type { InlineColumn } from './inline-columns.js'

export interface InlineHeadProps {
  columns: readonly InlineColumn[]
  /** sortable headers when present (the add table has none) */
  sort?: string
  onSort?: (sort: string) => void
  /** the page's box for bulk actions, first (the list's, as the list screens have it) */
  selection?: RowSelection
  /** @default false */
  selectDisabled?: boolean
}

export function InlineHead({ columns, sort, onSort, selection, selectDisabled = false }: InlineHeadProps) {
  return (
    <thead>
      <tr>
        {selection && (
          <th scope="col" className="resource-table__select">
            <PageSelectBox selection={selection} disabled={selectDisabled} />
          </th>
        )}
        {columns.map((c) =>
          sort !== undefined && onSort && c.sortable ? (
            <SortHeader key={c.name} field={c.name} label={c.label} sort={sort} onSort={onSort} />
          ) : (
            <th key={c.name} scope="col">
              {c.label}
            </th>
          ),
        )}
        <th scope="col" className="resource-table__actions">
          <span className={Classes.TEXT_MUTED}>Actions</span>
        </th>
      </tr>
    </thead>
  )
}
