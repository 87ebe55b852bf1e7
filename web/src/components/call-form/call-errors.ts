/**
 * A call's body checked in the browser against the very TypeBox object the upstream validates it
 * with (shared/schemas/), in the upstream's words, field by field, each named by its label.
 */
import type { TObject } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
// registers the email format and the Unsafe kind TypeBox needs for these schemas
import '../../lib/form-validation.js'

export type CallErrors = Record<string, string>

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
