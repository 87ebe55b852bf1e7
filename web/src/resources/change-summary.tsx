import type { FieldChanges } from '../../../shared/resources/record-changes.js'
import type { Row } from '../lib/resource-api.js'
import { changeLines, changeLineText } from './change-lines.js'
import '../components/resource-table/resource-table.css'

/**
 * The change log list's Changes cell: the entry's fields under their model's labels, from → to,
 * as one clipped text (the whole of it on hover), instead of the stored JSON.
 */
export function ChangeSummary({ row }: { row: Row }) {
  const text = changeLines(String(row.model), (row.changes ?? {}) as FieldChanges)
    .map(changeLineText)
    .join('; ')
  return (
    <span className="cell-text cell-text--long" title={text}>
      {text}
    </span>
  )
}
