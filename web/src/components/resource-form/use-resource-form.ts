import type { TObject } from '@sinclair/typebox'
import { useEffect, useMemo } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form'
import type { FieldDef } from '../../../../shared/resources/index.js'
import type { FormValues } from '../../lib/form-values.js'
import { typeboxResolver, type FormRule } from '../../lib/form-validation.js'
import type { FieldErrors } from '../../lib/write-texts.js'

export interface SchemaFormOptions<V extends FieldValues> {
  defaultValues: DefaultValues<V>
  /** the form's one check (form-validation.ts: typeboxResolver for a model, schemaResolver for a call) */
  resolver: Resolver<V>
  /** the upstream's `fields` of the last failed write (the write's fieldErrors): shown under their fields */
  serverErrors?: FieldErrors
}

/**
 * Every form's state: react-hook-form, checked with the upstream's TypeBox schema on submit and,
 * after a first submit, on every change; the server's field errors join the form's own until the
 * field changes.
 */
export function useSchemaForm<V extends FieldValues>({ defaultValues, resolver, serverErrors }: SchemaFormOptions<V>): UseFormReturn<V> {
  const form = useForm<V, unknown, V>({ defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' })
  const { setError } = form
  // by content: a caller may rebuild the same errors on every render
  const serverKey = JSON.stringify(serverErrors ?? {})
  useEffect(() => {
    for (const [name, message] of Object.entries(JSON.parse(serverKey) as FieldErrors)) {
      setError(name as Path<V>, { type: 'server', message }, { shouldFocus: false })
    }
  }, [serverKey, setError])
  return form
}

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

/** A registry model's form: the form core over the model's fields and write schema. */
export function useResourceForm({ schema, fields, initialValues, serverErrors, rule }: ResourceFormOptions): ResourceFormApi {
  const resolver = useMemo(() => typeboxResolver(schema, fields, rule), [schema, fields, rule])
  return useSchemaForm({ defaultValues: initialValues, resolver, serverErrors })
}

/** Focus the first field (in form order) that has an error: its input carries the id `${prefix}${name}`. */
export function focusFirstError(form: ResourceFormApi, fields: readonly FieldDef[], prefix: string) {
  const errors = form.formState.errors
  const first = fields.find((f) => errors[f.name])
  if (first) document.getElementById(`${prefix}${first.name}`)?.focus()
}
