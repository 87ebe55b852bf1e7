import { FileInput, FormGroup } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import './file-field.css'

export interface FileFieldProps {
  id: string
  /** the picker's `accept` (".xlsx,.csv") */
  accept: string
  /** what the file must hold, under the picker */
  helperText?: ReactNode
  file: File | undefined
  /** a new choice; cancelling the browser's picker keeps the file chosen before */
  onChange: (file: File | undefined) => void
}

/** The File field of every upload: one file, its name shown once chosen. */
export function FileField({ id, accept, helperText, file, onChange }: FileFieldProps) {
  return (
    <FormGroup label="File" labelFor={id} helperText={helperText ?? `Accepted: ${accept}`}>
      <FileInput
        className="file-field"
        fill
        text={file?.name ?? 'Choose file...'}
        hasSelection={!!file}
        inputProps={{ id, accept, 'aria-label': 'File' }}
        onInputChange={(e) => onChange(e.currentTarget.files?.[0] ?? file)}
      />
    </FormGroup>
  )
}
