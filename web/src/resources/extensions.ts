import type { ComponentType, ReactNode } from 'react'
import type { Action, FieldDef, ResourceDef, ResourceKey } from '../../../shared/resources/index.js'
import type { FormValues, ResourceFormApi } from '../components/resource-form/index.js'
import type { ApiError } from '../lib/api-client.js'
import type { ListLayout } from '../components/resource-table/index.js'
import type { ListQuery } from '../lib/list-query.js'
import type { Row } from '../lib/resource-api.js'

/**
 * What a model with special behaviour adds to, or replaces in, the generic screens. The app's
 * override map (app/resource-overrides.tsx) assembles these from the feature modules, so a
 * feature never copies a generic screen and the generic screens never import a feature.
 */
export interface ResourceExtensions {
  /** whole screens that replace the generic ones; `notFound` is the app's page for a record the upstream does not have */
  screens?: Partial<Record<Action, ComponentType<{ modelId?: string; notFound: ReactNode }>>>
  /** the model whose add form the list's add button opens, when not its own (spec 000 §2: /auth/create/members) */
  addModel?: ResourceKey
  /** more buttons in the list header (Send Inventory Report, Upload…), given the list's query */
  listActions?: ComponentType<{ query: ListQuery }>
  /** more links beside the inline table's Add a row and CSV download (the terminated-owners CSV) */
  inlineActions?: ComponentType
  /**
   * the inline table reads an added record back (GET <model>/<id>) and shows what that answers;
   * this is the failure text when the read fails (spec 001 §8: cloud contacts)
   */
  fetchAfterAdd?: string
  /** how the list shows until the person picks, where the inferred layout reads worse @default defaultLayout */
  initialLayout?: ListLayout
  /** a cell instead of the plain value (a toggle); undefined keeps the value */
  renderCell?: (name: string, row: Row) => ReactNode
  /** the row's Edit is a link beside its Actions menu (spec 001 §2: the FAQs' edit link per row) */
  editLink?: true
  /** a panel of the record page below the record's fields, given the record (a cost center's spend) */
  recordPanel?: ComponentType<{ row: Row }>
  /** the list's own per-row actions instead of the generic View/Edit/Delete menu */
  rowActions?: ComponentType<{ row: Row }>
  /** generic forms and inline rows: values that follow from an edit (company code → GL accounts) */
  derive?: (name: string, values: FormValues) => FormValues
  /** inline add rows and the create form: values a new record starts with besides the empty ones (cost centers: Active now) */
  newValues?: () => FormValues
  /** the inline table reloads the page on a duplicate add (spec 001 §5: cost center identifiers) */
  reloadOnDuplicate?: boolean
  /** the generic create form asks before saving, as the edit form does */
  confirmCreate?: boolean

  // The create and edit pages keep the record's loading, the confirm, the save, its toasts and the
  // 409's Reload; a model changes what its form shows and sends with these (react-admin's <Create> and
  // <Edit>: the form's inputs as children, `transform`, the mutation's onError).
  /** the fields the form holds and checks, in order, instead of the writable ones (cost centers: the owner's email for its id) */
  formFields?: (resource: ResourceDef) => FieldDef[]
  /** the form's inputs instead of one per field (cost centers: the replacement and backup each behind a checkbox) */
  formInputs?: ComponentType<FormInputsProps>
  /** values the form holds beside its fields', from the stored record on edit (cost centers: whether a replacement is set) */
  formValues?: (record?: Row) => FormValues
  /**
   * checked on Submit before the form's own checks: a text refuses the submit, shown as a toast
   * (spec 001 §5: an edit's None department has its own text, not the required field's)
   */
  beforeSubmit?: (values: FormValues, mode: FormMode) => string | undefined
  /** the write's body from the fields' payload and the form's values, before it is sent (react-admin's `transform`) */
  transform?: (body: Record<string, unknown>, values: FormValues) => Record<string, unknown>
  /**
   * a hook of the create and edit pages (it may read the route and the app's state): a refused save
   * the model answers itself, and values kept from the form's last visit (spec 001 §5: an owner who is
   * no cloud contact yet → the contact form, and back to the cost center as it was left)
   */
  useRefusedSave?: () => RefusedSave
}

/** Which page a form is on. */
export type FormMode = 'create' | 'edit'

export interface FormInputsProps {
  form: ResourceFormApi
  /** the form's fields (formFields) */
  fields: readonly FieldDef[]
  mode: FormMode
}

export interface RefusedSave {
  /** the values the form starts from instead, once (the person left it and comes back) */
  keptValues?: FormValues
  /** answers the refusal of a save of `values` when it is the model's: the text shown instead of the failure toast */
  answer: (err: ApiError, values: FormValues) => string | undefined
}
