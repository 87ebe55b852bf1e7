import { Classes, HTMLTable } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { fieldOf, type ResourceDef } from '../../../../shared/resources/index.js'
import type { Row } from '../../lib/resource-api.js'
import { CellValue, cellClassName } from './cell-value.js'
import { SortHeader } from './sort-header.js'

export interface ResourceTableProps {
  resource: ResourceDef
  rows: readonly Row[]
  sort: string
  onSort: (sort: string) => void
  /** a cell's content instead of the plain value (a toggle); undefined falls back to the value */
  renderCell?: (name: string, row: Row) => ReactNode
  /** the last column's content per row (an Actions menu); no column when absent */
  renderActions?: (row: Row) => ReactNode
  /** shows skeleton rows instead of `rows` */
  loading?: boolean
  /** `rows` are the previous answer while a new one loads: dims them */
  stale?: boolean
  /** @default 5 */
  skeletonRows?: number
}

/** A paged list of a registry model: the registry's columns, sortable headers, one row per record. */
export function ResourceTable({ resource, rows, sort, onSort, renderCell, renderActions, loading, stale, skeletonRows = 5 }: ResourceTableProps) {
  const columns = resource.columns.map((name) => ({ name, field: fieldOf(resource, name) }))
  return (
    <div className={stale ? 'table-scroll table-scroll--stale' : 'table-scroll'}>
      <HTMLTable
        className="resource-table resource-table--striped resource-table--interactive"
        aria-label={resource.messages.listTitle}
        striped
        interactive
        aria-busy={loading || stale || undefined}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <SortHeader key={c.name} field={c.name} label={c.field?.label ?? c.name} sort={sort} onSort={onSort} />
            ))}
            {renderActions && (
              <th scope="col" className="resource-table__actions">
                <span className={Classes.TEXT_MUTED}>Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.name}>
                      <span className={Classes.SKELETON}>loading</span>
                    </td>
                  ))}
                  {renderActions && <td />}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((c) => (
                    <td key={c.name} className={cellClassName(c.field)}>
                      {renderCell?.(c.name, row) ?? <CellValue field={c.field} value={row[c.name]} />}
                    </td>
                  ))}
                  {renderActions && <td className="resource-table__actions">{renderActions(row)}</td>}
                </tr>
              ))}
        </tbody>
      </HTMLTable>
    </div>
  )
}
