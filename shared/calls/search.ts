import { Type, type Static } from '@sinclair/typebox'
import { getResource, type ResourceDef, type ResourceKey } from '../resources/index.js'
import type { CallDomain } from './types.js'

/** How many records of each model one search answers: a glance, not a list (type more to narrow it). */
export const SEARCH_PER_MODEL = 5

/**
 * A model the command palette searches (issue 29 item 6), and how. A record is found by its id (the
 * text is a whole number), or by a field that identifies it: an identifier, a code, an email, a name.
 */
export interface SearchTarget {
  model: ResourceKey
  /** the field that names a record in the results */
  title: string
  /** the fields shown beside it, as its list shows them, joined by ' · ' */
  detail: readonly string[]
  /**
   * fields matched by their start, in any case ('cc00' finds 'CC0012'), in their (case-folded) order:
   * migration 049's index on each answers that from its first rows, however many records there are
   */
  prefix: readonly string[]
  /**
   * fields matched whole, in any case, by the (lower(field), id) indexes of the lists: a bill's invoice
   * number and cost center are each shared by many of a million lines, so their start finds nothing
   * that a whole value would not
   */
  exact?: readonly string[]
}

/** The models searched, in the order their groups are answered. */
export const SEARCH_TARGETS: readonly SearchTarget[] = [
  { model: 'cost_centers', title: 'identifier', detail: ['company_code', 'cloud_contact_email'], prefix: ['identifier'] },
  { model: 'cloud_contacts', title: 'email', detail: ['name'], prefix: ['email', 'name'] },
  { model: 'members', title: 'name', detail: ['email'], prefix: ['name', 'email'] },
  { model: 'companies', title: 'code', detail: ['country'], prefix: ['code'] },
  { model: 'cloud_parents', title: 'identifier', detail: ['name', 'provider_type'], prefix: ['identifier', 'name', 'email'] },
  { model: 'cloud_projects', title: 'name', detail: ['environment'], prefix: ['name'] },
  { model: 'cloud_bills', title: 'reference', detail: ['identifier', 'date', 'amount'], prefix: [], exact: ['reference', 'identifier'] },
]

/** A model's name in the results: its menu's ('Cost Centers Table' → 'Cost Centers'). */
export function searchLabel(resource: ResourceDef): string {
  return resource.messages.menuLabel ?? resource.messages.listTitle.replace(/\s+(Table|History)$/i, '')
}

/**
 * The values a found record is answered with: its detail fields, and the currency of an amount
 * among them (an amount is read with its currency, as its list shows it: 'USD 2,792.50').
 */
export function searchValueFields(target: SearchTarget): string[] {
  const resource = getResource(target.model)
  const currencies = target.detail.flatMap((name) => resource.fields.find((f) => f.name === name)?.currency ?? [])
  return [...new Set([...target.detail, ...currencies])]
}

/** Every target's model is a registry model: a renamed one fails at load, not in a search. */
for (const target of SEARCH_TARGETS) {
  const resource = getResource(target.model)
  const names = [target.title, ...searchValueFields(target), ...target.prefix, ...(target.exact ?? [])]
  const unknown = names.find((name) => !resource.fields.some((f) => f.name === name))
  if (unknown) throw new Error(`search: ${target.model} has no field '${unknown}'`)
}

export const SearchRecordSchema = Type.Object({
  id: Type.Integer(),
  /** the record's title field; null when the record has none */
  title: Type.Union([Type.String(), Type.Null()]),
  /** its detail fields' values as stored, by field name, with an amount's currency (searchValueFields) */
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
})

export const SearchAnswerSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      model: Type.String(),
      label: Type.String(),
      records: Type.Array(SearchRecordSchema),
    }),
  ),
})
export type SearchAnswer = Static<typeof SearchAnswerSchema>
export type SearchGroup = SearchAnswer['data'][number]
export type SearchRecord = Static<typeof SearchRecordSchema>

/** The command palette's search: the records of several models at once, grouped by model. */
export const searchCalls = {
  calls: {
    records: {
      method: 'GET',
      role: 'viewer',
      path: 'search',
      summary: `Records whose id, identifier, code, email or name matches q: up to ${SEARCH_PER_MODEL} per model, grouped by model`,
      description:
        'A whole number finds the record of that id. Identifiers, codes, emails and names match by their start, in any case; ' +
        'cloud bills by their whole invoice number (reference) or identifier. Models without a match are left out; an empty answer is [].',
      query: Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
      answer: SearchAnswerSchema,
    },
  },
} as const satisfies CallDomain
