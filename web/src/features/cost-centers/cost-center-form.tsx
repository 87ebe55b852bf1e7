import { Checkbox } from '@blueprintjs/core'
import type { FormEvent, ReactNode } from 'react'
import type { FieldDef } from '../../../../shared/resources/index.js'
import { focusFirstError, FormCard, FormField, useResourceForm, type FormValues } from '../../components/resource-form/index.js'
import { bodySchemas } from '../../lib/form-validation.js'
import type { FieldErrors } from '../../lib/write-controllers.js'
import { CONTACT_CHOICES, CONTACT_EMAIL_FIELD, formFields, LOOKUPS, OPTIONAL_LOOKUPS } from './cost-center-values.js'
import { useResource } from '../../lib/resource-context.js'
import './cost-centers.css'

export interface CostCenterFormProps {
  initial: FormValues
  /** create: the dropdowns take their first item once loaded */
  isNew: boolean
  busy: boolean
  /** the upstream's per-field errors of the last failed write */
  serverErrors?: FieldErrors
  onSubmit: (values: FormValues) => void
  /** checks with the spec's own toasts, before the field checks (an edit's None department); false stops */
  precheck?: (values: FormValues) => boolean
  extraActions?: ReactNode
}

const EMAIL_PLACEHOLDER = 'Company email of the owner, e.g. jane.doe@company.com'
const PREFIX = 'cc-'
const isLookup = (name: string) => (LOOKUPS as readonly string[]).includes(name)

/** The cost center add/edit form (spec 001 §4): contact email, dropdowns, dates, optional replacement and backup. */
export function CostCenterForm({ initial, isNew, busy, serverErrors, onSubmit, precheck, extraActions }: CostCenterFormProps) {
  const resource = useResource()
  const fields = formFields(resource)
  const validated = [CONTACT_EMAIL_FIELD, ...fields]
  const schema = bodySchemas(resource)[isNew ? 'create' : 'update']
  const form = useResourceForm({ schema, fields: validated, initialValues: initial, serverErrors })
  const values = form.watch()
  const byName = (n: string) => fields.find((f) => f.name === n)

  const input = (f: FieldDef, label?: string) => (
    <FormField
      key={f.name}
      form={form}
      field={f}
      id={`${PREFIX}${f.name}`}
      label={label === undefined ? undefined : null}
      ariaLabel={label}
      placeholder={f === CONTACT_EMAIL_FIELD ? EMAIL_PLACEHOLDER : undefined}
      choices={f === CONTACT_EMAIL_FIELD ? CONTACT_CHOICES : undefined}
      withNone={isLookup(f.name) && !isNew}
      defaultToFirst={isNew && isLookup(f.name)}
    />
  )

  const validSubmit = form.handleSubmit(onSubmit, () => focusFirstError(form, validated, PREFIX))
  const submit = (e: FormEvent) => {
    if (precheck && !precheck(form.getValues())) return e.preventDefault()
    void validSubmit(e)
  }

  const plain = ['identifier', CONTACT_EMAIL_FIELD.name, ...LOOKUPS, 'active_at', 'expired_at']
  return (
    <FormCard onSubmit={submit} busy={busy} extraActions={extraActions}>
      {plain.map((n) => {
        const f = n === CONTACT_EMAIL_FIELD.name ? CONTACT_EMAIL_FIELD : byName(n)
        return f && input(f)
      })}
      {OPTIONAL_LOOKUPS.map((o) => {
        const f = byName(o.name)
        return (
          <div key={o.name} className="form-optional">
            <Checkbox label={o.label} checked={values[o.flag] === true} onChange={(e) => form.setValue(o.flag, e.currentTarget.checked)} />
            {f && values[o.flag] === true && input(f, `${o.label} cost center`)}
          </div>
        )
      })}
    </FormCard>
  )
}
