import { MESSAGES } from '../messages.js'
import type { FieldDef, FilterDef, LookupDef, ResourceDef, ResourceMessages } from './types.js'

/**
 * What a model file states: only what is special to it. `defineResource` fills the rest with the
 * house defaults (table and path = key, body key = the key's singular, the formulaic texts of
 * spec 001 §8 built from the model's noun, a maxLength on every text field).
 */
export interface ResourceSpec<K extends string, F extends readonly FieldDef[]> extends Omit<
  ResourceDef<K, F>,
  'path' | 'table' | 'bodyKey' | 'filters' | 'messages' | 'columns' | 'labelField' | 'defaultSort' | 'csv' | 'fields'
> {
  /** a join's `via` is one of the model's own lookup fields */
  fields: F & NoInfer<readonly (FieldDef & { join?: { via: LookupName<F> } })[]>
  path?: string
  table?: string
  bodyKey?: string
  // the names below are the model's own fields: a mistyped one fails the type check, not a test
  columns: readonly NoInfer<FieldName<F>>[]
  labelField?: NoInfer<FieldName<F>>
  defaultSort: NoInfer<FieldName<F> | `-${FieldName<F>}`>
  filters?: readonly (FilterDef & { field: NoInfer<FieldName<F>> })[]
  csv?: Omit<NonNullable<ResourceDef['csv']>, 'columns'> & {
    columns?: readonly NoInfer<FieldName<F> | { header: string; field: FieldName<F> }>[]
  }
  /** the model's name inside sentences: 'cost center' ('Your new cost center has been added!') */
  noun: string
  /** @default the noun in title case: in page titles ('Add New Cost Center') */
  title?: string
  /** @default title + 's': the list title ('Cost Centers Table') */
  pluralTitle?: string
  /** the texts that are not the formula */
  messages?: Partial<ResourceMessages>
}

/** Text columns without a declared limit still have one: nothing unbounded reaches a table cell. */
export const DEFAULT_MAX_LENGTH = { text: 255, email: 254, richtext: 100_000, list: 10_000 } as const

const titleCase = (words: string) => words.replace(/\b\w/g, (c) => c.toUpperCase())

/** 'cost_centers' → 'cost_center', 'companies' → 'company' */
export const singularKey = (key: string) => (key.endsWith('ies') ? `${key.slice(0, -3)}y` : key.replace(/s$/, ''))

export function formulaicMessages(noun: string, title: string, pluralTitle: string): ResourceMessages {
  return {
    listTitle: `${pluralTitle} Table`,
    createTitle: `Add New ${title}`,
    editTitle: `Edit ${title}`,
    addLabel: `Add New ${title}`,
    created: `Your new ${noun} has been added!`,
    updated: `Your ${noun} has been updated!`,
    deleted: `The ${noun} has been deleted!`,
    createFailed: `There was a problem adding this ${noun} record. Please try again.`,
    updateFailed: `There was a problem updating this ${noun} record. Please try again.`,
    submitFailed: null,
    deleteConfirm: MESSAGES.sureToDelete,
    editConfirm: 'Are you sure you want to save these changes?',
  }
}

function withMaxLength<F extends FieldDef>(field: F): F {
  if (field.readOnly || field.maxLength !== undefined || !(field.type in DEFAULT_MAX_LENGTH)) return field
  return { ...field, maxLength: DEFAULT_MAX_LENGTH[field.type as keyof typeof DEFAULT_MAX_LENGTH] }
}

/**
 * `fields.map(f)` typed as the tuple it was given: `f` answers each field as its own type, which
 * Array.map's typing (an array of the fields' union) cannot express.
 */
function mapFields<F extends readonly FieldDef[]>(fields: F, f: <T extends FieldDef>(field: T) => T): F
function mapFields(fields: readonly FieldDef[], f: (field: FieldDef) => FieldDef): readonly FieldDef[] {
  return fields.map(f)
}

/** The names of a model's fields. */
export type FieldName<F extends readonly FieldDef[]> = F[number]['name']
/** The names of a model's lookup fields, the ones a join goes through. */
type LookupName<F extends readonly FieldDef[]> = Extract<F[number], { type: 'lookup' }>['name']

