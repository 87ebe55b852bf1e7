import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core'
import { useLayoutEffect, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { ApiError } from '../../lib/api-client.js'
import { useUserEmail } from '../../lib/session.js'
import { useCall } from '../../lib/use-call.js'
import { fieldErrorsOf } from '../../lib/write-texts.js'

export interface EmailDialogProps {
  isOpen: boolean
  title: string
  /** the request that sends it; the dialog stays open (with a spinner) until it answers, and closes after a success */
  send: (email: string) => Promise<unknown>
  /** the toast's text once sent */
  successText: string
  /** the toast's text when sending fails (an address the gateway refuses is shown at the field instead) */
  failureText: string
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
export function EmailDialog({ isOpen, title, send, successText, failureText, onClose, children, ready = true }: EmailDialogProps) {
  const form = useForm({ defaultValues: { email: '' } })
  const { reset } = form
  const userEmail = useUserEmail()
  // each opening starts from the signed-in user's email, before the dialog paints
  useLayoutEffect(() => {
    if (isOpen) reset({ email: userEmail })
  }, [isOpen, reset, userEmail])
  const email = useWatch({ control: form.control, name: 'email' })
  const busy = form.formState.isSubmitting
  const call = useCall(`email-dialog#${title}`, send, {
    successText,
    failureText,
    // an address outside the allowed domains (422 naming the field): said where it was typed, the dialog stays
    showsFailure: (err: ApiError) => {
      const refused = err.status === 422 ? Object.values(fieldErrorsOf(err))[0] : undefined
      if (refused) form.setError('email', { message: refused })
      return refused !== undefined
    },
    onSuccess: onClose,
  })
  const submit = form.handleSubmit(async (values) => void (await call.trigger(values.email.trim())))
  const refusal = form.formState.errors.email?.message

  return (
    <Dialog isOpen={isOpen} title={title} icon="envelope" onClose={busy ? undefined : onClose} className="confirm-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          {children}
          <FormGroup
            label="Email"
            labelFor="email-dialog-email"
            intent={refusal ? Intent.DANGER : Intent.NONE}
            helperText={refusal && <span role="alert">{refusal}</span>}
          >
            <InputGroup
              id="email-dialog-email"
              type="email"
              required
              autoFocus
              intent={refusal ? Intent.DANGER : Intent.NONE}
              value={email}
              onValueChange={(v) => {
                form.clearErrors('email')
                form.setValue('email', v)
              }}
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
