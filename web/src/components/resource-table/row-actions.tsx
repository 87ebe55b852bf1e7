import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core'
import type { Needs } from '../../lib/access.js'
import { LinkButton, MenuLink } from '../links/index.js'
import { Permitted } from '../permitted/index.js'
import './resource-table.css'

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
  /** Edit is a link in the row, beside the menu, not an item inside it (spec 001 §2: the FAQs' edit link) @default false */
  editLink?: boolean
}

/** The per-row Actions menu of a list (spec 001: edit link, delete; and the record's view). */
export function RowActions({ rowLabel, viewHref, editHref, onDelete, editNeeds, deleteNeeds, editLink = false }: RowActionsProps) {
  const menu = (
    <Menu aria-label={`Actions for ${rowLabel}`}>
      {viewHref && <MenuLink text="View" icon="eye-open" href={viewHref} />}
      {editHref && !editLink && (
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
  const actions = (
    <Popover content={menu} placement="bottom-end" minimal>
      <Button variant="minimal" size="small" endIcon="more" text="Actions" aria-label={`Actions for ${rowLabel}`} />
    </Popover>
  )
  if (!editHref || !editLink) return actions
  return (
    <div className="row-actions">
      <Permitted need={editNeeds}>
        <LinkButton href={editHref} icon="edit" minimal aria-label={`Edit ${rowLabel}`}>
          Edit
        </LinkButton>
      </Permitted>
      {actions}
    </div>
  )
}
