export { FieldInput, type FieldInputProps } from './field-input.js'
export { ResourceForm, type ResourceFormProps } from './resource-form.js'
export { isNone, toFormValues, toPayload, validate, type FormValues } from './form-values.js'
