import { Button, Card, Checkbox, FormGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { FieldDef, ResourceDef } from '../../../../shared/resources/index.js'
import { FieldInput, validate, type FormValues } from '../../components/resource-form/index.js'
import { CONTACT_EMAIL_FIELD, formFields, LOOKUPS, OPTIONAL_LOOKUPS } from './cost-center-values.js'

export interface CostCenterFormProps {
  resource: ResourceDef
  initial: FormValues
  /** create: the dropdowns take their first item once loaded */
  isNew: boolean
  busy: boolean
  onSubmit: (values: FormValues) => void
  extraActions?: ReactNode
}

const EMAIL_PLACEHOLDER = 'Company email of the owner, e.g. jane.doe@company.com'

/** The cost center add/edit form (spec 001 §4): contact email, dropdowns, dates, optional replacement and backup. */
export function CostCenterForm({ resource, initial, isNew, busy, onSubmit, extraActions }: CostCenterFormProps) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const fields = formFields(resource)
  const set = (name: string) => (v: FormValues[string]) => setValues((prev) => ({ ...prev, [name]: v }))

  const input = (f: FieldDef, extra: { label?: string; disabled?: boolean } = {}) => (
    <FormGroup
      key={f.name}
      label={extra.label === undefined ? f.label : undefined}
      labelFor={`cc-${f.name}`}
      intent={errors[f.name] ? Intent.DANGER : undefined}
      helperText={errors[f.name] || undefined}
      disabled={extra.disabled}
      className={f.required ? 'form-group--required' : undefined}
    >
      <FieldInput
        id={`cc-${f.name}`}
        field={f}
        value={values[f.name] ?? null}
        ariaLabel={extra.label}
        placeholder={f === CONTACT_EMAIL_FIELD ? EMAIL_PLACEHOLDER : undefined}
        invalid={!!errors[f.name]}
        withNone={(LOOKUPS as readonly string[]).includes(f.name) && !isNew}
        defaultToFirst={isNew && (LOOKUPS as readonly string[]).includes(f.name)}
        onChange={set(f.name)}
      />
    </FormGroup>
  )

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const required = [fields[0], CONTACT_EMAIL_FIELD].filter((f): f is FieldDef => !!f)
    const found = validate(required, values)
    setErrors(found)
    if (!Object.values(found).some(Boolean)) onSubmit(values)
  }

  const byName = (n: string) => fields.find((f) => f.name === n)
  const plain = ['identifier', 'cloud_contact_email', ...LOOKUPS, 'active_at', 'expired_at']
  return (
    <Card className="form-card">
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="form-fieldset">
          {plain.map((n) => (n === CONTACT_EMAIL_FIELD.name ? input(CONTACT_EMAIL_FIELD) : byName(n) && input(byName(n)!)))}
          {OPTIONAL_LOOKUPS.map((o) => {
            const f = byName(o.name)
            return (
              <div key={o.name} className="form-optional">
                <Checkbox label={o.label} checked={values[o.flag] === true} onChange={(e) => set(o.flag)(e.currentTarget.checked)} />
                {f && values[o.flag] === true && input(f, { label: `${o.label} cost center` })}
              </div>
            )
          })}
        </fieldset>
        <div className="form-actions">
          {extraActions}
          <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={busy} text="Submit" />
        </div>
      </form>
    </Card>
  )
}
