import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import { storedUser } from '../../lib/session.js'

export interface EmailDialogProps {
  isOpen: boolean
  title: string
  /** resolves when sent; the dialog stays open (with a spinner) until then */
  onSend: (email: string) => Promise<void>
  onClose: () => void
  /** what else the request needs, above the address (an export's scope and window) */
  children?: ReactNode
  /** false while those other inputs are incomplete @default true */
  ready?: boolean
}

/** Asks where to send something: prefilled with the signed-in user's email (spec 001 §6). */
export function EmailDialog({ isOpen, title, onSend, onClose, children, ready = true }: EmailDialogProps) {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  // each opening starts from the stored email: set while rendering the change, not in an effect after it
  const [wasOpen, setWasOpen] = useState(false)
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen)
    if (isOpen) setEmail(storedUser()?.email ?? '')
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await onSend(email.trim())
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog isOpen={isOpen} title={title} icon="envelope" onClose={busy ? undefined : onClose} className="confirm-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          {children}
          <FormGroup label="Email" labelFor="email-dialog-email">
            <InputGroup id="email-dialog-email" type="email" required value={email} onValueChange={setEmail} autoFocus />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text="Send" loading={busy} disabled={!email.trim() || !ready} />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
