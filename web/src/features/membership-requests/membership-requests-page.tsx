import { H1, Icon, Intent, NonIdealState } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { BUSINESS_UNIT_LABELS } from '../../../../shared/constants.js'
import { getResource, type ModelRecord } from '../../../../shared/resources/index.js'
import { ListView } from '../../components/resource-table/index.js'
import { formatLongDate } from '../../lib/dates.js'
import { useResourceList } from '../../lib/resource-api.js'
import { useListController } from '../../lib/use-list-controller.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { ResourceProvider } from '../../lib/resource-context.js'
import '../../components/resource-table/resource-table.css'

const tickets = getResource('team_membership_tickets')

/** Spec 000 §2: the requested date in long format, completed as a tick or a cross; a business unit by its one label. */
function renderCell(name: string, row: ModelRecord<'team_membership_tickets'>): ReactNode {
  if (name === 'requested_date') return formatLongDate(row.requested_date)
  if (name === 'business_unit' && row.business_unit)
    return BUSINESS_UNIT_LABELS[row.business_unit as keyof typeof BUSINESS_UNIT_LABELS] ?? row.business_unit
  if (name === 'completed') {
    const done = row.completed === true
    return (
      <Icon
        icon={done ? 'tick' : 'cross'}
        intent={done ? Intent.SUCCESS : Intent.DANGER}
        title={done ? 'Completed' : 'Not completed'}
        aria-label={done ? 'Completed' : 'Not completed'}
      />
    )
  }
  return undefined
}

/**
 * /auth/membership-requests (spec 000 §2, §7 GET /team_membership_tickets): the registry's list of
 * membership requests, newest first, paged and sorted by the upstream; read only (spec 000 §4).
 */
export default function MembershipRequestsPage() {
  usePageTitle(tickets.messages.listTitle)
  const list = useListController(tickets)
  const answer = useResourceList(tickets, list.query)
  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">{tickets.messages.listTitle}</H1>
      </header>
      <ResourceProvider resource={tickets}>
        <ListView
          list={list}
          answer={answer}
          renderCell={renderCell}
          empty={<NonIdealState icon="inbox" title="No membership requests yet" />}
        />
      </ResourceProvider>
    </div>
  )
}
