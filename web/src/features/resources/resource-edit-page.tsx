import { Button, NonIdealState, Spinner } from '@blueprintjs/core'
import { useMemo, useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { writableFields, type ResourceDef } from '../../../../shared/resources/index.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { FormPage } from '../../components/form-page.js'
import { ResourceForm, toFormValues, toPayload, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { isResourceKey, updateRecord, useResourceRecord } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { pageSubmitFailed } from '../../lib/use-create-record.js'
import type { ResourceExtensions } from './extensions.js'

/** /auth/edit/<model>/<id>: the form prefilled from the record; Submit asks before saving. */
export function ResourceEditPage({ resource, modelId, ext = {} }: { resource: ResourceDef; modelId: string; ext?: ResourceExtensions }) {
  const { messages } = resource
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const { data, error, isLoading } = useResourceRecord(resource, modelId)
  const fields = useMemo(() => writableFields(resource), [resource])
  const [pending, setPending] = useState<FormValues | undefined>()
  const [busy, setBusy] = useState(false)
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const goBack = <Button icon="arrow-left" variant="minimal" text="Go Back" onClick={() => navigate(listHref)} />

  const save = async () => {
    if (!pending) return
    setBusy(true)
    try {
      await updateRecord(resource, modelId, toPayload(fields, pending))
      void toastSuccess(messages.updated)
      void mutate(isResourceKey(resource))
      navigate(listHref)
    } catch (err) {
      void toastError(`${pageSubmitFailed(messages, 'update')} ${errorText(err)}`)
      setBusy(false)
      setPending(undefined)
    }
  }

  let body
  if (isLoading) body = <Spinner aria-label="Loading the record" />
  else if (error || !data)
    body = <NonIdealState icon="error" title="The record could not be loaded" description={errorText(error)} action={goBack} />
  else
    body = (
      <ResourceForm
        key={modelId}
        fields={fields}
        initialValues={toFormValues(fields, data.data)}
        busy={busy}
        derive={ext.derive}
        onSubmit={setPending}
        extraActions={goBack}
      />
    )

  return (
    <FormPage title={messages.editTitle}>
      {body}
      <ConfirmDialog
        isOpen={pending !== undefined}
        question={messages.editConfirm}
        confirmText="Save"
        loading={busy}
        onConfirm={() => void save()}
        onCancel={() => setPending(undefined)}
      />
    </FormPage>
  )
}
