import { Button, Intent } from '@blueprintjs/core'
import { MESSAGES } from '../../../../shared/messages.js'
import type { Needs } from '../../lib/access.js'
import { Permitted } from '../permitted/index.js'
import { Popconfirm } from '../popconfirm/index.js'

export interface SaveCancelProps {
  busy?: boolean
  onSave: () => void
  onCancel: () => void
}

/** Edit mode: Save at once, Cancel after 'Sure to cancel?' (spec 001 §4). */
export function SaveCancel({ busy, onSave, onCancel }: SaveCancelProps) {
  return (
    <>
      <Button size="small" intent={Intent.PRIMARY} icon="floppy-disk" text="Save" loading={busy} onClick={onSave} />
      <Popconfirm question={MESSAGES.sureToCancel} button={{ text: 'Cancel', disabled: busy }} onConfirm={onCancel} />
    </>
  )
}

/** why a row's Edit and Delete, and Add a row, wait while a row is open (spec 001 §4: one row at a time) */
export const ONE_ROW_AT_A_TIME = 'One row at a time: save or cancel the open row first'

export interface EditDeleteProps {
  /** another row (new or existing) is open: one row at a time, so neither Edit nor Delete (spec 001 §4) */
  disabled: boolean
  /** absent where the model takes no updates */
  onEdit?: () => void
  /** absent where the model takes no deletes */
  onDelete?: () => void
  /** the model's question before a delete (the registry's deleteConfirm) */
  deleteQuestion: string
  /** what each needs of the role: disabled, with why, when it may not (components/permitted) */
  editNeeds?: Needs
  deleteNeeds?: Needs
}

/** View mode: Edit, and Delete after 'Sure to delete?'; both disabled while another row is open, saying why. */
export function EditDelete({ disabled, onEdit, onDelete, deleteQuestion, editNeeds, deleteNeeds }: EditDeleteProps) {
  const unavailable = disabled ? ONE_ROW_AT_A_TIME : undefined
  return (
    <>
      {onEdit && (
        <Permitted need={editNeeds} unavailable={unavailable}>
          <Button size="small" variant="minimal" icon="edit" text="Edit" onClick={onEdit} />
        </Permitted>
      )}
      {onDelete && (
        <Permitted need={deleteNeeds} unavailable={unavailable}>
          <Popconfirm question={deleteQuestion} button={{ text: 'Delete', icon: 'trash', intent: Intent.DANGER }} onConfirm={onDelete} />
        </Permitted>
      )}
    </>
  )
}
