import type { ComponentType, ReactNode } from 'react'
import type { Action, ResourceKey } from '../../../shared/resources/index.js'
import type { FormValues } from '../components/resource-form/index.js'
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
  /** the list's own per-row actions instead of the generic View/Edit/Delete menu */
  rowActions?: ComponentType<{ row: Row }>
  /** generic forms and inline rows: values that follow from an edit (company code → GL accounts) */
  derive?: (name: string, values: FormValues) => FormValues
  /** inline add rows: values a new record starts with besides the empty ones (cost centers: Active now) */
  newValues?: () => FormValues
  /** the inline table reloads the page on a duplicate add (spec 001 §5: cost center identifiers) */
  reloadOnDuplicate?: boolean
  /** the generic create form asks before saving, as the edit form does */
  confirmCreate?: boolean
}
