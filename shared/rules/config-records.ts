/**
 * Spec 000 §4, §5: the checks of a config record (a missing-tags report config, a customer) as a
 * person types: the name is required and not another record's in any case; the list has at least
 * one value and no empty value. The upstream refuses the same bodies with the registry's schema (a
 * required name, the text-list pattern) and its unique index on the name in any case; these are the
 * spec's texts for each case, said before anything is sent. Pure, so a unit test covers every text.
 */
import { MESSAGES } from '../messages.js'
import { nameTaken } from './names.js'

export interface ConfigRecordTexts {
  nameRequired: string
  listRequired: string
  valueRequired: string
  /** with `{value}` where the name goes */
  nameExists: string
}

export const MISSING_TAGS_TEXTS: ConfigRecordTexts = {
  nameRequired: MESSAGES.printMessageRequired,
  listRequired: MESSAGES.termRequired,
  valueRequired: MESSAGES.termValueRequired,
  nameExists: MESSAGES.printMessageExists,
}

export const CUSTOMER_TEXTS: ConfigRecordTexts = {
  nameRequired: MESSAGES.customerNameRequired,
  listRequired: MESSAGES.sfdcIdRequired,
  valueRequired: MESSAGES.sfdcIdValueRequired,
  nameExists: MESSAGES.customerNameExists,
}

/** A config record as its editor holds it: the name and the list's values, untrimmed. */
export interface ConfigRecordDraft {
  name: string
  values: string[]
}

export interface ConfigRecordErrors {
  name?: string
  list?: string
  /** by the value's index */
  values: Record<number, string>
}

/** `takenNames`: the other records' names (a record's own name is not a duplicate of itself). */
export function configRecordErrors(draft: ConfigRecordDraft, takenNames: readonly string[], texts: ConfigRecordTexts): ConfigRecordErrors {
  const name = draft.name.trim()
  const errors: ConfigRecordErrors = { values: {} }
  if (!name) errors.name = texts.nameRequired
  else if (nameTaken(name, takenNames)) errors.name = texts.nameExists.replace('{value}', name)
  if (draft.values.length === 0) errors.list = texts.listRequired
  draft.values.forEach((v, i) => {
    if (!v.trim()) errors.values[i] = texts.valueRequired
  })
  return errors
}
