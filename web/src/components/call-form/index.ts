export { CallForm, type CallAction, type CallFieldDef, type CallFormProps, type ChoiceGroup } from './call-form.js'
export { callErrors, callResolver, checkCall, type CallErrors, type CallValues } from './call-errors.js'
