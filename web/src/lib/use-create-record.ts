import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import type { ResourceDef, ResourceMessages } from '../../../shared/resources/index.js'
import { paths } from '../config/paths.js'
import { errorText } from './api-client.js'
import { isResourceKey } from './resource-api.js'
import { toastError, toastSuccess } from './toaster.js'

/**
 * The failure text of an add or edit page (spec 001 §8 'Page submit'), before the server's reason;
 * the inline table keeps the model's createFailed / updateFailed.
 */
export function pageSubmitFailed(messages: ResourceMessages, mode: 'create' | 'update'): string {
  return messages.submitFailed ?? (mode === 'create' ? messages.createFailed : messages.updateFailed)
}

/**
 * What every add form does with its answer (spec 001 §8): the model's success toast, fresh lists,
 * then the list page; or the model's failure text with the server's reason, and the form kept.
 */
export function useCreateRecord(resource: ResourceDef) {
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const [busy, setBusy] = useState(false)
  const { messages } = resource

  /** `send` writes the record; `after` runs once it exists (its failure is its own). Resolves true on success. */
  const create = async (send: () => Promise<unknown>, after?: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true)
    try {
      await send()
    } catch (err) {
      void toastError(`${pageSubmitFailed(messages, 'create')} ${errorText(err)}`)
      setBusy(false)
      return false
    }
    void toastSuccess(messages.created)
    void mutate(isResourceKey(resource))
    await after?.()
    navigate(paths.auth.resource.getHref('view', resource.key))
    return true
  }
  return { busy, create }
}
