import { Classes, HTMLTable } from '@blueprintjs/core'
import { useLayoutEffect, useRef } from 'react'
import { CellValue, cellClassName } from './cell-value.js'
import { DifferencesNote } from './differences-note.js'
import { classNames, mismatchProps } from './mismatch.js'
import type { Row } from '../../lib/resource-api.js'
import { identifyingColumn } from './preferences.js'
import type { ResourceTableProps } from './table-props.js'
import { PageSelectBox, RowSelectBox } from './select-boxes.js'
import { SortHeader } from './sort-header.js'
import { fieldOf } from '../../../../shared/resources/index.js'
import { useResource } from '../../lib/resource-context.js'
import './resource-table.css'

/**
 * A value cut with an ellipsis can be reached by Tab and shows whole while focused (resource-table.css), as
 * its title shows it on hover; only the cut ones, so Tab does not walk every cell of the page.
 */
function useFocusableCutTexts(deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    for (const text of ref.current?.querySelectorAll<HTMLElement>('td .cell-text') ?? []) {
      const cut = text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1
      if (cut) text.tabIndex = 0
      else text.removeAttribute('tabindex')
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return ref
}

/**
 * The list as an HTML table: a screen reader's table, every row in the page's flow. A wide one
 * scrolls sideways inside its frame, the column that names the record staying in view.
 */
export function HtmlResourceTable<R extends Row>({
  rows,
  sort,
  onSort,
  columns,
  renderCell,
  renderActions,
  loading,
  stale,
  skeletonRows = 5,
  compact,
  selection,
}: ResourceTableProps<R> & { compact: boolean }) {
  const resource = useResource()
  const shown = columns ?? resource.columns
  const key = identifyingColumn(resource, shown)
  const cells = shown.map((name) => ({ name, field: fieldOf(resource, name), sticky: name === key ? 'resource-table__key' : undefined }))
  const frame = useFocusableCutTexts([rows, shown, loading, compact])
  return (
    <div ref={frame} className={stale ? 'table-scroll table-scroll--stale' : 'table-scroll'}>
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
            {selection && (
              <th scope="col" className="resource-table__select">
                <PageSelectBox selection={selection} disabled={loading || rows.length === 0} />
              </th>
            )}
            {cells.map((c) => (
              <SortHeader key={c.name} field={c.name} label={c.field?.label ?? c.name} sort={sort} onSort={onSort} className={c.sticky} />
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
                  {selection && <td />}
                  {cells.map((c) => (
                    <td key={c.name} className={c.sticky}>
                      <span className={Classes.SKELETON}>loading</span>
                    </td>
                  ))}
                  {renderActions && <td />}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={row.id}>
                  {selection && (
                    <td className="resource-table__select">
                      <RowSelectBox selection={selection} row={row} />
                    </td>
                  )}
                  {cells.map((c) => {
                    const differing = mismatchProps(resource, row, c.name)
                    return (
                      <td
                        key={c.name}
                        data-column={c.name}
                        {...differing}
                        className={classNames(cellClassName(c.field), c.sticky, differing.className)}
                      >
                        {renderCell?.(c.name, row) ?? <CellValue field={c.field} value={row[c.name]} row={row} />}
                        {c.sticky && <DifferencesNote resource={resource} row={row} />}
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
