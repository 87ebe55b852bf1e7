import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FileField } from '../file-field/index.js'

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

/**
 * One file picker and Upload/Cancel; checks the file's name before anything is sent. The chosen
 * file is form state like every form's (react-hook-form); busy while `onUpload` runs.
 */
export function UploadDialog({ isOpen, title, accept, description, check, failure, onUpload, onClose }: UploadDialogProps) {
  const form = useForm<{ file: File | undefined }>({ defaultValues: { file: undefined } })
  const file = useWatch({ control: form.control, name: 'file' })
  const busy = form.formState.isSubmitting
  const problem = file && check?.(file)

  const submit = form.handleSubmit(async (values) => {
    if (!values.file || problem) return
    if (await onUpload(values.file)) form.reset({ file: undefined })
  })
  // a new opening starts without a file: the picker's own list is empty again too
  const close = () => {
    form.reset({ file: undefined })
    onClose()
  }

  return (
    <Dialog isOpen={isOpen} title={title} icon="upload" onClose={busy ? undefined : close} className="upload-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          <FileField
            id="upload-dialog-file"
            accept={accept}
            helperText={description}
            file={file}
            onChange={(chosen) => form.setValue('file', chosen)}
          />
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
