import { Switch } from '@blueprintjs/core'
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { dcoeMembers } from '../../../../shared/resources/dcoe-members.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import type { RecordAnswer } from '../../../../shared/schemas/common.js'
import { resourceCacheKeys, type Row } from '../../lib/resource-api.js'
import { useUpdateController } from '../../lib/write-controllers.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'
import './dcoe-members.css'

type Cached = { data: Row[] | Row } | undefined

/** The member with this id carries the new flag, in a cached list answer or record answer. */
const withBlacklist =
  (id: number, blacklist: boolean) =>
  (cached: Cached): Cached => {
    if (!cached) return cached
    if (Array.isArray(cached.data)) return { ...cached, data: cached.data.map((r) => (r.id === id ? { ...r, blacklist } : r)) }
    return cached.data.id === id ? { ...cached, data: { ...cached.data, blacklist } } : cached
  }

/** The Blacklist cell of the Members Table: toggles at once (spec 001 §4), back again if the call fails. */
export function BlacklistSwitch({ row }: { row: Row }) {
  const { mutate } = useSWRConfig()
  const [on, setOn] = useState(row.blacklist === true)
  const update = useUpdateController(dcoeMembers, {
    request: ({ id, values }) => apiRequest<RecordAnswer<Row>>('PUT', paths.api.dcoeMemberBlacklist.getHref(Number(id)), values),
    // every cached page (other filters, other sorts) shows the stored value, without asking again
    revalidate: false,
    onSuccess: (saved) =>
      void mutate(resourceCacheKeys(dcoeMembers), withBlacklist(row.id, saved.data.blacklist === true), { revalidate: false }),
    onError: () => setOn(row.blacklist === true),
  })
  const toggle = (next: boolean) => {
    setOn(next)
    void update.trigger({ id: row.id, values: { blacklist: next } })
  }
  return (
    <Permitted need={need.model(dcoeMembers, 'update')}>
      <Switch
        className="table-switch"
        checked={on}
        disabled={update.isMutating}
        aria-label={`Blacklist ${String(row.name ?? row.email ?? row.id)}`}
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
    </Permitted>
  )
}
