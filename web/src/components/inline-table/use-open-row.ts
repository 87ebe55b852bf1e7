import { useEffect, useRef } from 'react'
import type { Row } from '../../lib/resource-api.js'
import type { Draft } from './use-inline-edit.js'

/**
 * /auth/crud/<model>/<id>: the record asked for opens for editing once it has loaded (unless the
 * person opened a row first), and is shown first while it is open even when it is not on this page.
 * Returns the rows to show.
 */
export function useOpenRow(
  openRow: Row | undefined,
  rows: readonly Row[],
  table: { editing: Draft | undefined; startEdit: (row: Row) => void },
): readonly Row[] {
  const opened = useRef(false)
  const { startEdit } = table
  useEffect(() => {
    if (!openRow || opened.current) return
    opened.current = true
    startEdit(openRow)
  }, [openRow, startEdit])
  const pinned = openRow && table.editing?.id === openRow.id && !rows.some((r) => r.id === openRow.id)
  return pinned ? [openRow, ...rows] : rows
}
