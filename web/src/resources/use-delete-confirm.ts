import { useState } from 'react'
import type { ResourceDef } from '../../../shared/resources/index.js'
import type { Row } from '../lib/resource-api.js'
import { useDeleteController } from '../lib/write-controllers.js'

/**
 * 'Sure to delete?' for one row: ask(row) opens it, confirm() deletes through the delete controller
 * (toasts, revalidation). The question closes once the answer is in, failed or not: the failure
 * toast says what went wrong, and an open question would only invite the same click again.
 */
export function useDeleteConfirm(resource: ResourceDef) {
  const [target, setTarget] = useState<Row | undefined>()
  const remove = useDeleteController(resource, { onSuccess: () => setTarget(undefined), onError: () => setTarget(undefined) })

  const confirm = async () => {
    if (target) await remove.trigger(target.id)
  }

  return { target, busy: remove.isMutating, ask: setTarget, cancel: () => setTarget(undefined), confirm }
}
