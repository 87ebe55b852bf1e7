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

/** View mode: Edit, and Delete after 'Sure to delete?'; both disabled while another row is open. */
export function EditDelete({ disabled, onEdit, onDelete, deleteQuestion, editNeeds, deleteNeeds }: EditDeleteProps) {
  return (
    <>
      {onEdit && (
        <Permitted need={editNeeds}>
          <Button size="small" variant="minimal" icon="edit" text="Edit" disabled={disabled} onClick={onEdit} />
        </Permitted>
      )}
      {onDelete && (
        <Permitted need={deleteNeeds}>
          <Popconfirm
            question={deleteQuestion}
            button={{ text: 'Delete', icon: 'trash', intent: Intent.DANGER }}
            disabled={disabled}
            onConfirm={onDelete}
          />
        </Permitted>
      )}
    </>
  )
}
