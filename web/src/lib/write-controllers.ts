/**
 * The headless write controllers (react-admin's useCreateController & co., on SWR's useSWRMutation):
 * the one place for a write's busy state, its success and failure toasts (spec 001 §8), the
 * upstream's per-field errors (`fields`) of the last failure, and the revalidation of every cached
 * list and record of the model. Screens and the inline table only say what to send and where to go.
 *
 *   const create = useCreateController(resource, { failureText, onSuccess })
 *   const saved = await create.trigger(body)        // the answer, or undefined after a failure
 *   create.isMutating, create.fieldErrors, create.reset()
 *
 *   useUpdateController(resource).trigger({ id, values })
 *   useDeleteController(resource).trigger(id)
 */
import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { isStaleRecordText } from '../../../shared/record-versions.js'
import type { RecordAnswer } from '../../../shared/schemas/common.js'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { apiPath } from '../config/paths.js'
import { ApiError, errorText } from './api-client.js'
import { createRecord, deleteRecord, resourceCacheKeys, recordUrl, updateRecord, type Row } from './resource-api.js'
import { toastErrorWithAction, toastFailure, toastSuccess } from './toaster.js'
import { fieldErrorsOf, type FieldErrors } from './write-texts.js'

export { failureToastText, fieldErrorsOf, pageSubmitFailed, type FieldErrors } from './write-texts.js'

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

/**
 * What every controller returns; `trigger` resolves to the answer (null when the server sent no
 * body), or undefined after a failure.
 */
export interface WriteController<Arg, Answer> {
  trigger: (arg: Arg) => Promise<Answer | undefined>
  isMutating: boolean
  /** the upstream's `fields` of the last failure ({} after a success or a new trigger) */
  fieldErrors: FieldErrors
  /** the last failure, if the last write failed */
  error: ApiError | undefined
  /** forget the last failure and its field errors */
  reset: () => void
}

const asApiError = (err: unknown) => (err instanceof ApiError ? err : new ApiError(0, undefined, errorText(err)))

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  // one mutation key per model and kind: isMutating is this hook's own, the key only names the write
  const mutation = useSWRMutation(`${apiPath(resource)}#${kind}`, (_key: string, { arg }: { arg: Arg }) => send(arg), {
    throwOnError: true,
    revalidate: false,
    populateCache: false,
  })
  // Arg is generic here, so SWR cannot tell which of its trigger overloads applies: always one argument
  const swrTrigger = mutation.trigger as (arg: Arg) => Promise<Answer>
  const swrReset = mutation.reset
  const {
    failureText = defaults.failureText,
    successText = defaults.successText,
    onSuccess,
    onError,
    onReloaded,
    revalidate = true,
  } = options

  const trigger = useCallback(
    async (arg: Arg): Promise<Answer | undefined> => {
      setFieldErrors({})
      let answer: Answer
      try {
        answer = await swrTrigger(arg)
      } catch (failure) {
        const err = asApiError(failure)
        setFieldErrors(fieldErrorsOf(err))
        if (err.status === 409 && recordOf && isStaleRecordText(err.message)) {
          // someone else saved this record since it was loaded: say so, and offer its current version
          const url = recordUrl(resource, recordOf(arg))
          void toastErrorWithAction(err.message, {
            text: RELOAD_CHANGED_RECORD,
            onClick: () =>
              void mutate(resourceCacheKeys(resource))
                .then(() => mutate(url))
                .then(() => onReloaded?.()),
          })
        } else void toastFailure(failureText, err)
        onError?.(err)
        return undefined
      }
      void toastSuccess(successText)
      if (revalidate) void mutate(resourceCacheKeys(resource))
      await onSuccess?.(answer)
      // an empty answer (204) is still a success: undefined means only a failure
      return answer ?? (null as Answer)
    },
    [swrTrigger, failureText, successText, onSuccess, onError, onReloaded, revalidate, mutate, resource, recordOf],
  )
  const reset = useCallback(() => {
    swrReset()
    setFieldErrors({})
  }, [swrReset])

  return {
    trigger,
    isMutating: mutation.isMutating,
    fieldErrors,
    error: mutation.error === undefined ? undefined : asApiError(mutation.error),
    reset,
  }
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
