import { useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { writableFields } from '../../../../shared/resources/index.js'
import { NEW_GITHUB_APP_COST_CENTER_ID, noneCostCenterRefusal } from '../../../../shared/rules/github-apps.js'
import { FormPage, GoBackButton, RecordState } from '../../components/form-page.js'
import { toFormValues, toPayload, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { useResourceRecord } from '../../lib/resource-api.js'
import { toastError } from '../../lib/toaster.js'
import { pageSubmitFailed, useCreateController, useUpdateController } from '../../lib/write-controllers.js'
import { GithubAppForm } from './github-app-form.js'
import { useResource } from '../../lib/resource-context.js'

/**
 * /auth/create/github_organization_apps and /auth/edit/github_organization_apps/<id>: the form;
 * an edit asks before saving, and sends no private key when the field is left empty.
 */
export function GithubAppPage({ modelId }: { modelId?: string }) {
  const resource = useResource()
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
    const refusal = modelId ? noneCostCenterRefusal(values) : undefined
    if (refusal) void toastError(refusal)
    return !refusal
  }
  const submit = (values: FormValues) => (modelId ? setPending(values) : void create.trigger(toPayload(fields, values)))
  const save = () => modelId && pending && void update.trigger({ id: modelId, values: toPayload(fields, pending) })
  const goBack = <GoBackButton href={listHref} />
  const form = (
    <GithubAppForm
      key={modelId ?? 'new'}
      initial={
        modelId ? toFormValues(fields, record.data?.data) : { ...toFormValues(fields), cost_centers_id: NEW_GITHUB_APP_COST_CENTER_ID }
      }
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