export function defineResource<const K extends string, const F extends readonly FieldDef[]>(spec: ResourceSpec<K, F>): ResourceDef<K, F> {
  const { noun, title = titleCase(noun), pluralTitle = `${title}s`, messages, ...rest } = spec
  return {
    ...rest,
    noun,
    path: spec.path ?? spec.key,
    table: spec.table ?? spec.key,
    bodyKey: spec.bodyKey ?? singularKey(spec.key),
    filters: spec.filters ?? [],
    fields: mapFields(spec.fields, withMaxLength),
    messages: { ...formulaicMessages(noun, title, pluralTitle), ...messages },
  }
}

type ValueOf<F extends FieldDef> = F extends { type: 'number' | 'lookup' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'select'; options: readonly (infer O)[] }
      ? O
      : F extends { type: 'json' }
        ? Record<string, unknown>
        : string

/** The record a model's API answers with: its readable fields, nullable unless required. */
export type RecordOf<R extends { fields: readonly FieldDef[] }> = {
  [F in R['fields'][number] as F extends { writeOnly: true } ? never : F['name']]: F extends { required: true } | { name: 'id' }
    ? ValueOf<F>
    : ValueOf<F> | null
}

/**
 * A lookup and the read-only field that shows what it points at (the list's column, the CSV's cell):
 * `...withLabel({ name: 'departments_id', …, lookup: { model: 'departments', labelField: 'name' } }, 'department_name')`.
 */
export function withLabel<const L extends FieldDef & { lookup: LookupDef }, const S extends string>(
  field: L,
  shown: S,
  { label = field.label, type = 'text' }: { label?: string; type?: 'text' | 'email' } = {},
) {
  // typed as the lookup's own name, not the string its constraint says, so the model's join check sees it
  const via: L['name'] = field.name
  const display = { name: shown, label, type, readOnly: true, join: { via, column: field.lookup.labelField } } as const
  return [field, display] as const
}

const OWNER_FIELD = {
  name: 'cloud_contact_id',
  label: 'Owner',
  type: 'lookup',
  required: true,
  lookup: { model: 'cloud_contacts', labelField: 'email' },
} as const satisfies FieldDef

const COMPANY_FIELDS = [
  ...withLabel(
    { name: 'companies_id', label: 'Company', type: 'lookup', required: true, lookup: { model: 'companies', labelField: 'code' } },
    'company_code',
    { label: 'Company Code' },
  ),
  { name: 'aws_gl', label: 'AWS GL', type: 'text', readOnly: true, join: { via: 'companies_id', column: 'aws_gl' } },
  { name: 'gcp_gl', label: 'GCP GL', type: 'text', readOnly: true, join: { via: 'companies_id', column: 'gcp_gl' } },
  { name: 'azure_gl', label: 'Azure GL', type: 'text', readOnly: true, join: { via: 'companies_id', column: 'azure_gl' } },
] as const satisfies readonly FieldDef[]

/**
 * Cost centers and SAP cost centers: an owner (cloud contact) and a company, with its GL accounts.
 * Built with withLabel, so it lives here: types.ts, which this file's types come from, imports no value.
 */
export const OWNER_AND_COMPANY_FIELDS = [
  ...withLabel(OWNER_FIELD, 'cloud_contact_email', { type: 'email' }),
  ...COMPANY_FIELDS,
] as const satisfies readonly FieldDef[]

/**
 * The same, with an owner a write may name by email, in cloud_contact_email, instead of by id: the
 * upstream looks the contact up (spec 001 §5: the cost center form types the owner's email).
 */
export const OWNER_BY_EMAIL_AND_COMPANY_FIELDS = [
  ...withLabel({ ...OWNER_FIELD, lookup: { ...OWNER_FIELD.lookup, byLabel: true } }, 'cloud_contact_email', { type: 'email' }),
  ...COMPANY_FIELDS,
] as const satisfies readonly FieldDef[]

/** A case-insensitive substring filter on a text field: `by_<field>`. */
export function textFilter<const F extends string>(field: F, label: string) {
  return { param: `by_${field}`, label, field, kind: 'text' } as const satisfies FilterDef
}

/** A select filter on a field of known choices, 'All' first (no filter): `by_<field>`; the choices read as `optionLabels` say. */
export function choiceFilter<const F extends string, const O extends readonly string[]>(
  field: F,
  label: string,
  options: O,
  optionLabels?: Readonly<Record<string, string>>,
) {
  const filter = { param: `by_${field}`, label, field, kind: 'exact', options: ['All', ...options] } as const satisfies FilterDef
  return optionLabels ? { ...filter, optionLabels } : filter
}
