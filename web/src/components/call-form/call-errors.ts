/**
 * A call's body checked in the browser against the very TypeBox object the upstream validates it
 * with (shared/schemas/), in the upstream's words, field by field, each named by its label.
 */
import type { TObject } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { Resolver } from 'react-hook-form'
// also registers the email format and the Unsafe kind TypeBox needs for these schemas
import { resolverResult } from '../../lib/form-validation.js'

export type CallErrors = Record<string, string>

/** a call form's values: every field is text as typed */
export type CallValues = Record<string, string>

export function callErrors(schema: TObject, body: Record<string, unknown>, labels: Record<string, string>): CallErrors {
  const errors: CallErrors = {}
  for (const error of Value.Errors(schema, body)) {
    const name = error.path.split('/')[1] ?? ''
    if (!name || errors[name]) continue
    const label = labels[name] ?? name
    const schemaOf = error.schema as { format?: string; description?: string; pattern?: string; type?: string }
    const value = error.value
    errors[name] =
      value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
        ? `${label} is required`
        : schemaOf.format === 'email'
          ? `${label} must be an email address`
          : schemaOf.description
            ? `${label} ${schemaOf.description}`
            : `${label} is not valid`
  }
  return errors
}

export interface CallCheck {
  schema: TObject
  toBody: (values: CallValues) => Record<string, unknown>
  labels: Record<string, string>
  /** a check the schema cannot say (the users' addresses), by field */
  rule?: (values: CallValues) => CallErrors
}

/** The form's errors: the model's rule, then the schema's refusals of the body the values make. */
export function checkCall({ schema, toBody, labels, rule }: CallCheck, values: CallValues): CallErrors {
  return { ...rule?.(values), ...callErrors(schema, toBody(values), labels) }
}

/** react-hook-form's resolver for a call form: the same check, in the library's shape. */
export function callResolver(check: CallCheck): Resolver<CallValues> {
  return async (values) => resolverResult(values, checkCall(check, values))
}
