export { CallForm, type CallAction, type CallFieldDef, type CallFormProps, type CallValues, type ChoiceGroup } from './call-form.js'
