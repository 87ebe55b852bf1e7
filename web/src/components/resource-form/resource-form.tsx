import { Button, Card, FormGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { FieldDef } from '../../../../shared/resources/index.js'
import { FieldInput } from './field-input.js'
import { validate, type FormValues } from './form-values.js'

export interface ResourceFormProps {
  /** the writable fields of the model, in order */
  fields: readonly FieldDef[]
  initialValues: FormValues
  /** called with valid values; the caller decides whether to confirm first */
  onSubmit: (values: FormValues) => void
  /** disables the inputs and shows a spinner on Submit */
  busy?: boolean
  /** buttons beside Submit (Go Back) */
  extraActions?: ReactNode
  /** @default 'Submit' */
  submitText?: string
  /** values that follow from an edit (a company code fills its GL accounts): returns the new values */
  derive?: (name: string, values: FormValues) => FormValues
}

/** A form built from registry fields: one labelled input per field, required ones checked on submit. */
export function ResourceForm({ fields, initialValues, onSubmit, busy, extraActions, submitText = 'Submit', derive }: ResourceFormProps) {
  const [values, setValues] = useState<FormValues>(initialValues)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const setValue = (name: string) => (value: string | boolean | null) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value }
      return derive ? derive(name, next) : next
    })
    setErrors((prev) => (prev[name] ? { ...prev, [name]: '' } : prev))
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = validate(fields, values)
    setErrors(found)
    const firstInvalid = fields.find((f) => found[f.name])
    if (firstInvalid) {
      document.getElementById(`field-${firstInvalid.name}`)?.focus()
      return
    }
    onSubmit(values)
  }

  return (
    <Card className="form-card">
      <form onSubmit={handleSubmit} noValidate>
        <fieldset disabled={busy} className="form-fieldset">
          {fields.map((f) => {
            const id = `field-${f.name}`
            const error = errors[f.name]
            return (
              <FormGroup
                key={f.name}
                label={f.label}
                labelFor={id}
                intent={error ? Intent.DANGER : undefined}
                helperText={error || undefined}
                className={f.required ? 'form-group--required' : undefined}
              >
                <FieldInput id={id} field={f} value={values[f.name] ?? null} invalid={!!error} onChange={setValue(f.name)} />
              </FormGroup>
            )
          })}
        </fieldset>
        <div className="form-actions">
          {extraActions}
          <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={busy} text={submitText} />
        </div>
      </form>
    </Card>
  )
}
