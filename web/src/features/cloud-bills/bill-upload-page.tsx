import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import type { UploadPlanAnswer } from '../../../../shared/calls/answers.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { FileField } from '../../components/file-field/index.js'
import { FormPage } from '../../components/form-page.js'
import { UploadPlanSummary, type UploadPlan } from '../../components/upload-dialog/index.js'
import { paths } from '../../config/paths.js'
import { apiUpload } from '../../lib/api-client.js'
import { useCall } from '../../lib/use-call.js'
import { useResource } from '../../lib/resource-context.js'
import './cloud-bills.css'

/**
 * /auth/create/cloud_bills (spec 001 §2): one file picker and Submit. Submit sends the file for a dry
 * run and shows what it would do; Confirm sends it again to be stored, Cancel stores nothing. The
 * gateway turns the multipart file into the data URL body of POST /cloud_bills/upload; a bar shows
 * the file going.
 */
export function BillUploadPage() {
  const resource = useResource()
  const [, navigate] = useLocation()
  const [file, setFile] = useState<File | undefined>()
  const [progress, setProgress] = useState<number | undefined>()
  const [plan, setPlan] = useState<UploadPlan | undefined>()

  // one call for both steps: the dry run answers the plan (no toast), the upload stores and says so
  const upload = useCall(
    paths.api.upload.cloud_bills.getHref(),
    ({ form, dryRun }: { form: FormData; dryRun: boolean }) =>
      apiUpload(paths.api.upload.cloud_bills.getHref({ dry_run: dryRun }), form, setProgress),
    {
      successText: (_answer, { dryRun }) => (dryRun ? '' : MESSAGES.dataSubmitted),
      failureText: MESSAGES.workbookUploadFailed,
      onSuccess: (answer, { dryRun }) =>
        dryRun ? setPlan((answer as UploadPlanAnswer).data) : navigate(paths.auth.resource.getHref('view', resource.key)),
    },
  )

  const send = async (dryRun: boolean) => {
    if (!file) return
    upload.reset()
    setProgress(0)
    const form = new FormData()
    form.set('file', file)
    await upload.trigger({ form, dryRun })
    setProgress(undefined)
  }
  const choose = (chosen: File | undefined) => {
    setFile(chosen)
    setPlan(undefined)
    upload.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void send(!plan)
  }

  return (
    <FormPage title={resource.messages.createTitle}>
      <form onSubmit={submit} aria-label="Upload cloud bills">
        <FileField
          id="bill-file"
          accept=".xlsx,.csv"
          helperText="An .xlsx workbook (first sheet) or a CSV; header: Date, Provider, Company Code, Currency, Reference, GL Account, Identifier, Amount, Business Unit, CC Network, Activity, Line Item Txt"
          file={file}
          onChange={choose}
        />
        {progress !== undefined && <ProgressBar intent={Intent.PRIMARY} value={progress} aria-label="Upload progress" />}
        {upload.error && (
          <Callout intent={Intent.DANGER} role="alert" title={MESSAGES.workbookUploadFailed}>
            {upload.error.message}
          </Callout>
        )}
        {plan && <UploadPlanSummary plan={plan} />}
        {plan ? (
          <div className="upload-plan-actions">
            <Button text="Cancel" onClick={() => setPlan(undefined)} disabled={progress !== undefined} />
            <Button type="submit" intent={Intent.PRIMARY} icon="upload" text="Confirm" loading={progress !== undefined} />
          </div>
        ) : (
          <Button type="submit" intent={Intent.PRIMARY} text="Submit" disabled={!file} loading={progress !== undefined} />
        )}
      </form>
    </FormPage>
  )
}
