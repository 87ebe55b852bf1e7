import type { TObject } from '@sinclair/typebox'
import { useEffect, useMemo } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import type { FieldDef } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../lib/form-values.js'
import { typeboxResolver, type FormRule } from '../../lib/form-validation.js'
import type { FieldErrors } from '../../lib/write-controllers.js'

export interface ResourceFormOptions {
  /** the write's TypeBox schema (bodySchemas(resource).create or .update): the upstream's own */
  schema: TObject
  /** the fields the form shows and validates */
  fields: readonly FieldDef[]
  initialValues: FormValues
  /** the upstream's `fields` of the last failed write: shown under their fields */
  serverErrors?: FieldErrors
  /** the model's rule across fields, checked with the schema */
  rule?: FormRule
}

export type ResourceFormApi = UseFormReturn<FormValues>

/**
 * Every form's state: react-hook-form, validated with the model's TypeBox schema on submit and,
 * after a first submit, on every change; the server's field errors join the form's own.
 */
export function useResourceForm({ schema, fields, initialValues, serverErrors, rule }: ResourceFormOptions): ResourceFormApi {
  const resolver = useMemo(() => typeboxResolver(schema, fields, rule), [schema, fields, rule])
  const form = useForm<FormValues>({ defaultValues: initialValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' })
  const { setError } = form
  // by content: a caller may rebuild the same errors on every render
  const serverKey = JSON.stringify(serverErrors ?? {})
  useEffect(() => {
    for (const [name, message] of Object.entries(JSON.parse(serverKey) as FieldErrors)) {
      setError(name, { type: 'server', message }, { shouldFocus: false })
    }
  }, [serverKey, setError])
  return form
}

/** Focus the first field (in form order) that has an error: its input carries the id `${prefix}${name}`. */
export function focusFirstError(form: ResourceFormApi, fields: readonly FieldDef[], prefix: string) {
  const errors = form.formState.errors
  const first = fields.find((f) => errors[f.name])
  if (first) document.getElementById(`${prefix}${first.name}`)?.focus()
}
