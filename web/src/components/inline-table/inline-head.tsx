import { Classes } from '@blueprintjs/core'
import { SortHeader } from '../resource-table/sort-header.js'
import type { InlineColumn } from './inline-columns.js'

export interface InlineHeadProps {
  columns: readonly InlineColumn[]
  /** sortable headers when present (the add table has none) */
  sort?: string
  onSort?: (sort: string) => void
}

export function InlineHead({ columns, sort, onSort }: InlineHeadProps) {
  return (
    <thead>
      <tr>
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
