import { Button, NonIdealState, Spinner } from '@blueprintjs/core'
import { useLocation } from 'wouter'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { FormPage } from '../../components/form-page.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { useResourceRecord } from '../../lib/resource-api.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'
import { CostCenterForm } from './cost-center-form.js'
import { initialValues } from './cost-center-values.js'
import { useSaveCostCenter } from './use-save-cost-center.js'

/** /auth/create/cost_centers and /auth/edit/cost_centers/<id>: the form, then a confirm modal. */
export function CostCenterPage({ resource, modelId }: { resource: ResourceDef; modelId?: string }) {
  const { messages } = resource
  const title = modelId ? messages.editTitle : messages.createTitle
  const [, navigate] = useLocation()
  const record = useResourceRecord(resource, modelId)
  const companies = useLookupOptions({ model: 'companies', labelField: 'code' })
  const code = (id: string) => companies.options.find((o) => o.value === id)?.label ?? ''
  const save = useSaveCostCenter(resource, modelId, code)
  const goBack = (
    <Button icon="arrow-left" variant="minimal" text="Go Back" onClick={() => navigate(paths.auth.resource.getHref('view', resource.key))} />
  )

  let body
  if (modelId && record.isLoading) body = <Spinner aria-label="Loading the record" />
  else if (modelId && !record.data)
    body = <NonIdealState icon="error" title="The record could not be loaded" description={errorText(record.error)} action={goBack} />
  else
    body = (
      <CostCenterForm
        resource={resource}
        initial={initialValues(resource, record.data?.data)}
        isNew={!modelId}
        busy={save.busy}
        onSubmit={save.submit}
        extraActions={goBack}
      />
    )

  return (
    <FormPage title={title}>
      {body}
      <ConfirmDialog
        isOpen={save.pending}
        question={messages.editConfirm}
        confirmText="Save"
        loading={save.busy}
        onConfirm={save.confirm}
        onCancel={save.cancel}
      />
    </FormPage>
  )
}
