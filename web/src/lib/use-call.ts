/**
 * The web's one write path (on SWR's useSWRMutation): a write's busy state, its success and failure
 * toasts (spec 001 §8), the upstream's per-field errors (`fields`) of the last failure, and the
 * revalidation of the cached reads it changes. The model's controllers (write-controllers.ts) are
 * this hook with the model's texts; a declared call of shared/calls (a report, a link) is
 * useDeclaredCall, its input and answer typed from the call's declaration, as refine's
 * useCustomMutation; an upload, whose request is the gateway's multipart form, uses useCall directly.
 *
 *   const send = useDeclaredCall('costCenters', 'sendReport', { successText, failureText })
 *   const answer = await send.trigger({ body: { cost_center: { send_to } } })   // undefined after a failure
 *   send.isMutating, send.fieldErrors, send.error, send.reset()
 */
import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { declarationOf, type CallAnswer, type CallDomainName, type CallInput, type CallNameOf } from '../../../shared/calls/index.js'
import { declaredPath } from '../config/paths.js'
import { ApiError, apiRequest, errorText } from './api-client.js'
import { toastFailure, toastSuccess } from './toaster.js'
import { fieldErrorsOf, type FieldErrors } from './write-texts.js'

export interface CallOptions<Arg, Answer> {
  /** the success toast (none when left out); a function when the text says what was done, or which of a form's calls */
  successText?: string | ((answer: Answer, arg: Arg) => string)
  /** the failure toast's text, before the server's reason; left out: the reason alone (spec 001 §8) */
  failureText?: string | ((arg: Arg) => string | undefined)
  /**
   * a failure the screen shows itself instead of the toast (a refused address under its field, the
   * 409's Reload toast): return true when it did
   */
  showsFailure?: (err: ApiError, arg: Arg) => boolean
  /** after the success toast and the revalidation (navigate, close a dialog, patch a cached page) */
  onSuccess?: (answer: Answer, arg: Arg) => void | Promise<unknown>
  /** after the failure toast (reload a list on a duplicate, close a question) */
  onError?: (err: ApiError, arg: Arg) => void
  /** the cached reads the write changes, revalidated after success (SWR's key filter) */
  revalidate?: (key: unknown) => boolean
}

/** What a write returns; `trigger` resolves to the answer (null when the server sent no body), or undefined after a failure. */
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

export const asApiError = (err: unknown) => (err instanceof ApiError ? err : new ApiError(0, undefined, errorText(err)))

/** `key` names the write (its busy state is this hook's own); `send` makes the request. */
export function useCall<Arg, Answer>(
  key: string,
  send: (arg: Arg) => Promise<Answer>,
  options: CallOptions<Arg, Answer> = {},
): WriteController<Arg, Answer> {
  const { mutate } = useSWRConfig()
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const mutation = useSWRMutation(key, (_key: string, { arg }: { arg: Arg }) => send(arg), {
    throwOnError: true,
    revalidate: false,
    populateCache: false,
  })
  // Arg is generic here, so SWR cannot tell which of its trigger overloads applies: always one argument
  const swrTrigger = mutation.trigger as (arg: Arg) => Promise<Answer>
  const swrReset = mutation.reset
  const { successText, failureText, showsFailure, onSuccess, onError, revalidate } = options

  const trigger = useCallback(
    async (arg: Arg): Promise<Answer | undefined> => {
      setFieldErrors({})
      let answer: Answer
      try {
        answer = await swrTrigger(arg)
      } catch (failure) {
        const err = asApiError(failure)
        setFieldErrors(fieldErrorsOf(err))
        if (!showsFailure?.(err, arg)) void toastFailure(typeof failureText === 'function' ? failureText(arg) : failureText, err)
        onError?.(err, arg)
        return undefined
      }
      const success = typeof successText === 'function' ? successText(answer, arg) : successText
      if (success) void toastSuccess(success)
      if (revalidate) void mutate(revalidate)
      await onSuccess?.(answer, arg)
      // an empty answer (204) is still a success: undefined means only a failure
      return answer ?? (null as Answer)
    },
    [swrTrigger, failureText, successText, showsFailure, onSuccess, onError, revalidate, mutate],
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

/**
 * The request one declared call is (bulletproof-react's per-call function): its method and path
 * from shared/calls, its path's ids and query filled from `params` and `query`, `body` sent as JSON.
 * A body, query or answer unlike the declaration's fails tsc.
 */
export function declaredRequest<D extends CallDomainName, N extends CallNameOf<D>>(domain: D, name: N) {
  const { method } = declarationOf(domain, name)
  const path = declaredPath(domain, name)
  return (input: CallInput<D, N>): Promise<CallAnswer<D, N>> => {
    // each part is typed by the declaration at the call site; here they are only passed on
    type Values = Readonly<Record<string, string | number | boolean | undefined>>
    const { params, query, body } = input as { params?: Values; query?: Values; body?: unknown }
    return apiRequest<CallAnswer<D, N>>(method, path.getHref({ ...params, ...query }), body)
  }
}

/** useCall of one declared call: `trigger`'s input and its answer are the declaration's. */
export function useDeclaredCall<D extends CallDomainName, N extends CallNameOf<D>>(
  domain: D,
  name: N,
  options: CallOptions<CallInput<D, N>, CallAnswer<D, N>> = {},
): WriteController<CallInput<D, N>, CallAnswer<D, N>> {
  return useCall(`${domain}.${name}`, declaredRequest(domain, name), options)
}
