import { useState } from 'react'
import { useSWRConfig } from 'swr'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { errorText } from '../../lib/api-client.js'
import { deleteRecord, isResourceKey, type Row } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'

/** Delete with a confirmation: ask(row) opens it, confirm() deletes, toasts and revalidates. */
export function useDeleteRecord(resource: ResourceDef) {
  const { mutate } = useSWRConfig()
  const [target, setTarget] = useState<Row | undefined>()
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    if (!target) return
    setBusy(true)
    try {
      await deleteRecord(resource, target.id)
      setTarget(undefined)
      void toastSuccess(resource.messages.deleted)
      await mutate(isResourceKey(resource))
    } catch (err) {
      // spec 001 §8: delete failures show the server's error text
      void toastError(errorText(err))
    } finally {
      setBusy(false)
    }
  }

  return { target, busy, ask: setTarget, cancel: () => setTarget(undefined), confirm }
}
