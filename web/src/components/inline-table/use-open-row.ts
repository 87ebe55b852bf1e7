import { useEffect, useRef } from 'react'
import type { Row } from '../../lib/resource-api.js'
import type { Draft } from './use-inline-edit.js'

/**
 * /auth/crud/<model>/<id>: the record asked for opens for editing once it has loaded (unless the
 * person opened a row first), and is shown first while it is open even when it is not on this page.
 * `onClosed` once it is saved or cancelled (issue 39 item 4: the address then drops its id). Returns
 * the rows to show.
 */
export function useOpenRow(
  openRow: Row | undefined,
  rows: readonly Row[],
  table: { editing: Draft | undefined; startEdit: (row: Row) => void },
  onClosed?: () => void,
): readonly Row[] {
  const opened = useRef(false)
  const wasOpen = useRef(false)
  const { startEdit } = table
  useEffect(() => {
    if (!openRow || opened.current) return
    opened.current = true
    startEdit(openRow)
  }, [openRow, startEdit])
  const isOpen = !!openRow && table.editing?.id === openRow.id
  useEffect(() => {
    if (wasOpen.current && !isOpen) onClosed?.()
    wasOpen.current = isOpen
  }, [isOpen, onClosed])
  const pinned = isOpen && !rows.some((r) => r.id === openRow.id)
  return pinned ? [openRow, ...rows] : rows
}
