import { Classes, HTMLTable } from '@blueprintjs/core'
import { CellValue, cellClassName } from './cell-value.js'
import { classNames, mismatchProps } from './mismatch.js'
import type { Row } from '../../lib/resource-api.js'
import type { ResourceTableProps } from './resource-table.js'
import { SortHeader } from './sort-header.js'
import { fieldOf } from '../../../../shared/resources/index.js'
import { useResource } from '../../lib/resource-context.js'

/** The list as an HTML table: a screen reader's table, every row in the page's flow. */
export function HtmlResourceTable<R extends Row>({
  rows,
  sort,
  onSort,
  renderCell,
  renderActions,
  loading,
  stale,
  skeletonRows = 5,
  compact,
}: ResourceTableProps<R> & { compact: boolean }) {
  const resource = useResource()
  const columns = resource.columns.map((name) => ({ name, field: fieldOf(resource, name) }))
  return (
    <div className={stale ? 'table-scroll table-scroll--stale' : 'table-scroll'}>
      <HTMLTable
        className="resource-table resource-table--striped resource-table--interactive"
        aria-label={resource.messages.listTitle}
        striped
        interactive
        compact={compact}
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
                  {columns.map((c) => {
                    const differing = mismatchProps(resource, row, c.name)
                    return (
                      <td key={c.name} {...differing} className={classNames(cellClassName(c.field), differing.className)}>
                        {renderCell?.(c.name, row) ?? <CellValue field={c.field} value={row[c.name]} />}
                      </td>
                    )
                  })}
                  {renderActions && <td className="resource-table__actions">{renderActions(row)}</td>}
                </tr>
              ))}
        </tbody>
      </HTMLTable>
    </div>
  )
}
