import { useMemo } from 'react'
import { writableFields } from '../../../shared/resources/index.js'
import { toFormValues, toPayload, type FormValues, type ResourceFormApi } from '../components/resource-form/index.js'
import type { ApiError } from '../lib/api-client.js'
import type { Row } from '../lib/resource-api.js'
import { useResource } from '../lib/resource-context.js'
import { toastError } from '../lib/toaster.js'
import type { FormMode, RefusedSave, ResourceExtensions } from './extensions.js'

const NOTHING_KEPT: RefusedSave = { answer: () => undefined }
const useNoRefusedSave = () => NOTHING_KEPT

/**
 * What the create and edit pages take from a model's extensions (extensions.ts), the same on both:
 * the form's fields, values, inputs and checks, the body it sends, and the refusals the model answers.
 */
export function useFormExtension(ext: ResourceExtensions, mode: FormMode) {
  const resource = useResource()
  const { formFields, formValues, newValues, formInputs: Inputs, beforeSubmit, transform } = ext
  const fields = useMemo(() => formFields?.(resource) ?? writableFields(resource), [formFields, resource])
  // the pages are keyed by model: the same hook on every render of one page
  const useRefusedSave = ext.useRefusedSave ?? useNoRefusedSave
  const refused = useRefusedSave()

  return {
    fields,
    /**
     * the stored record's values on edit, a new record's on create; the values the model kept instead,
     * unless `afresh` (the record reloaded after a stale save)
     */
    initialValues: (record?: Row, afresh = false): FormValues =>
      (!afresh && refused.keptValues) || {
        ...toFormValues(fields, record),
        ...(mode === 'create' && newValues?.()),
        ...formValues?.(record),
      },
    precheck:
      beforeSubmit &&
      ((values: FormValues) => {
        const refusal = beforeSubmit(values, mode)
        if (refusal) void toastError(refusal)
        return !refusal
      }),
    body: (values: FormValues) => (transform ? transform(toPayload(fields, values), values) : toPayload(fields, values)),
    /** the model answered the refusal of a save of `values` (and said so): no failure toast */
    answersRefusal: (err: ApiError, values: FormValues) => {
      const text = refused.answer(err, values)
      if (text) void toastError(text)
      return text !== undefined
    },
    inputs: Inputs && ((form: ResourceFormApi) => <Inputs form={form} fields={fields} mode={mode} />),
  }
}
