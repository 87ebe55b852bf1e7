import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, ProgressBar } from '@blueprintjs/core'
import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toastFailure } from '../../lib/toaster.js'
import { failureToastText } from '../../lib/write-texts.js'
import { FileField } from '../file-field/index.js'
import { UploadPlanSummary, type UploadPlan } from './upload-plan-summary.js'
import './upload-dialog.css'

export interface UploadDialogProps {
  isOpen: boolean
  title: string
  /** the picker's `accept` (".zip") */
  accept: string
  /** what the file must hold (its columns), shown under the picker */
  description?: ReactNode
  /** a refusal message for a file the upload cannot take, or undefined when it is fine */
  check?: (file: File) => string | undefined
  /** the dry run: what the file would do, nothing written; rejects with the server's reason */
  onDryRun: (file: File) => Promise<UploadPlan>
  /** the spec's failure text, before the server's reason, when the dry run refuses the file */
  failureText?: string
  /** why the last upload failed (the server's reason), shown in the dialog until another try */
  failure?: string
  /** resolves true once uploaded, false when it failed: the dialog then keeps the file for another try */
  onUpload: (file: File) => Promise<boolean>
  onClose: () => void
}

/**
 * One file picker, then what the file would do (the upload's dry run), then Confirm or Cancel: the
 * file is written only on Confirm, sent again then. Checks the file's name before anything is sent.
 * The chosen file is form state like every form's (react-hook-form); busy while a request runs.
 */
export function UploadDialog(props: UploadDialogProps) {
  const { isOpen, title, accept, description, check, onDryRun, failureText, failure, onUpload, onClose } = props
  const form = useForm<{ file: File | undefined }>({ defaultValues: { file: undefined } })
  const file = useWatch({ control: form.control, name: 'file' })
  const [plan, setPlan] = useState<UploadPlan | undefined>()
  const [dryRunFailure, setDryRunFailure] = useState<string | undefined>()
  const busy = form.formState.isSubmitting
  const problem = file && check?.(file)

  const choose = (chosen: File | undefined) => {
    form.setValue('file', chosen)
    setPlan(undefined)
    setDryRunFailure(undefined)
  }
  const reset = () => {
    form.reset({ file: undefined })
    setPlan(undefined)
    setDryRunFailure(undefined)
  }
  const submit = form.handleSubmit(async (values) => {
    if (!values.file || problem) return
    if (!plan) {
      setDryRunFailure(undefined)
      try {
        setPlan(await onDryRun(values.file))
      } catch (err) {
        setDryRunFailure(failureToastText(failureText, err))
        void toastFailure(failureText, err)
      }
      return
    }
    if (await onUpload(values.file)) reset()
  })
  // a new opening starts without a file: the picker's own list is empty again too
  const close = () => {
    reset()
    onClose()
  }
  const shownFailure = problem || dryRunFailure || (plan && failure)

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      icon="upload"
      onClose={busy ? undefined : close}
      className={plan ? 'upload-dialog upload-dialog-plan' : 'upload-dialog'}
    >
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          <FileField id="upload-dialog-file" accept={accept} helperText={description} file={file} onChange={choose} />
          {busy && !plan && <ProgressBar intent={Intent.PRIMARY} aria-label="Checking the file" />}
          {shownFailure && (
            <Callout intent={Intent.DANGER} role="alert" className="failure-text">
              {shownFailure}
            </Callout>
          )}
          {plan && <UploadPlanSummary plan={plan} />}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} disabled={busy} />
              {plan ? (
                <Button key="confirm" type="submit" intent={Intent.PRIMARY} icon="upload" text="Confirm" loading={busy} />
              ) : (
                <Button
                  key="check"
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon="search"
                  text="Check file"
                  loading={busy}
                  disabled={!file || !!problem}
                />
              )}
            </>
          }
        />
      </form>
    </Dialog>
  )
}
