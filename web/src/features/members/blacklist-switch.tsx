import { Switch } from '@blueprintjs/core'
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { dcoeMembers } from '../../../../shared/resources/dcoe-members.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { isResourceKey, type Row } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'

type Cached = { data: Row[] | Row } | undefined

/** The member with this id carries the new flag, in a cached list answer or record answer. */
const withBlacklist = (id: number, blacklist: boolean) => (cached: Cached): Cached => {
  if (!cached) return cached
  if (Array.isArray(cached.data)) return { ...cached, data: cached.data.map((r) => (r.id === id ? { ...r, blacklist } : r)) }
  return cached.data.id === id ? { ...cached, data: { ...cached.data, blacklist } } : cached
}

/** The Blacklist cell of the Members Table: toggles at once (spec 001 §4), back again if the call fails. */
export function BlacklistSwitch({ row }: { row: Row }) {
  const { mutate } = useSWRConfig()
  const [on, setOn] = useState(row.blacklist === true)
  const [busy, setBusy] = useState(false)
  const toggle = async (next: boolean) => {
    setOn(next)
    setBusy(true)
    try {
      await apiRequest('PUT', paths.api.dcoeMemberBlacklist.getHref(row.id), { blacklist: next })
      // every cached page (other filters, other sorts) shows the stored value when it comes back
      void mutate(isResourceKey(dcoeMembers), withBlacklist(row.id, next), { revalidate: false })
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
