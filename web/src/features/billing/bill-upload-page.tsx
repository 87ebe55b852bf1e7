import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import type { UploadPlanAnswer } from '../../../../shared/calls/answers.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { FileField } from '../../components/file-field/index.js'
import { FormPage } from '../../components/form-page.js'
import { UploadPlanSummary, type UploadPlan } from '../../components/upload-dialog/index.js'
import { paths } from '../../config/paths.js'
import { toastFailure, toastSuccess } from '../../lib/toaster.js'
import { uploadWithProgress } from '../../lib/upload-with-progress.js'

/**
 * /auth/create/cloud_bills (spec 001 §2): one file picker and Submit. Submit sends the file for a dry
 * run and shows what it would do; Confirm sends it again to be stored, Cancel stores nothing. The
 * gateway turns the multipart file into the data URL body of POST /cloud_bills/upload; a bar shows
 * the file going.
 */
export function BillUploadPage({ resource }: { resource: ResourceDef }) {
  const [, navigate] = useLocation()
  const [file, setFile] = useState<File | undefined>()
  const [progress, setProgress] = useState<number | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  const [plan, setPlan] = useState<UploadPlan | undefined>()

  const send = async (dryRun: boolean) => {
    if (!file) return
    setFailure(undefined)
    setProgress(0)
    const form = new FormData()
    form.set('file', file)
    try {
      const answer = await uploadWithProgress(paths.api.upload.cloud_bills.getHref({ dry_run: dryRun }), form, setProgress)
      if (dryRun) return setPlan((answer as UploadPlanAnswer).data)
      void toastSuccess(MESSAGES.dataSubmitted)
      navigate(paths.auth.resource.getHref('view', resource.key))
    } catch (err) {
      void toastFailure(MESSAGES.workbookUploadFailed, err)
      setFailure((err as Error).message)
    } finally {
      setProgress(undefined)
    }
  }
  const choose = (chosen: File | undefined) => {
    setFile(chosen)
    setPlan(undefined)
    setFailure(undefined)
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
        {failure && (
          <Callout intent={Intent.DANGER} role="alert" title={MESSAGES.workbookUploadFailed}>
            {failure}
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
