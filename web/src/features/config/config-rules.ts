/**
 * Spec 000 §4, §5: the checks of a config record (a missing-tags report config, a customer) as a
 * person types: the name is required and not another record's in any case; the list has at least one value and
 * no empty value. Pure, so a unit test covers every text.
 */
import { MESSAGES } from '../../../../shared/messages.js'
import { nameTaken } from '../../../../shared/rules/names.js'

export interface ConfigTexts {
  nameRequired: string
  listRequired: string
  valueRequired: string
  /** with `{value}` where the name goes */
  nameExists: string
}

export const MISSING_TAGS_TEXTS: ConfigTexts = {
  nameRequired: MESSAGES.printMessageRequired,
  listRequired: MESSAGES.termRequired,
  valueRequired: MESSAGES.termValueRequired,
  nameExists: MESSAGES.printMessageExists,
}

export const CUSTOMER_TEXTS: ConfigTexts = {
  nameRequired: MESSAGES.customerNameRequired,
  listRequired: MESSAGES.sfdcIdRequired,
  valueRequired: MESSAGES.sfdcIdValueRequired,
  nameExists: MESSAGES.customerNameExists,
}

export interface ConfigDraft {
  name: string
  values: string[]
}

export interface ConfigErrors {
  name?: string
  list?: string
  /** by the value's index */
  values: Record<number, string>
}

export const hasErrors = (errors: ConfigErrors) => !!errors.name || !!errors.list || Object.keys(errors.values).length > 0

/** `takenNames`: the other records' names (a record's own name is not a duplicate of itself). */
export function validateConfig(draft: ConfigDraft, takenNames: readonly string[], texts: ConfigTexts): ConfigErrors {
  const name = draft.name.trim()
  const errors: ConfigErrors = { values: {} }
  if (!name) errors.name = texts.nameRequired
  else if (nameTaken(name, takenNames)) errors.name = texts.nameExists.replace('{value}', name)
  if (draft.values.length === 0) errors.list = texts.listRequired
  draft.values.forEach((v, i) => {
    if (!v.trim()) errors.values[i] = texts.valueRequired
  })
  return errors
}
