import '@blueprintjs/table/lib/css/table.css'
import { Cell, Column, ColumnHeaderCell, RegionCardinality, Table2 } from '@blueprintjs/table'
import { Intent } from '@blueprintjs/core'
import { useCallback, useMemo } from 'react'
import { fieldOf, type FieldDef } from '../../../../shared/resources/index.js'
import { cellText, CellValue } from './cell-value.js'
import type { ResourceTableProps } from './table-props.js'
import { PageSelectBox, RowSelectBox } from './select-boxes.js'
import { SortButton } from './sort-header.js'
import { differs } from './mismatch.js'
import { useResource } from '../../lib/resource-context.js'
import './resource-table.css'

export interface ResourceGridProps extends ResourceTableProps {
  compact: boolean
  /** the columns shown, in order */
  columns: readonly string[]
  /** the person's widths by column name */
  widths: Readonly<Record<string, number>>
  onWidths: (widths: Readonly<Record<string, number>>) => void
  /** a new order of the columns shown (a header dragged) */
  onColumns: (columns: readonly string[]) => void
}

const ROW_HEIGHT = { compact: 26, regular: 34 }
const HEADER_HEIGHT = 34
const SCROLLBAR = 17
const ACTIONS_WIDTH = 104
const SELECT_WIDTH = 40

/** a first width: the header's label and sort icon, or what the field's values usually need (emails) */
function initialWidth(label: string, field: FieldDef | undefined): number {
  const values = field?.type === 'lookup' || field?.name.includes('email') ? 220 : field?.type === 'text' ? 160 : 110
  return Math.min(320, Math.max(values, label.length * 8 + 56))
}

/**
 * A wide list as Blueprint's Table2: the row actions and the first column stay while the rest scroll sideways, columns
 * resize and reorder (drag the handle above a header; the Columns menu does both by keyboard), and both are the person's (list-settings.ts). Sorting,
 * paging and filters stay the list's own (server-side); the grid shows one page.
 */
