import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core'
import { FileField } from '../file-field/index.js'
import { useState, type FormEvent, type ReactNode } from 'react'

export interface UploadDialogProps {
  isOpen: boolean
  title: string
  /** the picker's `accept` (".zip") */
  accept: string
  /** what the file must hold (its columns), shown under the picker */
  description?: ReactNode
  /** a refusal message for a file the upload cannot take, or undefined when it is fine */
  check?: (file: File) => string | undefined
  /** why the last upload failed (the server's reason), shown in the dialog until another try */
  failure?: string
  /** resolves true once uploaded, false when it failed: the dialog then keeps the file for another try */
  onUpload: (file: File) => Promise<boolean>
  onClose: () => void
}

/** One file picker and Upload/Cancel; checks the file's name before anything is sent. */
export function UploadDialog({ isOpen, title, accept, description, check, failure, onUpload, onClose }: UploadDialogProps) {
  const [file, setFile] = useState<File | undefined>()
  const [busy, setBusy] = useState(false)
  const problem = file && check?.(file)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file || problem) return
    setBusy(true)
    try {
      if (await onUpload(file)) setFile(undefined)
    } finally {
      setBusy(false)
    }
  }
  // a new opening starts without a file: the picker's own list is empty again too
  const close = () => {
    setFile(undefined)
    onClose()
  }

  return (
    <Dialog isOpen={isOpen} title={title} icon="upload" onClose={busy ? undefined : close} className="upload-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          <FileField id="upload-dialog-file" accept={accept} helperText={description} file={file} onChange={setFile} />
          {(problem || failure) && (
            <Callout intent={Intent.DANGER} role="alert">
              {problem || failure}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} icon="upload" text="Upload" loading={busy} disabled={!file || !!problem} />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
