import { FormGroup, Intent } from '@blueprintjs/core'
import { Controller } from 'react-hook-form'
import type { FieldDef } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../lib/form-values.js'
import { FieldInput, type FieldInputProps } from './field-input.js'
import type { ResourceFormApi } from './use-resource-form.js'
import './resource-form.css'

export interface FormFieldProps extends Pick<FieldInputProps, 'placeholder' | 'withNone' | 'defaultToFirst' | 'choices'> {
  form: ResourceFormApi
  field: FieldDef
  /** the input's id (the label points at it) @default `field-${name}` */
  id?: string
  /** a label other than the field's; `null`: no visible label, the input is named by `ariaLabel` */
  label?: string | null
  ariaLabel?: string
  disabled?: boolean
  /** instead of setting the value alone (values that follow from it, such as GL accounts) */
  onValueChange?: (name: string, value: FormValues[string]) => void
}

/** One registry field of a react-hook-form form: its FormGroup, its input, its error underneath. */
export function FormField({
  form,
  field,
  id = `field-${field.name}`,
  label,
  ariaLabel,
  disabled,
  onValueChange,
  ...input
}: FormFieldProps) {
  const error = form.formState.errors[field.name]?.message
  return (
    <FormGroup
      label={label === null ? undefined : (label ?? field.label)}
      labelFor={id}
      intent={error ? Intent.DANGER : undefined}
      helperText={error || undefined}
      disabled={disabled}
      className={field.required ? 'form-group--required' : undefined}
    >
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: state }) => (
          <FieldInput
            id={id}
            field={field}
            value={state.value ?? null}
            invalid={!!error}
            ariaLabel={ariaLabel}
            disabled={disabled}
            {...input}
            onChange={(v) => (onValueChange ? onValueChange(field.name, v) : state.onChange(v))}
          />
        )}
      />
    </FormGroup>
  )
}
