import { useState } from 'react'
import { NEW_ROW_ID } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { writableFields, type ResourceDef } from '../../../../shared/resources/index.js'
import { ApiError, errorText } from '../../lib/api-client.js'
import { createRecord, deleteRecord, updateRecord, useResourceList, type Row } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import type { ListQuery } from '../../lib/resource-api.js'
import { toFormValues, toPayload, validate, type FormValues } from '../resource-form/index.js'

/** A row being typed: a new one (id NEW_ROW_ID, spec 001 §9) or an existing one in edit mode. */
export interface Draft {
  /** React key: new rows all carry id NEW_ROW_ID */
  key: string
  id: number
  values: FormValues
  errors: Record<string, string>
  busy: boolean
}

let seq = 0

/**
 * The headless inline table (spec 001 §4): new rows on top, at most one existing row in edit mode,
 * saves that put the server's answer into the cached list page, deletes that drop the row.
 */
export function useInlineEdit(resource: ResourceDef, query: ListQuery) {
  const list = useResourceList(resource, query)
  const fields = writableFields(resource)
  const [adds, setAdds] = useState<Draft[]>([])
  const [editing, setEditing] = useState<Draft | undefined>()
  const { messages } = resource

  const patchAdd = (key: string, change: Partial<Draft>) =>
    setAdds((prev) => prev.map((d) => (d.key === key ? { ...d, ...change } : d)))
  const dropAdd = (key: string) => setAdds((prev) => prev.filter((d) => d.key !== key))

  /** the page in the cache changes at once; the server is asked again only after a delete */
  const patchList = (change: (rows: Row[]) => Row[], totalDelta = 0) =>
    list.mutate((cur) => (cur ? { ...cur, data: change(cur.data), meta: { ...cur.meta, total: cur.meta.total + totalDelta } } : cur), {
      revalidate: false,
    })

  const failed = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && err.status === 409 && resource.fields.some((f) => f.name === 'identifier')) {
      void toastError(MESSAGES.duplicateIdentifier)
      void list.mutate()
    } else void toastError(`${fallback} ${errorText(err)}`)
  }

  const checked = (draft: Draft) => {
    const errors = validate(fields, draft.values)
    return Object.values(errors).some(Boolean) ? errors : undefined
  }

  const add = () => {
    if (resource.singleAdd && adds.length > 0) return void toastError(MESSAGES.cancelLastAddFirst)
    const draft = { key: `new-${++seq}`, id: NEW_ROW_ID, values: toFormValues(fields), errors: {}, busy: false }
    setAdds((prev) => [draft, ...prev])
  }

  const saveAdd = async (draft: Draft) => {
    const errors = checked(draft)
    if (errors) return patchAdd(draft.key, { errors })
    patchAdd(draft.key, { busy: true, errors: {} })
    try {
      const saved = await createRecord(resource, toPayload(fields, draft.values), true)
      dropAdd(draft.key)
      await patchList((rows) => [saved.data, ...rows], 1)
      void toastSuccess(messages.created)
    } catch (err) {
      patchAdd(draft.key, { busy: false })
      failed(err, messages.createFailed)
    }
  }

  const startEdit = (row: Row) =>
    setEditing({ key: String(row.id), id: row.id, values: toFormValues(fields, row), errors: {}, busy: false })

  const saveEdit = async () => {
    if (!editing) return
    const errors = checked(editing)
    if (errors) return setEditing({ ...editing, errors })
    setEditing({ ...editing, busy: true, errors: {} })
    try {
      const saved = await updateRecord(resource, editing.id, toPayload(fields, editing.values))
      await patchList((rows) => rows.map((r) => (r.id === saved.data.id ? saved.data : r)))
      setEditing(undefined)
      void toastSuccess(messages.updated)
    } catch (err) {
      setEditing((cur) => cur && { ...cur, busy: false })
      failed(err, messages.updateFailed)
    }
  }

  const remove = async (row: Row) => {
    try {
      await deleteRecord(resource, row.id)
      await patchList((rows) => rows.filter((r) => r.id !== row.id), -1)
      void toastSuccess(messages.deleted)
      void list.mutate()
    } catch (err) {
      // spec 001 §8: delete failures show the server's error text
      void toastError(errorText(err))
    }
  }

  const setValue = (draft: Draft, name: string, value: FormValues[string]) => {
    const change = { values: { ...draft.values, [name]: value }, errors: { ...draft.errors, [name]: '' } }
    if (draft.id === NEW_ROW_ID) patchAdd(draft.key, change)
    else setEditing((cur) => cur && { ...cur, ...change })
  }

  return {
    list,
    adds,
    editing,
    add,
    saveAdd: (d: Draft) => void saveAdd(d),
    cancelAdd: (d: Draft) => dropAdd(d.key),
    startEdit,
    saveEdit: () => void saveEdit(),
    cancelEdit: () => setEditing(undefined),
    remove: (row: Row) => void remove(row),
    setValue,
  }
}
