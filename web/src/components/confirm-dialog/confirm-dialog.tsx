import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core'
import type { ReactNode } from 'react'

export interface ConfirmDialogProps {
  isOpen: boolean
  /** the question, e.g. 'Sure to delete?': the dialog's title and accessible name */
  question: string
  /** what the question is about (e.g. the row's name) */
  children?: ReactNode
  /** @default 'OK' */
  confirmText?: string
  /** @default 'Cancel' */
  cancelText?: string
  /** @default Intent.PRIMARY */
  intent?: Intent
  /** shows a spinner on the confirm button and keeps the dialog open */
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A small modal question; Blueprint traps focus inside and Escape cancels. */
export function ConfirmDialog({
  isOpen,
  question,
  children,
  confirmText = 'OK',
  cancelText = 'Cancel',
  intent = Intent.PRIMARY,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={question}
      icon={intent === Intent.DANGER ? 'warning-sign' : 'help'}
      onClose={loading ? undefined : onCancel}
      canOutsideClickClose={!loading}
      className="confirm-dialog"
    >
      {children && <DialogBody>{children}</DialogBody>}
      <DialogFooter
        actions={
          <>
            <Button text={cancelText} onClick={onCancel} disabled={loading} />
            <Button intent={intent} text={confirmText} onClick={onConfirm} loading={loading} autoFocus />
          </>
        }
      />
    </Dialog>
  )
}
