import { Button } from '@blueprintjs/core'
import { useState } from 'react'
import { SAP_UPLOAD_COLUMNS } from '../../../../shared/constants.js'
import type { UploadPlanAnswer } from '../../../../shared/calls/answers.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { RecordAnswer } from '../../../../shared/schemas/common.js'
import { UploadDialog } from '../../components/upload-dialog/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'
import { useUserEmail } from '../../lib/session.js'
import { useCreateController } from '../../lib/write-controllers.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'
import { useResource } from '../../lib/resource-context.js'

/** Spec 001 §5: the SAP file must be a zipped CSV; the picker accepts .zip. */
const checkName = (file: File) => (/\.csv\.zip$/i.test(file.name) ? undefined : MESSAGES.sapFileMustBeCsvZip)

const DESCRIPTION = (
  <>
    A zipped CSV (.csv.zip) whose header names the columns <code>{SAP_UPLOAD_COLUMNS.join(',')}</code>
  </>
)

/**
 * 'Upload New Cost Centers': multipart to the gateway, which builds the base64 body the upstream
 * wants; the dialog shows the dry run's lines first, and uploads on Confirm.
 */
export function SapUploadButton() {
  const resource = useResource()
  const [open, setOpen] = useState(false)
  const email = useUserEmail()
  // an upload creates the file's cost centers: the create controller's toasts and revalidation
  const formOf = (file: File) => {
    const form = new FormData()
    form.set('email', email)
    form.set('file', file)
    return form
  }
  /** what the file would do (the upload's dry run): nothing is written, no email sent */
  const dryRun = async (file: File) =>
    (await apiRequest<UploadPlanAnswer>('POST', paths.api.upload.sap_cost_centers.getHref({ dry_run: true }), formOf(file))).data
  const upload = useCreateController(resource, {
    successText: MESSAGES.sapUploaded,
    failureText: MESSAGES.sapUploadFailed,
    request: ({ file }) => apiRequest<RecordAnswer<Row>>('POST', paths.api.upload.sap_cost_centers.getHref(), formOf(file as File)),
    onSuccess: () => setOpen(false),
  })
  const close = () => {
    upload.reset()
    setOpen(false)
  }
  return (
    <>
      <Permitted need={need.call('sapCostCenters', 'upload')}>
        <Button icon="upload" text="Upload New Cost Centers" onClick={() => setOpen(true)} />
      </Permitted>
      <UploadDialog
        isOpen={open}
        title="Upload New Cost Centers"
        accept=".zip"
        description={DESCRIPTION}
        check={checkName}
        onDryRun={dryRun}
        failureText={MESSAGES.sapUploadFailed}
        failure={upload.error?.message}
        onUpload={async (file) => (await upload.trigger({ file })) !== undefined}
        onClose={close}
      />
    </>
  )
}
