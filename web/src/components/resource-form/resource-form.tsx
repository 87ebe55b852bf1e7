import type { TObject } from '@sinclair/typebox'
import type { FormEvent, ReactNode } from 'react'
import type { FieldDef } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../lib/form-values.js'
import type { FormRule } from '../../lib/form-validation.js'
import type { FieldInputProps } from './field-input.js'
import type { FieldErrors } from '../../lib/write-controllers.js'
import { FormCard } from './form-card.js'
import { FormField } from './form-field.js'
import { focusFirstError, useResourceForm, type ResourceFormApi } from './use-resource-form.js'

export interface ResourceFormProps {
  /** the writable fields of the model, in order */
  fields: readonly FieldDef[]
  /** the write's schema: bodySchemas(resource).create or .update */
  schema: TObject
  initialValues: FormValues
  /** called with valid values; the caller decides whether to confirm first */
  onSubmit: (values: FormValues) => void
  /** the upstream's per-field errors of the last failed write (the controller's fieldErrors) */
  serverErrors?: FieldErrors
  /** disables the inputs and shows a spinner on Submit */
  busy?: boolean
  /** buttons beside Submit (Go Back) */
  extraActions?: ReactNode
  /** @default 'Submit' */
  submitText?: string
  /** values that follow from an edit (a company code fills its GL accounts): returns the new values */
  derive?: (name: string, values: FormValues) => FormValues
  /** a field shown but not editable now, given the values ('If Other, Department' until Other is chosen) */
  isDisabled?: (name: string, values: FormValues) => boolean
  /** the model's rule across fields, checked with the schema */
  rule?: FormRule
  /** text fields chosen among another model's labels, by name */
  choices?: Record<string, FieldInputProps['choices']>
  /** checked on Submit before the form's own checks (it says why itself): false stops the submit */
  precheck?: (values: FormValues) => boolean
  /** the form's own inputs instead of one per field (a model's layout: boxes that show a field) */
  inputs?: (form: ResourceFormApi) => ReactNode
}

/** A form built from registry fields: one labelled input per field, checked with the upstream's schema. */
export function ResourceForm({
  fields,
  schema,
  initialValues,
  onSubmit,
  serverErrors,
  busy,
  extraActions,
  submitText = 'Submit',
  derive,
  isDisabled,
  rule,
  choices,
  precheck,
  inputs,
}: ResourceFormProps) {
  const form = useResourceForm({ schema, fields, initialValues, serverErrors, rule })
  const values = form.watch()

  const change = (name: string, value: FormValues[string]) => {
    const next = { ...form.getValues(), [name]: value }
    const derived = derive ? derive(name, next) : next
    for (const [n, v] of Object.entries(derived)) {
      if (n === name || v !== form.getValues(n)) form.setValue(n, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
    }
  }

  const checkedSubmit = form.handleSubmit(onSubmit, () => focusFirstError(form, fields, 'field-'))
  const submit = (e: FormEvent) => {
    if (precheck && !precheck(form.getValues())) return e.preventDefault()
    void checkedSubmit(e)
  }

  return (
    <FormCard onSubmit={submit} busy={busy} extraActions={extraActions} submitText={submitText}>
      {inputs?.(form) ??
        fields.map((f) => (
          <FormField
            key={f.name}
            form={form}
            field={f}
            choices={choices?.[f.name]}
            disabled={isDisabled?.(f.name, values)}
            onValueChange={change}
          />
        ))}
    </FormCard>
  )
}
