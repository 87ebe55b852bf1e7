import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { FileField } from '../../components/file-field/index.js'
import { FormPage } from '../../components/form-page.js'
import { paths } from '../../config/paths.js'
import { useCall } from '../../lib/use-call.js'
import { uploadWithProgress } from '../../lib/upload-with-progress.js'
import { useResource } from '../../lib/resource-context.js'

/**
 * /auth/create/cloud_bills (spec 001 §2): one file picker and Submit. The gateway turns the
 * multipart file into the data URL body of POST /cloud_bills/upload; a bar shows the upload going.
 */
export function BillUploadPage() {
  const resource = useResource()
  const [, navigate] = useLocation()
  const [file, setFile] = useState<File | undefined>()
  const [progress, setProgress] = useState<number | undefined>()

  const href = paths.api.upload.cloud_bills.getHref()
  const upload = useCall(href, (form: FormData) => uploadWithProgress(href, form, setProgress), {
    successText: MESSAGES.dataSubmitted,
    failureText: MESSAGES.workbookUploadFailed,
    onSuccess: () => navigate(paths.auth.resource.getHref('view', resource.key)),
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) return
    upload.reset()
    setProgress(0)
    const form = new FormData()
    form.set('file', file)
    await upload.trigger(form)
    setProgress(undefined)
  }

  return (
    <FormPage title={resource.messages.createTitle}>
      <form onSubmit={(e) => void submit(e)} aria-label="Upload cloud bills">
        <FileField
          id="bill-file"
          accept=".xlsx,.csv"
          helperText="An .xlsx workbook (first sheet) or a CSV; header: Date, Provider, Company Code, Currency, Reference, GL Account, Identifier, Amount, Business Unit, CC Network, Activity, Line Item Txt"
          file={file}
          onChange={setFile}
        />
        {progress !== undefined && <ProgressBar intent={Intent.PRIMARY} value={progress} aria-label="Upload progress" />}
        {upload.error && (
          <Callout intent={Intent.DANGER} role="alert" title={MESSAGES.workbookUploadFailed}>
            {upload.error.message}
          </Callout>
        )}
        <Button type="submit" intent={Intent.PRIMARY} text="Submit" disabled={!file} loading={progress !== undefined} />
      </form>
    </FormPage>
  )
}
