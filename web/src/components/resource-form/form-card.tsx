import { Button, Card, Intent } from '@blueprintjs/core'
import type { FormEventHandler, ReactNode } from 'react'
import './resource-form.css'

export interface FormCardProps {
  onSubmit: FormEventHandler<HTMLFormElement>
  /** disables the inputs and shows a spinner on Submit */
  busy?: boolean
  /** buttons beside Submit (Go Back) */
  extraActions?: ReactNode
  /** @default 'Submit' */
  submitText?: string
  children: ReactNode
}

/** The frame of every add and edit form: the card, the inputs (disabled while saving), the buttons. */
export function FormCard({ onSubmit, busy, extraActions, submitText = 'Submit', children }: FormCardProps) {
  return (
    <Card className="form-card">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={busy} className="form-fieldset">
          {children}
        </fieldset>
        <div className="form-actions">
          {extraActions}
          <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={busy} text={submitText} />
        </div>
      </form>
    </Card>
  )
}
