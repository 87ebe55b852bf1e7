import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core'
import { MenuLink } from '../links/index.js'

export interface RowActionsProps {
  /** what the row is, for screen readers: "Actions for Marketing" */
  rowLabel: string
  /** the record's read-only view; no View item when absent */
  viewHref?: string
  /** the edit screen of the row; no Edit item when absent */
  editHref?: string
  /** no Delete item when absent */
  onDelete?: () => void
}

/** The per-row Actions menu of a list (spec 001: edit link, delete; and the record's view). */
export function RowActions({ rowLabel, viewHref, editHref, onDelete }: RowActionsProps) {
  const menu = (
    <Menu aria-label={`Actions for ${rowLabel}`}>
      {viewHref && <MenuLink text="View" icon="eye-open" href={viewHref} />}
      {editHref && <MenuLink text="Edit" icon="edit" href={editHref} />}
      {onDelete && <MenuItem text="Delete" icon="trash" intent="danger" onClick={onDelete} />}
    </Menu>
  )
  return (
    <Popover content={menu} placement="bottom-end" minimal>
      <Button variant="minimal" size="small" endIcon="more" text="Actions" aria-label={`Actions for ${rowLabel}`} />
    </Popover>
  )
}
