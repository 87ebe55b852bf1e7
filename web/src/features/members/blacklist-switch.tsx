import { Switch } from '@blueprintjs/core'
import { useState } from 'react'
import { dcoeMembers } from '../../../../shared/resources/dcoe-members.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'

/** The Blacklist cell of the Members Table: toggles at once (spec 001 §4), back again if the call fails. */
export function BlacklistSwitch({ row }: { row: Row }) {
  const [on, setOn] = useState(row.blacklist === true)
  const [busy, setBusy] = useState(false)
  const toggle = async (next: boolean) => {
    setOn(next)
    setBusy(true)
    try {
      await apiRequest('PUT', paths.api.dcoeMemberBlacklist.getHref(row.id), { blacklist: next })
      void toastSuccess(dcoeMembers.messages.updated)
    } catch {
      setOn(!next)
      void toastError(dcoeMembers.messages.updateFailed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Switch
      className="table-switch"
      checked={on}
      disabled={busy}
      aria-label={`Blacklist ${String(row.name ?? row.email ?? row.id)}`}
      onChange={(e) => void toggle(e.currentTarget.checked)}
    />
  )
}
