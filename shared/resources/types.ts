/**
 * The resource registry's vocabulary. Each model of the spec is declared once with these types;
 * the upstream (SQL, validation), the gateway (allowlist, CSV) and the web (routes, tables, forms)
 * all read the same declaration.
 */

export type FieldType =
  | 'text'
  | 'email'
  | 'number'
  | 'boolean'
  | 'date' // a calendar day, sent as yyyy-MM-dd
  | 'datetime' // an instant, sent as ISO 8601
  | 'select' // one of `options`
  | 'lookup' // the id of a row of another model (`lookup.model`)
  | 'richtext'
  | 'list' // a list of texts the API carries as JSON text ('["a","b"]'; spec 000 §7 terms_to_ignore, sfdc_ids)
  | 'json' // a JSON object the upstream writes itself (a change's fields, from → to): read-only, never sorted by index

export interface LookupDef {
  /** the registry key of the referenced model */
  model: string
  /** the referenced model's field shown to people */
  labelField: string
  /**
   * a write may name the row by its label instead of its id, resolved by the upstream (spec 001 §7
   * names a Copilot user's `cost_center`: scripts send the cost center's identifier): in the lookup's
   * own field, or, when the id is not sent, in the field that shows its label (withLabel: a cost
   * center's cloud_contact_email)
   */
  byLabel?: true
}

export interface FieldDef {
  /** the API name and the SQL column name */
  name: string
  label: string
  type: FieldType
  required?: boolean
  /** set by the server (ids, joins, timestamps): shown, never written */
  readOnly?: boolean
  /** accepted on write, never returned (private keys) */
  writeOnly?: boolean
  /** the upstream refuses a second row with the same value */
  unique?: boolean
  maxLength?: number
  /**
   * a list of texts kept and answered as one text, its items joined by this (Microsoft approvals'
   * assigned_to, ', '): a write may send the list itself, a JSON array of texts (spec 001 §3)
   */
  joinedList?: string
  /** a number field's bounds (amounts: signed, with decimals); unset: any number */
  range?: { min: number; max: number }
  options?: readonly string[]
  /** how a select's stored values read to people (cloud parents' 'AwsCloudParent' → 'AWS'); unset: as stored */
  optionLabels?: Readonly<Record<string, string>>
  /** an amount: the field of the same record that names its currency; shown with it and two decimals */
  currency?: string
  /** the day the record stops being valid: once it is before today, the record reads as Expired */
  expiry?: true
  /** a date the person may empty again on a form (spec 001 §4: a cost center's expiry date can be cleared) */
  clearable?: true
  lookup?: LookupDef
  /**
   * The spec's own words for this field's refusals (spec 000 §5), from shared/messages, in place of
   * '<Label> is required': `required` when it is missing or empty (a list: no item at all),
   * `itemRequired` when an item of a list is empty. The upstream answers them; the forms show the same.
   */
  texts?: { required: string; itemRequired?: string }
  /**
   * the value a new record's form starts with; its migration's column default is the same, for a
   * write that leaves the field out (a budget's thresholds: '80, 100')
   */
  default?: string
  /** the input's placeholder on forms and inline rows (spec 001 §5: the cloud contact's company email) */
  placeholder?: string
  /**
   * A read-only field computed from a lookup: `via` names the lookup field of this model,
   * `column` the column of the referenced model's table.
   */
  join?: { via: string; column: string }
}

/**
 * 'from' and 'until': a date field on or after, on or before the day given (both days count);
 * 'differs': rows that differ (true) or agree (false) with their reference row (the model's
 * `comparison`; its field is the comparison's `idField`)
 */
export type FilterKind = 'text' | 'exact' | 'createdWithin' | 'from' | 'until' | 'differs'

export interface FilterDef {
  /** query parameter: `by_<something>`, or the name a spec call gives it (cloud bills' key, startDate, endDate) */
  param: string
  label: string
  /** the field it filters on */
  field: string
  kind: FilterKind
  /** for select-like filters: the choices ('All' or empty means no filter); with `lookup`, choices after its names */
  options?: readonly string[]
  /** how the choices read (the field's optionLabels); unset: as sent */
  optionLabels?: Readonly<Record<string, string>>
  /** a select whose choices are another model's rows: the value sent is `lookup.labelField` */
  lookup?: LookupDef
  /** a query parameter only, not in the filter row (the lookup search of a model's label field) */
  hidden?: boolean
  /** the search box's placeholder (cloud bills' reference: 'Invoice Num') @default 'Search <label>' */
  placeholder?: string
  /**
   * a box instead of a select: 'date' for one calendar day (an exact filter on a date field, or a
   * from/until bound), sent as yyyy-MM-dd; 'number' for one number typed whole (a record's id)
   */
  input?: 'date' | 'number'
  /**
   * a text search run among the column's distinct values (lowercased) in this table, kept by the
   * model's migration, then matched by the (lower(column), id) index: for a column with a few
   * thousand values over a million rows (cloud bills' invoice numbers, migration 030)
   */
  terms?: string
}

