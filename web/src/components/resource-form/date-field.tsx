import { InputGroup } from '@blueprintjs/core'
import { lazy, Suspense } from 'react'
import type { DateInputFieldProps } from './date-input-field.js'

const DateInputField = lazy(() => import('./date-input-field.js'))

/** A date picker (shown as MMMM d, yyyy on forms, MM-dd-yyyy HH:mm in inline editors) whose code loads the first time a form needs it. */
export function DateField(props: DateInputFieldProps) {
  return (
    <Suspense fallback={<InputGroup id={props.id} disabled placeholder="Loading…" fill />}>
      <DateInputField {...props} />
    </Suspense>
  )
}
