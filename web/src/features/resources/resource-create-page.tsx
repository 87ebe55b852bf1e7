import { Button } from '@blueprintjs/core'
import { useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { writableFields, type ResourceDef } from '../../../../shared/resources/index.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { FormPage } from '../../components/form-page.js'
import { ResourceForm, toFormValues, toPayload, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { createRecord } from '../../lib/resource-api.js'
import type { ResourceExtensions } from './extensions.js'
import { useCreateRecord } from '../../lib/use-create-record.js'

/** /auth/create/<model>: the generic add form (with a confirm modal when the model asks); then the list. */
export function ResourceCreatePage({ resource, ext = {} }: { resource: ResourceDef; ext?: ResourceExtensions }) {
  const { messages } = resource
  const [, navigate] = useLocation()
  const { busy, create } = useCreateRecord(resource)
  const [pending, setPending] = useState<FormValues | undefined>()
  const fields = useMemo(() => writableFields(resource), [resource])
  const listHref = paths.auth.resource.getHref('view', resource.key)

  const save = async (values: FormValues) => {
    if (!(await create(() => createRecord(resource, toPayload(fields, values))))) setPending(undefined)
  }

  return (
    <FormPage title={messages.createTitle}>
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
    </FormPage>
  )
}