export function ResourceGrid({ columns: names, widths, onWidths, onColumns, compact, ...list }: ResourceGridProps) {
  const resource = useResource()
  const { rows, sort, onSort, renderCell, renderActions, loading, stale, skeletonRows = 5, selection } = list
  const columns = useMemo(
    () =>
      names.map((name) => {
        const field = fieldOf(resource, name)
        const label = field?.label ?? name
        return { name, field, label, width: widths[name] ?? initialWidth(label, field) }
      }),
    [names, resource, widths],
  )
  const rowHeight = ROW_HEIGHT[compact ? 'compact' : 'regular']
  // the selection's boxes and the Actions lead, frozen with the first column: the grid draws only the
  // columns in view, and a last column scrolled out of view would leave no row action for the keyboard to reach
  const lead = (selection ? 1 : 0) + (renderActions ? 1 : 0)
  const numRows = loading ? skeletonRows : rows.length

  // renderers are rebuilt only when the page, the columns or the sort change (cellRendererDependencies)
  const cellRenderer = useCallback(
    (rowIndex: number, columnIndex: number) => {
      if (loading) return <Cell loading />
      const row = rows[rowIndex]
      const c = columns[columnIndex - lead]
      if (!row || !c) return <Cell />
      const custom = renderCell?.(c.name, row)
      if (custom !== undefined) return <Cell interactive>{custom}</Cell>
      const text = cellText(c.field, row[c.name], row)
      // a value that differs from the reference row (the registry's comparison): Blueprint's danger cell
      if (differs(resource, row, c.name)) {
        const hint = resource.comparison!.hint
        return (
          <Cell intent={Intent.DANGER} className="cell--differs" tooltip={text ? `${text} (${hint})` : hint} truncated wrapText={false}>
            <span aria-description={hint}>
              <CellValue field={c.field} value={row[c.name]} row={row} />
            </span>
          </Cell>
        )
      }
      return (
        <Cell tooltip={text || undefined} truncated wrapText={false}>
          <CellValue field={c.field} value={row[c.name]} row={row} />
        </Cell>
      )
    },
    [loading, rows, columns, renderCell, lead, resource],
  )
  const actionsRenderer = useCallback(
    (rowIndex: number) => {
      const row = rows[rowIndex]
      return (
        <Cell interactive className="resource-grid__actions">
          {!loading && row && renderActions?.(row)}
        </Cell>
      )
    },
    [loading, rows, renderActions],
  )
  // the HTML table's boxes (select-boxes.tsx): one per row, one for the page
  const selectRenderer = useCallback(
    (rowIndex: number) => {
      const row = rows[rowIndex]
      return (
        <Cell interactive className="resource-grid__select">
          {!loading && row && selection && <RowSelectBox selection={selection} row={row} />}
        </Cell>
      )
    },
    [loading, rows, selection],
  )
  const selectHeaderRenderer = useCallback(() => {
    if (!selection) return <ColumnHeaderCell />
    const box = <PageSelectBox selection={selection} disabled={loading || rows.length === 0} />
    return <ColumnHeaderCell className="resource-grid__select-all" nameRenderer={() => box} />
  }, [loading, rows, selection])
  const actionsHeaderRenderer = useCallback(() => <ColumnHeaderCell name="Actions" />, [])
  const headerRenderer = useCallback(
    (columnIndex: number) => {
      const c = columns[columnIndex - lead]
      if (!c) return <ColumnHeaderCell />
      return (
        <ColumnHeaderCell name={c.label} nameRenderer={() => <SortButton field={c.name} label={c.label} sort={sort} onSort={onSort} />} />
      )
    },
    [columns, sort, onSort, lead],
  )

  const onReordered = (oldGridIndex: number, newGridIndex: number, length: number) => {
    const [oldIndex, newIndex] = [oldGridIndex - lead, newGridIndex - lead]
    // the Actions column stays first: a move that takes it along is not a column order
    if (oldIndex < 0 || newIndex < 0) return
    const moved = names.slice(oldIndex, oldIndex + length)
    const rest = [...names.slice(0, oldIndex), ...names.slice(oldIndex + length)]
    onColumns([...rest.slice(0, newIndex), ...moved, ...rest.slice(newIndex)])
  }
  const onWidth = (index: number, size: number) => {
    const c = columns[index - lead]
    if (c) onWidths({ ...widths, [c.name]: Math.round(size) })
  }

  return (
    <div
      className={`resource-grid resource-grid--${compact ? 'compact' : 'regular'}${stale ? ' resource-grid--stale' : ''}`}
      role="region"
      aria-label={`${resource.messages.listTitle} (grid)`}
      aria-busy={loading || stale || undefined}
      style={{ height: HEADER_HEIGHT + numRows * rowHeight + SCROLLBAR }}
    >
      <Table2
        numRows={numRows}
        numFrozenColumns={lead + 1}
        enableRowHeader={false}
        enableColumnReordering
        enableColumnResizing
        enableColumnInteractionBar
        enableMultipleSelection={false}
        selectionModes={[RegionCardinality.FULL_COLUMNS]}
        enableGhostCells={false}
        defaultRowHeight={rowHeight}
        minColumnWidth={72}
        columnWidths={[...(selection ? [SELECT_WIDTH] : []), ...(renderActions ? [ACTIONS_WIDTH] : []), ...columns.map((c) => c.width)]}
        onColumnsReordered={onReordered}
        onColumnWidthChanged={onWidth}
        cellRendererDependencies={[cellRenderer, actionsRenderer, selectRenderer, headerRenderer, selectHeaderRenderer, compact]}
      >
        {[
          ...(selection
            ? [<Column key="select" id="select" cellRenderer={selectRenderer} columnHeaderCellRenderer={selectHeaderRenderer} />]
            : []),
          ...(renderActions
            ? [<Column key="actions" id="actions" cellRenderer={actionsRenderer} columnHeaderCellRenderer={actionsHeaderRenderer} />]
            : []),
          ...columns.map((c) => <Column key={c.name} id={c.name} cellRenderer={cellRenderer} columnHeaderCellRenderer={headerRenderer} />),
        ]}
      </Table2>
    </div>
  )
}
