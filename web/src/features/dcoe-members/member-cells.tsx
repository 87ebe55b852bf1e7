import { Button, Classes, Icon, Tooltip } from '@blueprintjs/core'
import { Link } from 'wouter'
import { dcoeMembers } from '../../../../shared/resources/dcoe-members.js'
import { departmentShown } from '../../../../shared/rules/members.js'
import { Permitted } from '../../components/permitted/index.js'
import { paths } from '../../config/paths.js'
import { need, useAccess } from '../../lib/access.js'
import type { Row } from '../../lib/resource-api.js'
import { SelfServiceLinkButton } from './self-service-link.js'
import '../../components/resource-table/resource-table.css'
import '../../components/inline-table/inline-table.css'

const updating = need.model(dcoeMembers, 'update')

/** The Department cell of the Members Table: the typed department beside Other (issue 39 item 14). */
export function MemberDepartment({ row }: { row: Row }) {
  const text = departmentShown(row)
  return (
    <span className="cell-text" title={text}>
      {text}
    </span>
  )
}

/** Edit, an icon as the self-service link is: eight columns and their actions fit a 1400 px window. */
function EditLink({ row }: { row: Row }) {
  const access = useAccess()
  const label = `Edit ${String(row.name ?? row.email ?? row.id)}`
  // a role that may not edit is told why instead of what the link is
  if (!access.can(updating))
    return (
      <Permitted need={updating}>
        <Button size="small" variant="minimal" icon="edit" aria-label={label} />
      </Permitted>
    )
  return (
    <Tooltip content="Edit" placement="left">
      <Link
        href={paths.auth.resource.getHref('edit', dcoeMembers.key, row.id)}
        className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
        aria-label={label}
      >
        <Icon icon="edit" />
      </Link>
    </Tooltip>
  )
}

/** A member's row actions: Edit (spec 000 §4's edit mode: team and lists, issue 39 item 3), then the self-service link. */
export function DcoeMemberActions({ row }: { row: Row }) {
  return (
    <div className="inline-row__actions">
      <EditLink row={row} />
      <SelfServiceLinkButton row={row} />
    </div>
  )
}
