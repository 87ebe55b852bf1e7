import { useState } from 'react'
import { NEW_ROW_ID } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { writableFields, type ResourceDef } from '../../../../shared/resources/index.js'
import { recordErrors } from '../../../../shared/rules/record-rules.js'
import type { ListQuery } from '../../lib/list-query.js'
import type { Row } from '../../lib/resource-api.js'
import { toastError } from '../../lib/toaster.js'
import { toFormValues, validate, type FormValues } from '../resource-form/index.js'
import { useInlineWrites } from './use-inline-writes.js'

/** A row being typed: a new one (id NEW_ROW_ID, spec 001 §9) or an existing one in edit mode. */
export interface Draft {
  /** React key: new rows all carry id NEW_ROW_ID */
  key: string
  id: number
  values: FormValues
  /** the values it started with: a row that still holds them has nothing to lose */
  initial: FormValues
  errors: Record<string, string>
}

/** The row holds something it did not start with (a value typed, then typed back, is no change). */
const changed = (d: Draft) => Object.keys({ ...d.initial, ...d.values }).some((k) => (d.values[k] ?? null) !== (d.initial[k] ?? null))

/** What a model adds to the generic inline table (the same rules its form follows). */
export interface InlineOptions {
  /** values that follow from an edit (a company code fills its GL accounts) */
  derive?: (name: string, values: FormValues) => FormValues
  /** values a new row starts with besides the empty ones (cost centers: Active now, spec 001 §4) */
  newValues?: () => FormValues
  /** a duplicate on an add reloads the page (spec 001 §5: cost center identifiers) */
  reloadOnDuplicate?: boolean
  /** an add reads its record back (GET <model>/<id>); the text for when that fails (spec 001 §8: cloud contacts) */
  fetchAfterAdd?: string
}

let seq = 0

/**
 * The headless inline table (spec 001 §4): new rows on top, and one row edited at a time: while a
 * new row is open no existing row can be edited, and while an existing one is, no row is added.
 */
export function useInlineEdit(resource: ResourceDef, query: ListQuery, options: InlineOptions, onReload: () => void) {
  const fields = writableFields(resource)
  const [adds, setAdds] = useState<Draft[]>([])
  const [editing, setEditing] = useState<Draft | undefined>()
  const writes = useInlineWrites(resource, query, {
    reloadOnDuplicate: options.reloadOnDuplicate,
    fetchAfterAdd: options.fetchAfterAdd,
    onReload,
  })

  const patch = (draft: Draft, change: (d: Draft) => Partial<Draft>) => {
    if (draft.id === NEW_ROW_ID) setAdds((prev) => prev.map((d) => (d.key === draft.key ? { ...d, ...change(d) } : d)))
    else setEditing((cur) => cur && { ...cur, ...change(cur) })
  }
  const dropAdd = (key: string) => setAdds((prev) => prev.filter((d) => d.key !== key))

  /** client checks first (spec 001 §5: inline forms validate before saving); false when a field is wrong */
  const checked = (draft: Draft) => {
    const isNew = draft.id === NEW_ROW_ID
    // the schema's refusals first, then the model's rules across fields (shared/rules/record-rules.ts)
    const errors = {
      ...recordErrors(resource.key, draft.values, isNew ? undefined : draft.id),
      ...validate(fields, draft.values, isNew ? 'create' : 'update'),
    }
    patch(draft, () => ({ errors }))
    return !Object.values(errors).some(Boolean)
  }
  /** the server refused: its per-field messages go under the cells they concern */
  const refused = (draft: Draft, errors: Record<string, string>) => patch(draft, () => ({ errors }))

  const add = () => {
    if (editing) return
    if (resource.singleAdd && adds.length > 0) return void toastError(MESSAGES.cancelLastAddFirst)
    const values = { ...toFormValues(fields), ...options.newValues?.() }
    setAdds((prev) => [{ key: `new-${++seq}`, id: NEW_ROW_ID, values, initial: values, errors: {} }, ...prev])
  }

  const saveAdd = async (draft: Draft) => {
    if (!checked(draft)) return
    const result = await writes.create(fields, draft.values)
    if (result.ok) dropAdd(draft.key)
    else refused(draft, result.fieldErrors)
  }

  const startEdit = (row: Row) => {
    if (editing || adds.length > 0) return
    const values = toFormValues(fields, row)
    setEditing({ key: String(row.id), id: row.id, values, initial: values, errors: {} })
  }

  const saveEdit = async () => {
    if (!editing || !checked(editing)) return
    const result = await writes.update(fields, editing.id, editing.values)
    if (result.ok) setEditing(undefined)
    else refused(editing, result.fieldErrors)
  }

  const setValue = (draft: Draft, name: string, value: FormValues[string]) =>
    patch(draft, (d) => {
      const values = { ...d.values, [name]: value }
      return { values: options.derive ? options.derive(name, values) : values, errors: { ...d.errors, [name]: '' } }
    })

  return {
    list: writes.list,
    adds,
    editing,
    /** a new row is being saved (one at a time) / the edited row is */
    creating: writes.creating,
    updating: writes.updating,
    /** a row is open: Edit and Delete elsewhere are disabled */
    rowOpen: adds.length > 0 || editing !== undefined,
    /** an open row holds a change: leaving the page asks first (issue 39 item 4: an untouched row loses nothing) */
    unsaved: adds.some(changed) || (editing !== undefined && changed(editing)),
    add,
    saveAdd: (d: Draft) => void saveAdd(d),
    cancelAdd: (d: Draft) => dropAdd(d.key),
    startEdit,
    saveEdit: () => void saveEdit(),
    cancelEdit: () => setEditing(undefined),
    remove: writes.remove,
    setValue,
  }
}
