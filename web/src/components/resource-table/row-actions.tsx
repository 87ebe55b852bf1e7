import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core'
import type { Needs } from '../../lib/access.js'
import { MenuLink } from '../links/index.js'
import { Permitted } from '../permitted/index.js'

export interface RowActionsProps {
  /** what the row is, for screen readers: "Actions for Marketing" */
  rowLabel: string
  /** the record's read-only view; no View item when absent */
  viewHref?: string
  /** the edit screen of the row; no Edit item when absent */
  editHref?: string
  /** no Delete item when absent */
  onDelete?: () => void
  /** what Edit and Delete need of the role: shown disabled, with why, when it may not (components/permitted) */
  editNeeds?: Needs
  deleteNeeds?: Needs
}

/** The per-row Actions menu of a list (spec 001: edit link, delete; and the record's view). */
export function RowActions({ rowLabel, viewHref, editHref, onDelete, editNeeds, deleteNeeds }: RowActionsProps) {
  const menu = (
    <Menu aria-label={`Actions for ${rowLabel}`}>
      {viewHref && <MenuLink text="View" icon="eye-open" href={viewHref} />}
      {editHref && (
        <Permitted need={editNeeds} fill>
          <MenuLink text="Edit" icon="edit" href={editHref} />
        </Permitted>
      )}
      {onDelete && (
        <Permitted need={deleteNeeds} fill>
          <MenuItem text="Delete" icon="trash" intent="danger" onClick={onDelete} />
        </Permitted>
      )}
    </Menu>
  )
  return (
    <Popover content={menu} placement="bottom-end" minimal>
      <Button variant="minimal" size="small" endIcon="more" text="Actions" aria-label={`Actions for ${rowLabel}`} />
    </Popover>
  )
}
