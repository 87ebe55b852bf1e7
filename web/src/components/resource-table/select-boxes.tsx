import { Checkbox } from '@blueprintjs/core'
import type { Row } from '../../lib/resource-api.js'
import type { RowSelection } from './table-props.js'

/**
 * A row's box for bulk actions, in any layout (the HTML table's cell, the grid's, the inline
 * table's); `disabled` while the inline table has a row open (one row at a time, spec 001 §4).
 */
export function RowSelectBox({ selection, row, disabled = false }: { selection: RowSelection; row: Row; disabled?: boolean }) {
  return (
    <Checkbox
      aria-label={`Select ${selection.labelOf(row)}`}
      checked={selection.isSelected(row.id)}
      disabled={disabled}
      onChange={(e) => selection.onToggle(row.id, e.currentTarget.checked)}
    />
  )
}

/** The page's box: every row of the page chosen, some (indeterminate) or none. */
export function PageSelectBox({ selection, disabled }: { selection: RowSelection; disabled: boolean }) {
  return (
    <Checkbox
      aria-label="Select all on this page"
      checked={selection.page === 'all'}
      indeterminate={selection.page === 'some'}
      disabled={disabled}
      onChange={(e) => selection.onTogglePage(e.currentTarget.checked)}
    />
  )
}
