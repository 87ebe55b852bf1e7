import useSWR from 'swr'
import { MESSAGES } from '../../../../shared/messages.js'
import { GcpProjectRequestSchema, REQUEST_FIELD_LABELS as L, type GcpFolderGroup } from '../../../../shared/schemas/cloud-requests.js'
import { paths } from '../../config/paths.js'
import { CallForm, type CallFieldDef, type CallValues } from '../../components/call-form/index.js'
import { RequestPage } from './request-page.js'

const INITIAL: CallValues = { project_name: '', folder_id: '', cost_center_tag: '', owner_tag: '', project_name_tag: '' }

/** /auth/create-gcp-project (spec 000 §3, §5): folders under their labels from GET /gcp-folders; spaces become hyphens. */
export default function GcpProjectPage() {
  const folders = useSWR<{ data: GcpFolderGroup[] }>(paths.api.requests.gcpFolders.getHref(), { revalidateOnFocus: false })
  const fields: CallFieldDef[] = [
    { name: 'project_name', label: L.project_name, kind: 'hyphens' },
    { name: 'folder_id', label: L.folder_id, kind: 'select', choices: folders.data?.data ?? [] },
    { name: 'cost_center_tag', label: L.cost_center_tag, kind: 'hyphens' },
    { name: 'owner_tag', label: L.owner_tag, kind: 'hyphens' },
    { name: 'project_name_tag', label: L.project_name_tag, kind: 'hyphens' },
  ]
  return (
    <RequestPage title="Create GCP Project" loading={!folders.data} error={folders.error}>
      <CallForm
        fields={fields}
        initial={INITIAL}
        schema={GcpProjectRequestSchema}
        toBody={(v) => ({ ...v })}
        actions={[{ text: 'Submit', path: paths.api.requests.gcpProject.getHref(), successText: MESSAGES.requestSubmitted }]}
      />
    </RequestPage>
  )
}
