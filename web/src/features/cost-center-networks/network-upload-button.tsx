import { Button, Classes, Dialog, DialogBody, DialogFooter, H5, Intent } from '@blueprintjs/core'
import { useState } from 'react'
import { NETWORK_UPLOAD_COLUMNS, NETWORK_UPLOAD_REQUIRED } from '../../../../shared/constants.js'
import type { UploadPlanAnswer } from '../../../../shared/calls/answers.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { UploadDialog } from '../../components/upload-dialog/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { useCreateRequest } from '../../lib/write-controllers.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'
import { useResource } from '../../lib/resource-context.js'
import './cost-center-networks.css'

export const UPLOAD_TITLE = 'Upload New Network/Project IDs'

/** The upstream's answer (spec 001 §4): the identifiers each list names. */
interface UploadCounts {
  cost_centers_added: string[]
  networks_added: string[]
  projects_added: string[]
  networks_updated: string[]
  projects_updated: string[]
}

const LISTS: readonly [keyof UploadCounts, string][] = [
  ['cost_centers_added', 'Cost centers added'],
  ['networks_added', 'Networks added'],
  ['projects_added', 'Projects added'],
  ['networks_updated', 'Networks updated'],
  ['projects_updated', 'Projects updated'],
]

const formOf = (file: File) => {
  const form = new FormData()
  form.set('file', file)
  return form
}

/** What the file would do (the upload's dry run): nothing is written. */
const dryRun = async (file: File) =>
  (await apiRequest<UploadPlanAnswer>('POST', paths.api.upload.cost_center_networks.getHref({ dry_run: true }), formOf(file))).data

const checkName = (file: File) => (/\.csv$/i.test(file.name) ? undefined : MESSAGES.networkFileMustBeCsv)

const DESCRIPTION = (
  <>
    A CSV whose header names the columns <code>{NETWORK_UPLOAD_COLUMNS.join(',')}</code> ({NETWORK_UPLOAD_REQUIRED.join(' and ')} on every
    row; project empty for a network alone)
  </>
)

/** What the file changed, list by list. */
function UploadResult({ counts, onClose }: { counts: UploadCounts; onClose: () => void }) {
  return (
    <Dialog isOpen title="Upload result" icon="tick-circle" onClose={onClose}>
      <DialogBody>
        {LISTS.map(([key, title]) => (
          <section key={key} aria-label={title} className="upload-result">
            <H5>
              {title}: {counts[key].length}
            </H5>
            {counts[key].length > 0 ? <p>{counts[key].join(', ')}</p> : <p className={Classes.TEXT_MUTED}>None</p>}
          </section>
        ))}
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="Done" onClick={onClose} />} />
    </Dialog>
  )
}

/**
 * 'Upload New Network/Project IDs' (spec 001 §2): multipart to the gateway, which builds the data URL
 * body; the dialog shows the dry run's lines first, and uploads on Confirm.
 */
export function NetworkUploadButton() {
  const resource = useResource()
  const [open, setOpen] = useState(false)
  const [counts, setCounts] = useState<UploadCounts | undefined>()
  const upload = useCreateRequest(
    resource,
    ({ file }) => apiRequest<{ data: UploadCounts }>('POST', paths.api.upload.cost_center_networks.getHref(), formOf(file as File)),
    {
      successText: MESSAGES.dataSubmitted,
      failureText: MESSAGES.networkUploadFailed,
      onSuccess: (answer) => {
        setOpen(false)
        setCounts(answer.data)
      },
    },
  )
  const close = () => {
    upload.reset()
    setOpen(false)
  }
  return (
    <>
      <Permitted need={need.call('costCenterNetworks', 'upload')}>
        <Button icon="upload" text={UPLOAD_TITLE} onClick={() => setOpen(true)} />
      </Permitted>
      <UploadDialog
        isOpen={open}
        title={UPLOAD_TITLE}
        accept=".csv"
        description={DESCRIPTION}
        check={checkName}
        onDryRun={dryRun}
        failureText={MESSAGES.networkUploadFailed}
        failure={upload.error && `${MESSAGES.networkUploadFailed}${upload.error.message}`}
        onUpload={async (file) => (await upload.trigger({ file })) !== undefined}
        onClose={close}
      />
      {counts && <UploadResult counts={counts} onClose={() => setCounts(undefined)} />}
    </>
  )
}