/**
 * A reference model a model's records are checked against (spec 001 §2: a survey answer against the
 * cloud parent with the same identifier). Records of such a model carry `mismatches`: the names of
 * the compared fields whose value differs from the reference row's (none when there is no such row).
 */
export interface ComparisonDef {
  /** the registry key of the reference model */
  model: string
  /** the field of this model and the reference model's field that pair them (case aside) */
  match: { field: string; other: string }
  /** this model's field → the reference model's field it should equal, or that field and how its values read here */
  fields: Readonly<Record<string, string | { other: string; values: Readonly<Record<string, string>> }>>
  /** a read-only field of this model that answers the reference row's id (null when there is none) */
  idField?: string
  /** what a differing cell says to people: 'Differs from the cloud parent' */
  hint: string
}

export type CsvColumn = string | { header: string; field: string }

export type Action = 'view' | 'create' | 'edit' | 'crud'

/** Writes the upstream API takes for a model (spec §7), whatever screens exist. */
export type Write = 'create' | 'update' | 'delete'

/** A CSV of the list filtered on `param=value` (spec 001 §2: the cost centers whose owner is terminated). */
export interface CsvSubset {
  param: string
  value: string
  prefix: string
}

export interface ResourceMessages {
  /** page titles */
  listTitle: string
  createTitle: string
  editTitle: string
  /**
   * the model's name in menus and home cards when the list title does not tell it apart (dcoe
   * members: 'CODE Members', beside the CCoE 'Members'); unset: the list title without 'Table'
   */
  menuLabel?: string
  /** button/link that goes to the create page */
  addLabel: string
  /** toasts */
  created: string
  updated: string
  deleted: string
  /** the inline table's failed add and update (spec 001 §8 'Add' / 'Update') */
  createFailed: string
  updateFailed: string
  /**
   * A failed add or edit page (spec 001 §8 'Page submit'); `null` where the spec gives the model no
   * page text: its pages then show `createFailed` / `updateFailed`. The server's reason follows.
   */
  submitFailed: string | null
  deleteConfirm: string
  editConfirm: string
  /** the 409 text for a duplicate unique value (`{value}` stands for it); unset: `<Label> "<value>" already exists` */
  duplicate?: string
}

export interface ResourceDef<K extends string = string, F extends readonly FieldDef[] = readonly FieldDef[]> {
  /** the spec's snake_case model name, as in /auth/view/<key> */
  key: K
  /** one record in words: 'cost center' (counts: '1 cost center', '25 cost centers') @default 'record' */
  noun?: string
  /** path on the upstream API, without leading slash (dcoe models: 'dcoe/members') */
  path: string
  /** SQL table */
  table: string
  /** the body key some writes wrap the record in ({cost_center: {...}}); flat bodies are accepted too */
  bodyKey: string
  fields: F
  /** field names shown as list columns, in order */
  columns: readonly string[]
  /**
   * the field that names a record to people, where the first list column that could is no name (a
   * cloud parent's first is its cloud, 'AwsCloudParent'; its account's name names it) @default that column
   */
  labelField?: string
  filters: readonly FilterDef[]
  /** default list order: a field name, '-' prefix for descending */
  defaultSort: string
  /** which /auth/<action>/<key> screens exist; edit means /auth/edit/<key>/<id> */
  actions: readonly Action[]
  /** the API writes, when they differ from what the screens imply (see `allowedWrites`) */
  writes?: readonly Write[]
  /**
   * Rows the upstream writes itself, never a client (the change log, record-changes.ts): its API
   * serves reads only, whatever token calls it, so the trail cannot be rewritten through it.
   */
  readOnly?: true
  /**
   * CSV download: file `<prefix>_<ISO timestamp>.csv`; a column is a field name, or a header naming a
   * field @default columns: the list's columns. A subset is the CSV filtered on one value of a filter,
   * offered as a file of its own prefix.
   */
  csv?: { prefix: string; columns?: readonly CsvColumn[]; subsets?: readonly CsvSubset[] }
  /** records are checked against a reference model: they carry `mismatches` */
  comparison?: ComparisonDef
  /** the inline table (/auth/crud) allows one unsaved new row at a time (spec 001 §4, cloud contacts) */
  singleAdd?: boolean
  messages: ResourceMessages
}

export const ID_FIELD = { name: 'id', label: 'ID', type: 'number', readOnly: true } as const satisfies FieldDef
export const CREATED_AT_FIELD = {
  name: 'created_at',
  label: 'Created',
  type: 'datetime',
  readOnly: true,
} as const satisfies FieldDef

/** Departments and business units: a unique name and its abbreviation (spec 001 §3). */
export const NAME_ABBREVIATION_FIELDS = [
  ID_FIELD,
  { name: 'name', label: 'Name', type: 'text', required: true, unique: true, maxLength: 200 },
  { name: 'abbreviation', label: 'Abbreviation', type: 'text', maxLength: 50 },
  CREATED_AT_FIELD,
] as const satisfies readonly FieldDef[]
