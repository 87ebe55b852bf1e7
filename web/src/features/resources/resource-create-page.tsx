import { Button, H1 } from '@blueprintjs/core'
import { useMemo, useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { writableFields, type ResourceDef } from '../../../../shared/resources/index.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { ResourceForm, toFormValues, toPayload, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { createRecord, isResourceKey } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import type { ResourceExtensions } from './extensions.js'

/** /auth/create/<model>: the generic add form (with a confirm modal when the model asks); then the list. */
export function ResourceCreatePage({ resource, ext = {} }: { resource: ResourceDef; ext?: ResourceExtensions }) {
  const { messages } = resource
  usePageTitle(messages.createTitle)
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const [busy, setBusy] = useState(false)
  const [pending, setPending] = useState<FormValues | undefined>()
  const fields = useMemo(() => writableFields(resource), [resource])
  const listHref = paths.auth.resource.getHref('view', resource.key)

  const save = async (values: FormValues) => {
    setBusy(true)
    try {
      await createRecord(resource, toPayload(fields, values))
      void toastSuccess(messages.created)
      void mutate(isResourceKey(resource))
      navigate(listHref)
    } catch (err) {
      void toastError(`${messages.createFailed} ${errorText(err)}`)
      setBusy(false)
      setPending(undefined)
    }
  }

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{messages.createTitle}</H1>
      </header>
      <ResourceForm
        fields={fields}
        initialValues={toFormValues(fields)}
        busy={busy}
        derive={ext.derive}
        onSubmit={(v) => (ext.confirmCreate ? setPending(v) : void save(v))}
        extraActions={<Button icon="arrow-left" variant="minimal" text="Go Back" onClick={() => navigate(listHref)} />}
      />
      <ConfirmDialog
        isOpen={pending !== undefined}
        question={messages.editConfirm}
        confirmText="Save"
        loading={busy}
        onConfirm={() => pending && void save(pending)}
        onCancel={() => setPending(undefined)}
      />
    </div>
  )
}
