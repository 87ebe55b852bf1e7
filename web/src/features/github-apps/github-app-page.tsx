import { useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { writableFields, type ResourceDef } from '../../../../shared/resources/index.js'
import { FormPage, GoBackButton, RecordState } from '../../components/form-page.js'
import { isNone, toFormValues, toPayload, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { useResourceRecord } from '../../lib/resource-api.js'
import { toastError } from '../../lib/toaster.js'
import { pageSubmitFailed, useCreateController, useUpdateController } from '../../lib/write-controllers.js'
import { GithubAppForm } from './github-app-form.js'

/** spec 001 §9: the new GitHub app form starts on the cost center whose id is 1 */
export const DEFAULT_COST_CENTER_ID = '1'

/** spec 001 §5: an edit may not set the cost center to None (its own toast, nothing sent) */
export function refuseNoneCostCenter(values: FormValues): string | undefined {
  return isNone(values.cost_centers_id) || values.cost_centers_id === '' ? MESSAGES.editedCostCenterNone : undefined
}

/**
 * /auth/create/github_organization_apps and /auth/edit/github_organization_apps/<id>: the form;
 * an edit asks before saving, and sends no private key when the field is left empty.
 */
export function GithubAppPage({ resource, modelId }: { resource: ResourceDef; modelId?: string }) {
  const { messages } = resource
  const [, navigate] = useLocation()
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const record = useResourceRecord(resource, modelId)
  const fields = useMemo(() => writableFields(resource), [resource])
  const [pending, setPending] = useState<FormValues | undefined>()
  const written = { onSuccess: () => navigate(listHref), onError: () => setPending(undefined) }
  const create = useCreateController(resource, { ...written, failureText: pageSubmitFailed(messages, 'create') })
  const update = useUpdateController(resource, { ...written, failureText: pageSubmitFailed(messages, 'update') })
  const busy = create.isMutating || update.isMutating

  const precheck = (values: FormValues) => {
    const refusal = modelId ? refuseNoneCostCenter(values) : undefined
    if (refusal) void toastError(refusal)
    return !refusal
  }
  const submit = (values: FormValues) => (modelId ? setPending(values) : void create.trigger(toPayload(fields, values)))
  const save = () => modelId && pending && void update.trigger({ id: modelId, values: toPayload(fields, pending) })
  const goBack = <GoBackButton href={listHref} />
  const form = (
    <GithubAppForm
      key={modelId ?? 'new'}
      resource={resource}
      initial={modelId ? toFormValues(fields, record.data?.data) : { ...toFormValues(fields), cost_centers_id: DEFAULT_COST_CENTER_ID }}
      isNew={!modelId}
      busy={busy}
      serverErrors={modelId ? update.fieldErrors : create.fieldErrors}
      precheck={precheck}
      onSubmit={submit}
      extraActions={goBack}
    />
  )

  return (
    <FormPage
      title={modelId ? messages.editTitle : messages.createTitle}
      confirm={{
        question: messages.editConfirm,
        isOpen: pending !== undefined,
        loading: busy,
        onConfirm: save,
        onCancel: () => setPending(undefined),
      }}
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
