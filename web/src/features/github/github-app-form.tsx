import { FormGroup, Intent, TextArea } from '@blueprintjs/core'
import type { FormEvent, ReactNode } from 'react'
import { Controller } from 'react-hook-form'
import { writableFields } from '../../../../shared/resources/index.js'
import { focusFirstError, FormCard, FormField, useResourceForm, type FormValues } from '../../components/resource-form/index.js'
import { bodySchemas } from '../../lib/form-validation.js'
import type { FieldErrors } from '../../lib/write-controllers.js'
import { useResource } from '../../lib/resource-context.js'

export interface GithubAppFormProps {
  initial: FormValues
  isNew: boolean
  busy: boolean
  serverErrors?: FieldErrors
  onSubmit: (values: FormValues) => void
  /** the spec's own refusals before the field checks (an edit's None cost center); false stops */
  precheck: (values: FormValues) => boolean
  extraActions?: ReactNode
}

const PREFIX = 'gh-'
const KEY = 'private_key'

/**
 * The GitHub app add/edit form (spec 001 §5): the registry's fields, with a 'None' cost center on the
 * edit form (refused with its own text) and the private key in a text area (a PEM key has lines),
 * always empty: the key is never read back, and an edit that leaves it empty keeps the stored one.
 */
export function GithubAppForm({ initial, isNew, busy, serverErrors, onSubmit, precheck, extraActions }: GithubAppFormProps) {
  const resource = useResource()
  const fields = writableFields(resource)
  const form = useResourceForm({ schema: bodySchemas(resource)[isNew ? 'create' : 'update'], fields, initialValues: initial, serverErrors })
  const validSubmit = form.handleSubmit(onSubmit, () => focusFirstError(form, fields, PREFIX))
  const submit = (e: FormEvent) => {
    if (!precheck(form.getValues())) return e.preventDefault()
    void validSubmit(e)
  }
  const keyError = form.formState.errors[KEY]?.message

  return (
    <FormCard onSubmit={submit} busy={busy} extraActions={extraActions}>
      {fields.map((f) =>
        f.name === KEY ? (
          <FormGroup
            key={f.name}
            label={f.label}
            labelFor={`${PREFIX}${f.name}`}
            intent={keyError ? Intent.DANGER : undefined}
            helperText={keyError || (isNew ? undefined : 'Leave empty to keep the stored key')}
          >
            <Controller
              control={form.control}
              name={KEY}
              render={({ field }) => (
                <TextArea
                  id={`${PREFIX}${f.name}`}
                  fill
                  rows={4}
                  autoComplete="off"
                  spellCheck={false}
                  intent={keyError ? Intent.DANGER : undefined}
                  value={String(field.value ?? '')}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              )}
            />
          </FormGroup>
        ) : (
          <FormField key={f.name} form={form} field={f} id={`${PREFIX}${f.name}`} withNone={!isNew && f.type === 'lookup'} />
        ),
      )}
    </FormCard>
  )
}
