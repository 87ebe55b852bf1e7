import { useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { writableFields } from '../../../shared/resources/index.js'
import { recordErrors } from '../../../shared/rules/record-rules.js'
import { FormPage, GoBackButton } from '../components/form-page.js'
import { ResourceForm, toFormValues, toPayload, type FormValues } from '../components/resource-form/index.js'
import { paths } from '../config/paths.js'
import { bodySchemas } from '../lib/form-validation.js'
import { pageSubmitFailed, useCreateController } from '../lib/write-controllers.js'
import type { ResourceExtensions } from './extensions.js'
import { useResource } from '../lib/resource-context.js'

/** /auth/create/<model>: the generic add form (with a confirm modal when the model asks); then the list. */
export function ResourceCreatePage({ ext = {} }: { ext?: ResourceExtensions }) {
  const resource = useResource()
  const { messages } = resource
  const [, navigate] = useLocation()
  const [pending, setPending] = useState<FormValues | undefined>()
  const fields = useMemo(() => writableFields(resource), [resource])
  // the model's rules across fields, as the upstream applies them (shared/rules/record-rules.ts)
  const rule = useMemo(() => (values: FormValues) => recordErrors(resource.key, values), [resource])
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const create = useCreateController(resource, {
    failureText: pageSubmitFailed(messages, 'create'),
    onSuccess: () => navigate(listHref),
    onError: () => setPending(undefined),
  })

  const save = (values: FormValues) => void create.trigger(toPayload(fields, values))

  return (
    <FormPage
      title={messages.createTitle}
      confirm={{
        question: messages.editConfirm,
        isOpen: pending !== undefined,
        loading: create.isMutating,
        onConfirm: () => pending && save(pending),
        onCancel: () => setPending(undefined),
      }}
    >
      <ResourceForm
        fields={fields}
        schema={bodySchemas(resource).create}
        serverErrors={create.fieldErrors}
        rule={rule}
        initialValues={toFormValues(fields)}
        busy={create.isMutating}
        derive={ext.derive}
        onSubmit={(v) => (ext.confirmCreate ? setPending(v) : save(v))}
        extraActions={<GoBackButton href={listHref} />}
      />
    </FormPage>
  )
}
