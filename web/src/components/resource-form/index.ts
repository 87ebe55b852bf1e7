export { FormCard, type FormCardProps } from './form-card.js'
export { DateField } from './date-field.js'
export { FieldInput, type FieldInputProps } from './field-input.js'
export { FormField, type FormFieldProps } from './form-field.js'
export { ResourceForm, type ResourceFormProps } from './resource-form.js'
export {
  focusFirstError,
  useResourceForm,
  useSchemaForm,
  type ResourceFormApi,
  type ResourceFormOptions,
  type SchemaFormOptions,
} from './use-resource-form.js'
export { isNone, toFormValues, toPayload, type FormValues } from '../../lib/form-values.js'
export { validate } from './validate.js'
