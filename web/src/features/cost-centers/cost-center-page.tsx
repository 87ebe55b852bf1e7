import { useLocation } from 'wouter'
import { FormPage, GoBackButton, RecordState } from '../../components/form-page.js'
import { paths } from '../../config/paths.js'
import { useResourceRecord } from '../../lib/resource-api.js'
import { CostCenterForm } from './cost-center-form.js'
import { initialValues } from './cost-center-values.js'
import { useKeptDraft } from './draft.js'
import { useSaveCostCenter } from './use-save-cost-center.js'
import { useResource } from '../../lib/resource-context.js'

/** /auth/create/cost_centers and /auth/edit/cost_centers/<id>: the form, then a confirm modal. */
export function CostCenterPage({ modelId }: { modelId?: string }) {
  const resource = useResource()
  const { messages } = resource
  const title = modelId ? messages.editTitle : messages.createTitle
  const record = useResourceRecord(resource, modelId)
  // back from adding the owner as a cloud contact: the form as the person left it
  const [location] = useLocation()
  const draft = useKeptDraft(location)
  const save = useSaveCostCenter(resource, modelId)
  const goBack = <GoBackButton href={paths.auth.resource.getHref('view', resource.key)} />
  const form = (
    <CostCenterForm
      initial={draft ?? initialValues(resource, record.data?.data)}
      isNew={!modelId}
      busy={save.busy}
      serverErrors={save.fieldErrors}
      precheck={save.precheck}
      onSubmit={save.submit}
      extraActions={goBack}
    />
  )

  return (
    <FormPage
      title={title}
      confirm={{ question: messages.editConfirm, isOpen: save.pending, loading: save.busy, onConfirm: save.confirm, onCancel: save.cancel }}
    >
      {modelId ? (
        <RecordState record={record} goBack={goBack}>
          {() => form}
        </RecordState>
      ) : (
        form
      )}
    </FormPage>
  )
}
