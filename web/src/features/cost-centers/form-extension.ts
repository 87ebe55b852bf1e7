import type { ResourceExtensions } from '../../resources/extensions.js'
import { formFields, noneRefusal, optionalFlags, withoutUnchecked } from './cost-center-values.js'
import { useUnknownOwner } from './unknown-owner.js'

/**
 * The cost center add and edit forms (spec 001 §4, §5) as the generic pages with these, besides their
 * inputs (CostCenterInputs, in the feature's chunk): loaded with the app, as a page's hook cannot
 * wait for a chunk. Both forms ask before saving.
 */
export const costCenterForm = {
  formFields,
  formValues: optionalFlags,
  beforeSubmit: noneRefusal,
  transform: withoutUnchecked,
  useRefusedSave: useUnknownOwner,
  confirmCreate: true,
} satisfies ResourceExtensions
