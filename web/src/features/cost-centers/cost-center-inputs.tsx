import { Checkbox } from '@blueprintjs/core'
import type { FieldDef } from '../../../../shared/resources/index.js'
import { FormField } from '../../components/resource-form/index.js'
import type { FormInputsProps } from '../../resources/extensions.js'
import { CONTACT_CHOICES, CONTACT_EMAIL_FIELD, LOOKUPS, OPTIONAL_LOOKUPS } from './cost-center-values.js'
import './cost-centers.css'

const isLookup = (name: string) => (LOOKUPS as readonly string[]).includes(name)
const isOptional = (name: string) => OPTIONAL_LOOKUPS.some((o) => o.name === name)

/**
 * The cost center form's inputs (spec 001 §4): the owner's email searched among the contacts, the
 * dropdowns (the first item on create, None offered on edit), the dates, and the replacement and
 * backup each behind its checkbox. The generic page loads, checks, confirms and saves.
 */
export function CostCenterInputs({ form, fields, mode }: FormInputsProps) {
  const values = form.watch()
  const isNew = mode === 'create'
  const input = (f: FieldDef, label?: string) => (
    <FormField
      key={f.name}
      form={form}
      field={f}
      label={label === undefined ? undefined : null}
      ariaLabel={label}
      placeholder={f.placeholder}
      choices={f === CONTACT_EMAIL_FIELD ? CONTACT_CHOICES : undefined}
      withNone={isLookup(f.name) && !isNew}
      defaultToFirst={isNew && isLookup(f.name)}
    />
  )

  return (
    <>
      {fields.filter((f) => !isOptional(f.name)).map((f) => input(f))}
      {OPTIONAL_LOOKUPS.map((o) => {
        const f = fields.find((field) => field.name === o.name)
        return (
          <div key={o.name} className="form-optional">
            <Checkbox label={o.label} checked={values[o.flag] === true} onChange={(e) => form.setValue(o.flag, e.currentTarget.checked)} />
            {f && values[o.flag] === true && input(f, `${o.label} cost center`)}
          </div>
        )
      })}
    </>
  )
}
