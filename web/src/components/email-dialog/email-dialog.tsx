import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core'
import { useLayoutEffect, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useUserEmail } from '../../lib/session.js'

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

/**
 * Asks where to send something: prefilled with the signed-in user's email (spec 001 §6). The
 * address is form state like every form's (react-hook-form); busy while `onSend` runs.
 */
export function EmailDialog({ isOpen, title, onSend, onClose, children, ready = true }: EmailDialogProps) {
  const form = useForm({ defaultValues: { email: '' } })
  const { reset } = form
  const userEmail = useUserEmail()
  // each opening starts from the signed-in user's email, before the dialog paints
  useLayoutEffect(() => {
    if (isOpen) reset({ email: userEmail })
  }, [isOpen, reset, userEmail])
  const email = useWatch({ control: form.control, name: 'email' })
  const busy = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => onSend(values.email.trim()))

  return (
    <Dialog isOpen={isOpen} title={title} icon="envelope" onClose={busy ? undefined : onClose} className="confirm-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          {children}
          <FormGroup label="Email" labelFor="email-dialog-email">
            <InputGroup
              id="email-dialog-email"
              type="email"
              required
              autoFocus
              value={email}
              onValueChange={(v) => form.setValue('email', v)}
            />
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
