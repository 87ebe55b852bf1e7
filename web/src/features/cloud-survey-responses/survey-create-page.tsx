import { useMemo, useRef } from 'react'
import { useLocation } from 'wouter'
import { writableFields } from '../../../../shared/resources/index.js'
import { FormPage, GoBackButton } from '../../components/form-page.js'
import {
  focusFirstError,
  FormCard,
  FormField,
  toFormValues,
  toPayload,
  useResourceForm,
  type FormValues,
} from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { bodySchemas } from '../../lib/form-validation.js'
import { toastFailure } from '../../lib/toaster.js'
import { pageSubmitFailed, useCreateController } from '../../lib/write-controllers.js'
import { findReference } from './find-reference.js'
import { prefill } from './prefill.js'
import { useResource } from '../../lib/resource-context.js'

const PREFIX = 'field-'

/**
 * /auth/create/cloud_survey_responses (spec 001 §2): the survey's fields, the identifier chosen
 * among the cloud parents' (searched on the server as the person types). Choosing one fills the
 * fields the cloud parent also has, where the person has not typed something else; then the list.
 */
export function SurveyCreatePage() {
  const resource = useResource()
  const comparison = resource.comparison!
  const [, navigate] = useLocation()
  // the identifier first: choosing it fills most of the rest
  const fields = useMemo(() => {
    const writable = writableFields(resource)
    return [...writable.filter((f) => f.name === comparison.match.field), ...writable.filter((f) => f.name !== comparison.match.field)]
  }, [resource, comparison.match.field])
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const create = useCreateController(resource, {
    failureText: pageSubmitFailed(resource.messages, 'create'),
    onSuccess: () => navigate(listHref),
  })
  const initialValues = useMemo(() => toFormValues(fields), [fields])
  const form = useResourceForm({ schema: bodySchemas(resource).create, fields, initialValues, serverErrors: create.fieldErrors })
  // what the last chosen cloud parent filled in, and which choice is the latest (answers may cross)
  const filled = useRef<FormValues>({})
  const latest = useRef('')
  const choices = useMemo(
    () => ({ lookup: { model: comparison.model, labelField: comparison.match.other } }),
    [comparison.model, comparison.match.other],
  )

  const setValues = (values: FormValues) => {
    for (const [name, value] of Object.entries(values)) {
      if (value !== form.getValues(name)) form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
    }
  }

  const choose = async (value: string) => {
    setValues({ [comparison.match.field]: value })
    latest.current = value
    if (!value) return
    try {
      const reference = await findReference(comparison, value)
      if (!reference || latest.current !== value) return
      const next = prefill(comparison, reference, form.getValues(), filled.current)
      filled.current = next.filled
      setValues(next.values)
    } catch (err) {
      toastFailure('The cloud parent could not be read.', err)
    }
  }

  const submit = form.handleSubmit(
    (values) => void create.trigger(toPayload(fields, values)),
    () => focusFirstError(form, fields, PREFIX),
  )
  return (
    <FormPage title={resource.messages.createTitle}>
      <FormCard onSubmit={submit} busy={create.isMutating} extraActions={<GoBackButton href={listHref} />}>
        {fields.map((f) =>
          f.name === comparison.match.field ? (
            <FormField
              key={f.name}
              form={form}
              field={f}
              choices={choices}
              placeholder="Type to search the cloud parents…"
              onValueChange={(_, v) => void choose(typeof v === 'string' ? v : '')}
            />
          ) : (
            <FormField key={f.name} form={form} field={f} />
          ),
        )}
      </FormCard>
    </FormPage>
  )
}
