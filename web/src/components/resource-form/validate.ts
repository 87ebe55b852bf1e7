import type { FieldDef } from '../../../../shared/resources/index.js'
import { resourceBodySchemas } from '../../../../shared/schemas/resource-body.js'
import type { FormValues } from '../../lib/form-values.js'
import { validateForm, type FormErrors } from '../../lib/form-validation.js'

const byFields = new WeakMap<readonly FieldDef[], ReturnType<typeof resourceBodySchemas>>()

/**
 * The errors of some fields' values (rows of the inline table), by the upstream's schema of those
 * fields; `mode` 'create' requires the required ones. Forms use useResourceForm instead.
 */
export function validate(fields: readonly FieldDef[], values: FormValues, mode: 'create' | 'update' = 'create'): FormErrors {
  let schemas = byFields.get(fields)
  if (!schemas) {
    schemas = resourceBodySchemas({ fields })
    byFields.set(fields, schemas)
  }
  return validateForm(schemas[mode], fields, values)
}
