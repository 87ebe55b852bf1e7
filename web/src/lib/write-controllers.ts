/**
 * The headless write controllers of a registry model (react-admin's useCreateController & co.): the
 * one write path (useCall: busy state, toasts, field errors) with the model's texts, the
 * revalidation of every cached list and record of the model, and the 409's Reload. Screens and the
 * inline table only say what to send and where to go.
 *
 *   const create = useCreateController(resource, { failureText, onSuccess })
 *   const saved = await create.trigger(body)        // the answer, or undefined after a failure
 *   create.isMutating, create.fieldErrors, create.reset()
 *
 *   useUpdateController(resource).trigger({ id, values })
 *   useDeleteController(resource).trigger(id)
 */
import { useCallback, useMemo } from 'react'
import { useSWRConfig } from 'swr'
import { isStaleRecordText } from '../../../shared/record-versions.js'
import type { RecordAnswer } from '../../../shared/schemas/common.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { paths } from '../config/paths.js'
import type { ApiError } from './api-client.js'
import { createRecord, deleteRecord, resourceCacheKeys, updateRecord, type Row } from './resource-api.js'
import { toastErrorWithAction } from './toaster.js'
import { useCall, type WriteController } from './use-call.js'

export { failureToastText, fieldErrorsOf, pageSubmitFailed, type FieldErrors } from './write-texts.js'
export { useCall, type CallOptions, type WriteController } from './use-call.js'

export interface WriteOptions<Answer> {
  /**
   * The failure toast's text, before the server's reason. Defaults: the model's createFailed /
   * updateFailed (the inline table's texts); pages pass `pageSubmitFailed(...)`; deletes show the
   * server's error text alone (spec 001 §8).
   */
  failureText?: string
  /** the success toast; defaults to the model's created / updated / deleted text */
  successText?: string
  /** after the success toast and the revalidation (navigate, file a ticket, patch a cached page) */
  onSuccess?: (answer: Answer) => void | Promise<unknown>
  /** after the failure toast (reload a list on a duplicate, close a question) */
  onError?: (err: ApiError) => void
  /** a failure the screen answers itself instead of the toast (an unknown cost center owner): true when it did */
  showsFailure?: (err: ApiError) => boolean
  /** revalidate every cached list and record of the model after success @default true */
  revalidate?: boolean
  /** after Reload on a save refused as stale (409) has fetched the record again: show it (reset the form) */
  onReloaded?: () => void
}

export interface CreateOptions extends WriteOptions<RecordAnswer<Row>> {
  /** the inline add sends the record itself rather than {<bodyKey>: record} (spec 001 §7) */
  flat?: boolean
  /** another request for the same create (POST cloud_contacts/by_email) */
  request?: (values: Record<string, unknown>) => Promise<RecordAnswer<Row>>
}

export interface UpdateArg {
  id: number | string
  values: Record<string, unknown>
}

export interface UpdateOptions extends WriteOptions<RecordAnswer<Row>> {
  /** another request for the same update (PUT {blacklist}) */
  request?: (arg: UpdateArg) => Promise<RecordAnswer<Row>>
}

export type DeleteOptions = WriteOptions<unknown>

// stable (module level): they are dependencies of the controllers' trigger
const idOfUpdate = (arg: UpdateArg) => arg.id
const idOfDelete = (id: number | string) => id

/** The button of the 409 toast: what the person sees on a save over someone else's change. */
export const RELOAD_CHANGED_RECORD = 'Reload'

function useWriteController<Arg, Answer>(
  resource: ResourceDef,
  kind: 'create' | 'update' | 'delete',
  send: (arg: Arg) => Promise<Answer>,
  defaults: { successText: string; failureText: string | undefined },
  options: WriteOptions<Answer>,
  /** the record a write of `arg` changes, to reload it when the write was refused as stale (409) */
  recordOf?: (arg: Arg) => number | string,
): WriteController<Arg, Answer> {
  const { mutate } = useSWRConfig()
  const {
    failureText = defaults.failureText,
    successText = defaults.successText,
    onSuccess,
    onError,
    onReloaded,
    showsFailure,
    revalidate = true,
  } = options
  const cached = useMemo(() => (revalidate ? resourceCacheKeys(resource) : undefined), [resource, revalidate])
  const showsItself = useCallback(
    (err: ApiError, arg: Arg) => {
      if (!(err.status === 409 && recordOf && isStaleRecordText(err.message))) return showsFailure?.(err) === true
      // someone else saved this record since it was loaded: say so, and offer its current version
      const url = paths.api.model(resource).record(recordOf(arg))
      void toastErrorWithAction(err.message, {
        text: RELOAD_CHANGED_RECORD,
        onClick: () =>
          void mutate(resourceCacheKeys(resource))
            .then(() => mutate(url))
            .then(() => onReloaded?.()),
      })
      return true
    },
    [resource, recordOf, mutate, onReloaded, showsFailure],
  )
  // one key per model and kind: isMutating is this hook's own, the key only names the write
  return useCall<Arg, Answer>(`${paths.api.model(resource).path}#${kind}`, send, {
    successText,
    failureText,
    showsFailure: showsItself,
    onSuccess,
    onError,
    revalidate: cached,
  })
}

/** POST a new record of the model (or `options.request`). */
export function useCreateController(resource: ResourceDef, options: CreateOptions = {}) {
  const { flat = false, request = (values) => createRecord(resource, values, flat) } = options
  return useCreateRequest(resource, request, options)
}

/** A create by a request whose answer is not the record (an upload's counts): the same toasts and revalidation. */
export function useCreateRequest<Answer>(
  resource: ResourceDef,
  request: (values: Record<string, unknown>) => Promise<Answer>,
  options: WriteOptions<Answer> = {},
) {
  return useWriteController<Record<string, unknown>, Answer>(
    resource,
    'create',
    request,
    { successText: resource.messages.created, failureText: resource.messages.createFailed },
    options,
  )
}

/** PUT a record of the model by id. */
export function useUpdateController(resource: ResourceDef, options: UpdateOptions = {}) {
  const { request } = options
  return useWriteController<UpdateArg, RecordAnswer<Row>>(
    resource,
    'update',
    (arg) => (request ? request(arg) : updateRecord(resource, arg.id, arg.values)),
    { successText: resource.messages.updated, failureText: resource.messages.updateFailed },
    options,
    idOfUpdate,
  )
}

/** DELETE a record of the model by id; a failure shows the server's error text (spec 001 §8). */
export function useDeleteController(resource: ResourceDef, options: DeleteOptions = {}) {
  return useWriteController<number | string, unknown>(
    resource,
    'delete',
    (id) => deleteRecord(resource, id),
    { successText: resource.messages.deleted, failureText: undefined },
    options,
    idOfDelete,
  )
}
