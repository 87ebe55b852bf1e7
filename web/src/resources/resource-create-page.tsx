import { useMemo, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { recordErrors } from '../../../shared/rules/record-rules.js'
import { FormPage, GoBackButton } from '../components/form-page.js'
import { ResourceForm, type FormValues } from '../components/resource-form/index.js'
import { paths } from '../config/paths.js'
import { bodySchemas } from '../lib/form-validation.js'
import { pageSubmitFailed, useCreateController } from '../lib/write-controllers.js'
import type { ResourceExtensions } from './extensions.js'
import { useFormExtension } from './form-extension.js'
import { useResource } from '../lib/resource-context.js'

/** /auth/create/<model>: the generic add form (with a confirm modal when the model asks); then the list. */
export function ResourceCreatePage({ ext = {} }: { ext?: ResourceExtensions }) {
  const resource = useResource()
  const { messages } = resource
  const [, navigate] = useLocation()
  const [pending, setPending] = useState<FormValues | undefined>()
  const form = useFormExtension(ext, 'create')
  // the model's rules across fields, as the upstream applies them (shared/rules/record-rules.ts)
  const rule = useMemo(() => (values: FormValues) => recordErrors(resource.key, values), [resource])
  const listHref = paths.auth.resource.getHref('view', resource.key)
  // the values of the save under way, for the model to answer its refusal (set as it starts, so a ref)
  const saving = useRef<FormValues | undefined>(undefined)
  const create = useCreateController(resource, {
    failureText: pageSubmitFailed(messages, 'create'),
    onSuccess: () => navigate(listHref),
    onError: () => setPending(undefined),
    showsFailure: (err) => saving.current !== undefined && form.answersRefusal(err, saving.current),
  })

  const save = (values: FormValues) => {
    saving.current = values
    void create.trigger(form.body(values))
  }

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
        fields={form.fields}
        schema={bodySchemas(resource).create}
        serverErrors={create.fieldErrors}
        rule={rule}
        initialValues={form.initialValues()}
        busy={create.isMutating}
        derive={ext.derive}
        precheck={form.precheck}
        inputs={form.inputs}
        onSubmit={(v) => (ext.confirmCreate ? setPending(v) : save(v))}
        extraActions={<GoBackButton href={listHref} />}
      />
    </FormPage>
  )
}
