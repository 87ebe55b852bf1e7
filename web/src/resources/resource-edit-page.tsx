import { useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { recordErrors } from '../../../shared/rules/record-rules.js'
import { FormPage, GoBackButton, RecordState } from '../components/form-page.js'
import { ResourceForm, type FormValues } from '../components/resource-form/index.js'
import { paths } from '../config/paths.js'
import { ApiError } from '../lib/api-client.js'
import { useResourceRecord } from '../lib/resource-api.js'
import { bodySchemas } from '../lib/form-validation.js'
import { pageSubmitFailed, useUpdateController } from '../lib/write-controllers.js'
import type { ResourceExtensions } from './extensions.js'
import { useFormExtension } from './form-extension.js'
import { useResource } from '../lib/resource-context.js'

/**
 * /auth/edit/<model>/<id>: the form prefilled from the record; Submit asks before saving. A record
 * the upstream does not have is the app's not-found page (`notFound`), as on the record view.
 */
export function ResourceEditPage({ modelId, ext = {}, notFound }: { modelId: string; ext?: ResourceExtensions; notFound: ReactNode }) {
  const resource = useResource()
  const { messages } = resource
  const [, navigate] = useLocation()
  const record = useResourceRecord(resource, modelId)
  const form = useFormExtension(ext, 'edit')
  // the model's rules across fields, as the upstream applies them (a network is not its own replacement)
  const rule = useMemo(() => (values: FormValues) => recordErrors(resource.key, values, Number(modelId)), [resource, modelId])
  const [pending, setPending] = useState<FormValues | undefined>()
  // bumped when the person reloads a record someone else changed: the form starts again from it
  const [generation, setGeneration] = useState(0)
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const goBack = <GoBackButton href={listHref} />

  const update = useUpdateController(resource, {
    failureText: pageSubmitFailed(messages, 'update'),
    onSuccess: () => navigate(listHref),
    onError: () => setPending(undefined),
    onReloaded: () => setGeneration((n) => n + 1),
    showsFailure: (err) => pending !== undefined && form.answersRefusal(err, pending),
  })
  const save = () => pending && void update.trigger({ id: modelId, values: form.body(pending) })

  if (record.error instanceof ApiError && record.error.status === 404) return notFound

  return (
    <FormPage
      title={messages.editTitle}
      confirm={{
        question: messages.editConfirm,
        isOpen: pending !== undefined,
        loading: update.isMutating,
        onConfirm: save,
        onCancel: () => setPending(undefined),
      }}
    >
      <RecordState record={record} goBack={goBack}>
        {(data) => (
          <ResourceForm
            key={`${modelId}:${generation}`}
            fields={form.fields}
            schema={bodySchemas(resource).update}
            serverErrors={update.fieldErrors}
            rule={rule}
            initialValues={form.initialValues(data.data, generation > 0)}
            busy={update.isMutating}
            derive={ext.derive}
            precheck={form.precheck}
            inputs={form.inputs}
            onSubmit={setPending}
            extraActions={goBack}
          />
        )}
      </RecordState>
    </FormPage>
  )
}
