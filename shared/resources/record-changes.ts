import { choiceFilter, defineResource, textFilter } from './define-resource.js'
import { ID_FIELD } from './types.js'

export const CHANGE_ACTIONS = ['create', 'update', 'delete'] as const
export type ChangeAction = (typeof CHANGE_ACTIONS)[number]

/** One field's values before and after the write: null where there was none (a create's from, a delete's to). */
export interface FieldChange {
  from: unknown
  to: unknown
}

/** A write-only field (a private key) that a write sent: that it was written, never its value. */
export interface HiddenChange {
  hidden: true
}

/** An entry's `changes`: the fields the write changed, by API field name. */
export type FieldChanges = Record<string, FieldChange | HiddenChange>

/** Who the demo data's entries name: the first start's seeder, not a person. */
export const DEMO_DATA_AUTHOR = 'demo data'

/**
 * The change log (issue 27 item 7): one entry per create, update and delete the upstream's generic
 * CRUD makes, and its uploads and other special writes make (issue 37, naming their route as the
 * source), written in the same transaction as the change (server/upstream/db/records/logged-writes.ts),
 * with who (the gateway's `uid`: a person's email or a script's client id), when, and the fields
 * changed from → to. A record's page lists its entries (web: resources/record-history.tsx);
 * auditors list, filter and download them here like any model. `models` are the registry's other
 * keys (index.ts passes them: this file cannot import the registry that lists it).
 */
export function recordChangesOf<const M extends string>(models: readonly M[]) {
  return defineResource({
    key: 'record_changes',
    noun: 'record change',
    readOnly: true,
    fields: [
      ID_FIELD,
      { name: 'changed_at', label: 'When', type: 'datetime', required: true, readOnly: true },
      // null when the caller named nobody (only the upstream's own tests call it so)
      { name: 'changed_by', label: 'Who', type: 'text', readOnly: true, maxLength: 254 },
      { name: 'model', label: 'Model', type: 'text', required: true, readOnly: true, maxLength: 100 },
      { name: 'record_id', label: 'Record ID', type: 'number', required: true, readOnly: true },
      { name: 'action', label: 'Action', type: 'select', options: CHANGE_ACTIONS, required: true, readOnly: true },
      // jsonb: its keys come back in the database's order (shorter first); screens order them by the model's fields
      { name: 'changes', label: 'Changes', type: 'json', required: true, readOnly: true },
      // the call that wrote it when not the record's own CRUD: an upload, an automation (its route, '/cloud_bills/upload')
      { name: 'source', label: 'Source', type: 'text', readOnly: true, maxLength: 200 },
    ],
    columns: ['changed_at', 'changed_by', 'model', 'record_id', 'action', 'changes', 'source'],
    filters: [
      { param: 'by_model', label: 'Model', field: 'model', kind: 'exact', options: ['All', ...models] },
      { param: 'by_record_id', label: 'Record ID', field: 'record_id', kind: 'exact', input: 'number' },
      textFilter('changed_by', 'Who'),
      choiceFilter('action', 'Action', CHANGE_ACTIONS),
      { param: 'by_changed_from', label: 'Changed from', field: 'changed_at', kind: 'from', input: 'date' },
      { param: 'by_changed_until', label: 'Changed until', field: 'changed_at', kind: 'until', input: 'date' },
    ],
    defaultSort: '-changed_at',
    actions: ['view'],
    csv: { prefix: 'record_changes' },
  })
}
