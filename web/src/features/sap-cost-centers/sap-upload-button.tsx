import { Button } from '@blueprintjs/core'
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { UploadDialog } from '../../components/upload-dialog/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest, errorText } from '../../lib/api-client.js'
import { isResourceKey } from '../../lib/resource-api.js'
import { storedUser } from '../../lib/session.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'

/** Spec 001 §5: the SAP file must be a zipped CSV; the picker accepts .zip. */
const checkName = (file: File) => (/\.csv\.zip$/i.test(file.name) ? undefined : MESSAGES.sapFileMustBeCsvZip)

/** 'Upload New Cost Centers': multipart to the gateway, which builds the base64 body the upstream wants. */
export function SapUploadButton({ resource }: { resource: ResourceDef }) {
  const [open, setOpen] = useState(false)
  const { mutate } = useSWRConfig()
  const upload = async (file: File) => {
    const form = new FormData()
    form.set('email', storedUser()?.email ?? '')
    form.set('file', file)
    try {
      await apiRequest('POST', paths.api.sapCostCentersUpload.getHref(), form)
      setOpen(false)
      void toastSuccess(MESSAGES.sapUploaded)
      void mutate(isResourceKey(resource))
    } catch (err) {
      void toastError(`${MESSAGES.sapUploadFailed} ${errorText(err)}`)
    }
  }
  return (
    <>
      <Button icon="upload" text="Upload New Cost Centers" onClick={() => setOpen(true)} />
      <UploadDialog
        isOpen={open}
        title="Upload New Cost Centers"
        accept=".zip"
        check={checkName}
        onUpload={upload}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
