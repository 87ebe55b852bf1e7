import type { TObject } from '@sinclair/typebox'
import type { ReactNode } from 'react'
import type { FieldDef } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../lib/form-values.js'
import type { FormRule } from '../../lib/form-validation.js'
import type { FieldInputProps } from './field-input.js'
import type { FieldErrors } from '../../lib/write-controllers.js'
import { FormCard } from './form-card.js'
import { FormField } from './form-field.js'
import { focusFirstError, useResourceForm } from './use-resource-form.js'

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

  return (
    <FormCard
      onSubmit={form.handleSubmit(onSubmit, () => focusFirstError(form, fields, 'field-'))}
      busy={busy}
      extraActions={extraActions}
      submitText={submitText}
    >
      {fields.map((f) => (
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
