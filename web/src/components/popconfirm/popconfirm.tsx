import { Button, Classes, Popover, type ButtonProps } from '@blueprintjs/core'
import { useState } from 'react'
import './popconfirm.css'

export interface PopconfirmProps {
  /** the question: 'Sure to cancel?', 'Sure to delete?' */
  question: string
  /** the button that opens the question */
  button: ButtonProps
  onConfirm: () => void
  /** the button greyed out, the question never asked (components/permitted) @default false */
  disabled?: boolean
  'aria-description'?: string
}

/** A button that asks a short question in a popover before acting (antd's Popconfirm). */
export function Popconfirm({ question, button, onConfirm, disabled, ...aria }: PopconfirmProps) {
  const [open, setOpen] = useState(false)
  const content = (
    <div className="popconfirm" role="alertdialog" aria-label={question}>
      <p>{question}</p>
      <div className="popconfirm__actions">
        <Button size="small" text="No" onClick={() => setOpen(false)} />
        <Button
          size="small"
          intent="primary"
          text="Yes"
          autoFocus
          className={Classes.POPOVER_DISMISS}
          onClick={() => {
            setOpen(false)
            onConfirm()
          }}
        />
      </div>
    </div>
  )
  return (
    <Popover content={content} isOpen={open} onInteraction={setOpen} placement="top">
      <Button size="small" variant="minimal" {...button} {...aria} disabled={disabled || button.disabled} />
    </Popover>
  )
}
