import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'

export interface UploadDialogProps {
  isOpen: boolean
  title: string
  /** the picker's `accept` (".zip") */
  accept: string
  /** a refusal message for a file the upload cannot take, or undefined when it is fine */
  check?: (file: File) => string | undefined
  /** resolves when uploaded; the dialog stays open (with a spinner) until then */
  onUpload: (file: File) => Promise<void>
  onClose: () => void
}

/** One file picker and Upload/Cancel; checks the file's name before anything is sent. */
export function UploadDialog({ isOpen, title, accept, check, onUpload, onClose }: UploadDialogProps) {
  const [file, setFile] = useState<File | undefined>()
  const [busy, setBusy] = useState(false)
  const problem = file && check?.(file)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file || problem) return
    setBusy(true)
    try {
      await onUpload(file)
      setFile(undefined)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog isOpen={isOpen} title={title} icon="upload" onClose={busy ? undefined : onClose} className="upload-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          <FormGroup label="File" labelFor="upload-dialog-file" helperText={`Accepted: ${accept}`}>
            <FileInput
              fill
              text={file?.name ?? 'Choose file...'}
              hasSelection={!!file}
              inputProps={{ id: 'upload-dialog-file', accept, 'aria-label': 'File' }}
              onInputChange={(e) => setFile(e.currentTarget.files?.[0])}
            />
          </FormGroup>
          {problem && (
            <Callout intent={Intent.DANGER} role="alert">
              {problem}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} icon="upload" text="Upload" loading={busy} disabled={!file || !!problem} />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
