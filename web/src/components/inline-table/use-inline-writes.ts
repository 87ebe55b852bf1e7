import { useRef } from 'react'
import type { FieldDef, ResourceDef } from '../../../../shared/resources/index.js'
import type { RecordAnswer } from '../../../../shared/schemas/common.js'
import { paths } from '../../config/paths.js'
import { apiRequest, recordVersion, type ApiError } from '../../lib/api-client.js'
import type { ListQuery } from '../../lib/list-query.js'
import { useResourceList, type Row } from '../../lib/resource-api.js'
import { toastFailure } from '../../lib/toaster.js'
import {
  fieldErrorsOf,
  useCreateController,
  useDeleteController,
  useUpdateController,
  type FieldErrors,
} from '../../lib/write-controllers.js'
import { toPayload, type FormValues } from '../resource-form/index.js'

/** A write's outcome for the row: done, or refused with the server's messages per field. */
export type WriteResult = { ok: true } | { ok: false; fieldErrors: FieldErrors }

/**
 * The inline table's writes, through the write controllers (toasts, busy state): a save puts the
 * server's answer into the cached page instead of asking for the page again (spec 001 §4: an add
 * is prepended, an edit replaced, or prepended when the row was not on the page), a delete asks for
 * the page again. With `fetchAfterAdd`, an added record is read back and that is what is shown.
 */
export function useInlineWrites(
  resource: ResourceDef,
  query: ListQuery,
  { reloadOnDuplicate, fetchAfterAdd, onReload }: { reloadOnDuplicate?: boolean; fetchAfterAdd?: string; onReload: () => void },
) {
  const list = useResourceList(resource, query)
  // the controllers keep the last failure's fields for one form; several new rows each need their own
  const refusal = useRef<FieldErrors>({})

  /**
   * The saved row into the cached page, with its new version (its answer's ETag, as the page's
   * meta.versions names versions): a bulk action on the row then sends the version it now has.
   */
  const patchList = (saved: Row, change: (rows: Row[]) => Row[], totalDelta = 0) => {
    const version = recordVersion(paths.api.model(resource).record(saved.id))?.replace(/^W\/"(.*)"$/, '$1')
    return list.mutate(
      (cur) =>
        cur && {
          ...cur,
          data: change(cur.data),
          meta: {
            ...cur.meta,
            total: cur.meta.total + totalDelta,
            ...(version && { versions: { ...cur.meta.versions, [saved.id]: version } }),
          },
        },
      { revalidate: false },
    )
  }
  const onError = (err: ApiError) => {
    refusal.current = fieldErrorsOf(err)
  }
  /** spec 001 §7, §8: the added record as `GET <model>/<id>` answers; the add's answer if that fails */
  const readBack = async (added: Row): Promise<Row> => {
    if (!fetchAfterAdd) return added
    try {
      return (await apiRequest<RecordAnswer<Row>>('GET', paths.api.model(resource).record(added.id))).data
    } catch (err) {
      void toastFailure(fetchAfterAdd, err)
      return added
    }
  }

  const creating = useCreateController(resource, {
    flat: true,
    revalidate: false,
    onSuccess: async (saved) => {
      const row = await readBack(saved.data)
      await patchList(row, (rows) => [row, ...rows], 1)
    },
    onError: (err) => {
      onError(err)
      // spec 001 §5: a duplicate identifier says so (the toast outlives the reload) and the page reloads
      if (reloadOnDuplicate && err.status === 409) onReload()
    },
  })
  // a row saved (or deleted) over someone else's change: Reload starts the table afresh with the current rows
  const updating = useUpdateController(resource, {
    revalidate: false,
    onSuccess: (saved) =>
      patchList(saved.data, (rows) =>
        rows.some((r) => r.id === saved.data.id) ? rows.map((r) => (r.id === saved.data.id ? saved.data : r)) : [saved.data, ...rows],
      ),
    onError,
    onReloaded: onReload,
  })
  const deleting = useDeleteController(resource, { onReloaded: onReload })

  const outcome = (answer: unknown): WriteResult => (answer ? { ok: true } : { ok: false, fieldErrors: refusal.current })

  return {
    list,
    creating: creating.isMutating,
    updating: updating.isMutating,
    create: async (fields: readonly FieldDef[], values: FormValues) => outcome(await creating.trigger(toPayload(fields, values))),
    update: async (fields: readonly FieldDef[], id: number, values: FormValues) =>
      outcome(await updating.trigger({ id, values: toPayload(fields, values) })),
    remove: (row: Row) => void deleting.trigger(row.id),
  }
}
